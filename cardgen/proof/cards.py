"""Numbered cards with an ability (both Game of Trains packs) read back from their SVGs.

Each ``cards/<stem>.svg`` must be a drawing cardgen writes (nothing hidden or restyled), of the
card size ``pack.json`` records, showing its number four times (large and in the corner
index, each upright and turned) and its ability twice as a label and twice as a code, all
bold and all agreeing. A wild card (§10) shows ``WILD`` and its ``W`` index instead, once
upright and once turned, and no number or ability; with several packs combined (§7) every
face shows its pack's letter upright and turned, and each pack's back (``back-A.svg`` …) its
letter. The printed items (``rules.got.printed``) say which file holds what. When the folder was
written by this very cardgen version, every SVG (and the other files) must also be byte for
byte what it draws for the pack (``proof.rebuilt``: builds are deterministic).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.files import is_litter
from cardgen.layout.shapes import Typeface
from cardgen.manifest import MANIFEST
from cardgen.proof.sheets import role_name
from cardgen.proof.svg import SvgDoc, SvgText, read_svg, size_problem
from cardgen.rules.got.printed import Item, Shown, expected
from cardgen.rules.shared import Card, CardLike, HasCode, Violation, capped, span
from cardgen.units import shown

CARD_ROLES = ("number", "index-number", "ability", "index-ability")  # each once upright, once turned
WILD_ROLES = ("wild", "index-wild")  # a wild card's, instead
MAX_REPORTED = 40  # per kind of problem; the rest are summed up in one line naming their cards
TEXT_LIMIT = 64_000_000  # pack.csv, rules.html
# a card's file stem: its pack's mark (several packs), then its number or W and the wild's
_STEM = re.compile(r"^(?:([A-Z])-)?(?:([0-9]+)|W([0-9]+))$")

Key = tuple[str, str, int]  # (mark, "card" or "wild", number)


def is_number(text: str) -> bool:
    """ASCII digits only: ``"²³".isdigit()`` is true, but int() refuses it."""
    return text.isascii() and text.isdigit()


def back_stem(mark: str) -> str:
    """The file stem of a pack's back: ``back`` for a pack alone, ``back-A`` … for several."""
    return f"back-{mark}" if mark else "back"


def item_key(item: Item[Any]) -> Key:
    return (item.mark, "wild", item.wild) if item.card is None else (item.mark, "card", item.card.number)


def stem_key(stem: str) -> Key | None:
    """What a file stem names (``A-012``, ``W01``, ``012``), or None when it names no card."""
    m = _STEM.match(stem)
    if not m:
        return None
    mark, number, wild = m.groups()
    return (mark or "", "card", int(number)) if number is not None else (mark or "", "wild", int(wild))


def _twice(doc: SvgDoc, role: str) -> str | None:
    """Why the texts of ``role`` are not once upright and once turned, bold, at one size."""
    texts = doc.role(role)
    name = role_name(texts[0]) if texts else role
    if sorted(t.rotate for t in texts) != [0, 180]:
        return f"{doc.name} shows its {name} {len(texts)} times: wanted once upright and once turned"
    thin = [t for t in texts if not t.bold]
    if thin:
        return f"{doc.name}: its {role_name(thin[0])} is not bold"
    sizes = {round(t.size, 3) for t in texts}
    if len(sizes) != 1:
        listed = ", ".join(f"{s:g}mm" for s in sorted(sizes))
        return f"{doc.name}: its {name} is set at different sizes upright and turned ({listed})"
    return None


def _mark(doc: SvgDoc) -> str | None:
    """The pack mark a face shows ('' for none), or None when its marks disagree (``_twice`` says how)."""
    texts: list[SvgText] = doc.role("pack-mark")
    if not texts:
        return ""
    letters = {t.text for t in texts}
    return letters.pop() if len(letters) == 1 and _twice(doc, "pack-mark") is None else None


def card_from_svg(doc: SvgDoc, parse: Callable[[str], HasCode]) -> tuple[int, HasCode] | str:
    """(number, ability) from one card SVG, or a message saying what is wrong with it."""
    for role in CARD_ROLES:
        why = _twice(doc, role)
        if why:
            return why
    numbers = {t.text for t in doc.role("number") + doc.role("index-number")}
    labels = {t.text for t in doc.role("ability")}
    codes = {t.text for t in doc.role("index-ability")}
    if len(numbers) != 1:
        return f"{doc.name} shows numbers {', '.join(sorted(numbers))}: wanted one number"
    number = next(iter(numbers))
    if not is_number(number) or len(number) > 9:
        return f"{doc.name}: its number {shown(number)} is not a card number"
    try:
        found = {parse(t) for t in labels | codes}
    except CardgenError as e:
        return f"{doc.name}: {e}"
    if len(found) != 1 or len(labels) != 1 or len(codes) != 1:
        return f"card {int(number)} shows different abilities on one face ({', '.join(sorted(labels | codes))})"
    return int(number), found.pop()


def face_from_svg(doc: SvgDoc, parse: Callable[[str], HasCode]) -> Shown | str:
    """What one face SVG shows (a card or a wild, and its pack mark), or what is wrong with it."""
    mark = _mark(doc)
    if mark is None:
        return _twice(doc, "pack-mark") or f"{doc.name} shows different pack marks"
    wild = [r for r in WILD_ROLES if doc.role(r)]
    if wild:
        card = [r for r in CARD_ROLES if doc.role(r)]
        if card:
            return f"{doc.name} shows both a wild card's {wild[0]} and a card's {card[0].replace('-', ' ')}"
        for role in WILD_ROLES:
            why = _twice(doc, role)
            if why:
                return why
        words = {t.text for r in WILD_ROLES for t in doc.role(r)}
        if words != {"W", "WILD"}:
            return f"{doc.name} shows {', '.join(sorted(words))}: a wild card shows W and WILD"
        return Shown(None, mark)
    got = card_from_svg(doc, parse)
    return got if isinstance(got, str) else Shown(Card(*got), mark)


def title_problem(doc: SvgDoc, title: str) -> str | None:
    """Why the titles on ``doc`` are not the manifest's ``title`` (to follow "the title on
    card N"). The layout may wrap a title onto lines and cut it with "…": the upright lines,
    read top to bottom, must spell the title (spaces aside) or its beginning, and the turned
    lines must repeat them."""
    upright = sorted((t for t in doc.role("title") if t.rotate == 0), key=lambda t: t.y)
    turned = sorted(t.text for t in doc.role("title") if t.rotate != 0)
    seen = " ".join(t.text for t in upright)
    if not title:
        return f"reads {shown(seen, 40)}, but {MANIFEST} records none" if doc.role("title") else None
    if not upright:
        return f"is missing, but {MANIFEST} records {shown(title, 40)}"
    got, want = "".join(seen.split()), "".join(title.split())
    if got != want and not (got.endswith("…") and len(got) > 1 and want.startswith(got[:-1])):
        return f"reads {shown(seen, 40)}, but {MANIFEST} records {shown(title, 40)}"
    if turned != sorted(t.text for t in upright):
        return f"reads {shown(seen, 40)} upright but {shown(' '.join(turned), 40)} turned"
    return None


def _differs(got: Shown, item: Item[Any], doc: SvgDoc) -> str | None:
    """How the face ``got`` differs from what ``item`` must be, as far as the file goes (its
    ability is the pack check's: ``order`` names a card out of place)."""
    if item.card is None and got.card is not None:
        return f"{doc.name} shows card {got.card.number}, not a wild card"
    if item.card is not None and got.card is None:
        return f"{doc.name} shows a wild card, not card {item.card.number}"
    if item.card is not None and got.card is not None and got.card.number != item.card.number:
        return f"{doc.name} holds card {got.card.number}"
    if got.mark != item.mark:
        if not item.mark:
            return f"{doc.name} shows pack mark {got.mark}, but this is one pack"
        return f"{doc.name} shows {f'pack mark {got.mark}' if got.mark else 'no pack mark'}, wanted {item.mark}"
    return None


@dataclass
class SvgCards:
    """What the card SVGs hold, once every one has been read (``CardSvgs.finish``): the faces
    they show, not the drawings (``CardSvgs.reference`` hands each out as it is read)."""

    count: int  # files read as drawings
    faces: list[Shown]  # every face that could be read, in the files' order
    flagged: set[str]  # file stems already reported
    shows: dict[str, Shown]  # the face each readable file shows
    backs: dict[str, SvgDoc]  # by pack mark ('' for a pack alone)
    back_data: dict[str, bytes]

    @property
    def cards(self) -> list[CardLike]:
        """The numbered cards read, of every pack."""
        return [f.card for f in self.faces if f.card is not None]


def _numbers_of(items: Sequence[Item[Any]]) -> str:
    """``cards 13–18``, ``card 3 of pack B``, ``wilds W01, W02 of pack A``, … joined."""
    groups: dict[tuple[str, bool], list[Item[Any]]] = {}
    for i in items:
        groups.setdefault((i.mark, i.card is None), []).append(i)
    parts = []
    for (mark, wild), group in groups.items():
        if wild:
            labels = ", ".join(i.label for i in group)
            parts.append(f"wild{'s' if len(group) > 1 else ''} {labels}")
        else:
            parts.append(span([i.card.number for i in group if i.card is not None]))
        parts[-1] += f" of pack {mark}" if mark else ""
    return "; ".join(parts)


def _numbers(items: Sequence[Item[Any]]) -> tuple[int, ...]:
    return tuple(sorted({i.card.number for i in items if i.card is not None}))


KEPT = 64  # drawings ``CardSvgs.reference`` keeps at hand, for one asked for again (a sheet's)


def parsed_once(parse: Callable[[str], HasCode]) -> Callable[[str], HasCode]:
    """``parse`` with each text's answer looked up after the first: a pack's faces name a few
    hundred abilities, thousands of times, and share the very ability objects."""
    return lru_cache(maxsize=1024)(parse)


class CardSvgs:
    """The card SVGs of a folder, each read when it is first asked for (``reference``: a sheet's
    cards as the sheet is compared) and the rest by ``finish``, so that a big pack's drawings are
    never all held at once; what each file is found to hold is kept (a few values a card) and
    said by ``finish``, in the files' order, whatever order they were read in.

    Each ``cards/<stem>.svg`` is read against the printed item its file name says it is.
    ``redraw``: this version's SVG of an item, which each file must be byte for byte (a file
    that is not is flagged, so the PDF is held against the drawing instead). The backs are read
    at once (the sheets' backs are compared with them)."""

    def __init__(
        self,
        folder: Path,
        data: dict[str, Any],
        items: Sequence[Item[Any]],
        parse: Callable[[str], HasCode],
        *,
        theme: Typeface | None = None,
        redraw: Callable[[Item[Any]], bytes] | None = None,
    ) -> None:
        self.data, self.items, self.theme, self.redraw = data, items, theme, redraw
        self.parse = parsed_once(parse)
        self.card, self.bleed = (data["card_mm"][0], data["card_mm"][1]), data["bleed_mm"]
        self.found = SvgCards(0, [], set(), {}, {}, {})
        self.listed: list[Violation] = []  # what listing the folder found
        self.backs_found: list[Violation] = []
        self.files: dict[Key, list[str]] = {}  # the file names (in cards/) of each card
        self.by_key = {item_key(i): i for i in items}
        self.marks = sorted({i.mark for i in items})
        # what each file read was found to hold, by its key
        self.read: set[Key] = set()
        self.twins: dict[Key, Violation] = {}  # several files for one card
        self.problems: dict[Key, list[Violation]] = {}
        self.sizes: dict[Key, Violation] = {}
        self.titles: dict[Key, tuple[str, int]] = {}
        self.faces: dict[Key, Shown] = {}
        self.redrawn: dict[Key, Violation] = {}
        self.kept: dict[Key, SvgDoc | None] = {}
        self.cards_dir = folder / "cards"
        if not self.cards_dir.is_dir():
            self.listed.append(Violation("files", "svg: the cards folder is missing"))
            return
        backs = {back_stem(m): m for m in self.marks}
        for path in sorted(p for p in self.cards_dir.glob("*.svg") if not is_litter(p.name)):
            key = stem_key(path.stem)
            if path.stem in backs:
                continue
            if key is None:
                self.listed.append(Violation("files", f"svg: cards/{path.name} is not a file cardgen writes"))
                continue
            self.files.setdefault(key, []).append(path.name)
        _read_backs(self.cards_dir, data, backs, self.card, self.bleed, theme, self.found, self.backs_found)

    def reference(self, item: Item[Any]) -> SvgDoc | None:
        """``item``'s SVG (read now, unless it has been), when it shows what the pack has there and
        nothing was found wrong with it."""
        key = item_key(item)
        if key in self.kept:
            doc = self.kept[key]
        elif key not in self.read and key in self.files:
            doc = self._read(key)
        elif key in self.files:  # read before and let go: read again (nothing more is said of it)
            name = self.files[key][0]
            got, _ = read_svg(self.cards_dir / name, f"cards/{name}", self.theme)
            doc = got if isinstance(got, SvgDoc) else None
        else:
            return None
        self.kept[key] = doc
        if len(self.kept) > KEPT:
            del self.kept[next(iter(self.kept))]
        stem = item.stem
        if doc is not None and stem not in self.found.flagged and self.found.shows.get(stem) == expected(item):
            return doc
        return None

    def _read(self, key: Key) -> SvgDoc | None:
        """The file of ``key``'s item read and what it holds noted; the drawing, if it is one."""
        self.read.add(key)
        item, names, found = self.by_key[key], self.files[key], self.found
        n = item.card.number if item.card is not None else 0
        cards = (n,) if n else ()
        if len(names) > 1:
            self.twins[key] = Violation("files", f"svg: {', '.join(names)} are all {item.name}", cards)
        doc, raw = read_svg(self.cards_dir / names[0], f"cards/{names[0]}", self.theme)
        stem = item.stem
        problems: list[Violation] = []
        if isinstance(doc, str):
            self.problems[key] = problems
            problems.append(Violation("files", f"svg: {doc}", cards))
            found.flagged.add(stem)
            return None
        found.count += 1
        if doc.problems:
            more = f" (and {len(doc.problems) - 1} more)" if len(doc.problems) > 1 else ""
            problems.append(Violation("files", f"svg: {doc.name} has {doc.problems[0]}{more}", cards))
            found.flagged.add(stem)
        why = size_problem(doc, self.card, self.bleed)
        if why:
            self.sizes[key] = Violation("files", f"svg: {why}", cards)
            found.flagged.add(stem)
        title = title_problem(doc, self.data["title"])
        if title:
            self.titles[key] = (title, n)
            found.flagged.add(stem)
        got = face_from_svg(doc, self.parse)
        if isinstance(got, str):
            problems.append(Violation("files", f"svg: {got}", cards))
            found.flagged.add(stem)
        else:
            wrong = _differs(got, item, doc)
            if wrong:
                also = (got.card.number,) if got.card is not None and got.card.number != n else ()
                problems.append(Violation("files", f"svg: {wrong}", tuple(sorted({*cards, *also}))))
                found.flagged.add(stem)
            self.faces[key] = got
            found.shows[stem] = got
        if problems:
            self.problems[key] = problems
        if self.redraw is not None and stem not in found.flagged and raw != self.redraw(item):
            found.flagged.add(stem)
            what = f"svg: {doc.name} is not what cardgen {__version__} draws for {item.name}"
            self.redrawn[key] = Violation("files", what, cards)
        return doc

    def finish(self, out: list[Violation]) -> SvgCards:
        """Every file not read yet read; what the files hold, and everything wrong with them
        added to ``out`` (each kind in the files' order)."""
        out += self.listed
        if not self.cards_dir.is_dir():
            return self.found
        keys = sorted(k for k in self.files if k in self.by_key)
        for key in keys:
            if key not in self.read:
                self._read(key)
        self.kept.clear()
        out += [self.twins[k] for k in keys if k in self.twins]
        problems = [v for k in keys for v in self.problems.get(k, ())]
        out += capped(
            problems, MAX_REPORTED, lambda k, c: Violation("files", f"svg: and {k} more problems in {span(c)}", c)
        )
        titles: dict[str, list[int]] = {}  # one line for all the cards with the same wrong title
        for key in keys:
            if key in self.titles:
                why, n = self.titles[key]
                titles.setdefault(why, []).append(n)
        out += [
            Violation("files", f"svg: the title on {_titled(ns)} {why}", tuple(n for n in ns if n))
            for why, ns in titles.items()
        ]
        sizes = [self.sizes[k] for k in keys if k in self.sizes]
        out += capped(sizes, 3, lambda k, c: Violation("files", f"svg: and {k} more card SVGs of the wrong size", c))
        self.found.faces = [self.faces[k] for k in keys if k in self.faces]
        # the files against the printed pack pack.json describes
        items, files = self.items, self.files
        strays = sorted(k for k in files if k not in self.by_key)  # files naming a card beyond the pack
        missing = [i for i in items if item_key(i) not in files]
        if missing:
            out.append(Violation("files", f"svg: no SVG for {_numbers_of(missing)}", _numbers(missing)))
        numbered = tuple(sorted({n for mark, kind, n in strays if kind == "card"}))
        if strays and all(mark == "" and kind == "card" for mark, kind, _ in strays) and self.marks == [""]:
            size = sum(1 for i in items if i.card is not None)
            out.append(Violation("files", f"svg: SVGs for {span(numbered)}, beyond the pack's {size}", numbered))
        elif strays:
            named = ", ".join(f"cards/{files[k][0]}" for k in strays)
            out.append(Violation("files", f"svg: {named}: no such card in this pack", numbered))
        if self.data["cards"] != len(items):
            out.append(
                Violation(
                    "files", f"{MANIFEST} says {self.data['cards']} cards, but the pack it describes has {len(items)}"
                )
            )
        out += self.backs_found
        return self.found

    def redrawn_cards(self) -> list[Violation]:
        """The card SVGs found not to be what this version draws (``redraw``), in the pack's order."""
        out = [self.redrawn[k] for i in self.items if (k := item_key(i)) in self.redrawn]
        return capped(
            out, MAX_REPORTED, lambda k, c: Violation("files", f"svg: and {k} more card SVGs redrawn differently", c)
        )


def _titled(numbers: list[int]) -> str:
    cards = [n for n in numbers if n]
    wilds = len(numbers) - len(cards)
    parts = [span(cards)] if cards else []
    return " and ".join(parts + ([f"{wilds} wild card{'s' if wilds > 1 else ''}"] if wilds else []))


def _read_backs(
    cards_dir: Path,
    data: dict[str, Any],
    backs: dict[str, str],
    card: tuple[float, float],
    bleed: float,
    theme: Typeface | None,
    found: SvgCards,
    out: list[Violation],
) -> None:
    """Each pack's back (``back.svg``, or ``back-A.svg`` … for several packs): a drawing cardgen
    writes, of the card's size, showing its pack's mark upright and turned."""
    for stem, mark in backs.items():
        path = cards_dir / f"{stem}.svg"
        if not data["backs"]:
            if path.exists():
                out.append(Violation("files", f"svg: cards/{path.name} is there, but {MANIFEST} records no backs"))
            continue
        doc, raw = read_svg(path, f"cards/{path.name}", theme)
        if isinstance(doc, str):
            out.append(Violation("files", f"svg: {doc}"))
            continue
        found.backs[mark], found.back_data[mark] = doc, raw
        if doc.problems:
            out.append(Violation("files", f"svg: {doc.name} has {doc.problems[0]}"))
        why = size_problem(doc, card, bleed)
        if why:
            out.append(Violation("files", f"svg: {why}"))
        seen = _mark(doc)
        if seen != mark:
            what = "different pack marks" if seen is None else f"pack mark {seen}" if seen else "no pack mark"
            out.append(Violation("files", f"svg: {doc.name} shows {what}, wanted {mark or 'none'}"))
