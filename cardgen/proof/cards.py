"""Numbered cards with an ability (both Game of Trains packs) read back from their SVGs.

Each ``cards/NNN.svg`` must be a drawing cardgen writes (nothing hidden or restyled), of the
card size ``pack.json`` records, showing its number four times (large and in the corner
index, each upright and turned) and its ability twice as a label and twice as a code, all
bold and all agreeing. ``pack.csv`` must list the cards the SVGs hold. When the folder was
written by this very cardgen version, every SVG (and the other files) must also be byte for
byte what it draws for the pack (``Redraw``: builds are deterministic).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.files import read_file
from cardgen.layout.shapes import Typeface
from cardgen.manifest import MANIFEST
from cardgen.proof.sheets import (
    role_name,
)
from cardgen.proof.svg import SvgDoc, read_svg, size_problem
from cardgen.rules.check import Card, HasCode, PackSpec, Violation, capped, span
from cardgen.units import shown

CARD_ROLES = ("number", "index-number", "ability", "index-ability")  # each once upright, once turned
MAX_REPORTED = 40  # per kind of problem; the rest are summed up in one line naming their cards
TEXT_LIMIT = 64_000_000  # pack.csv, rules.html


@dataclass(frozen=True)
class Redraw:
    """What this cardgen version writes for the pack a manifest records, to compare with."""

    face: Callable[[Any], bytes]  # a card of the pack -> its SVG
    back: Callable[[], bytes] | None
    files: dict[str, Callable[[], bytes]]  # beside the cards: name -> bytes
    pdf: Callable[[], bytes] | None = None  # the sheets


def is_number(text: str) -> bool:
    """ASCII digits only: ``"²³".isdigit()`` is true, but int() refuses it."""
    return text.isascii() and text.isdigit()


def card_from_svg(doc: SvgDoc, parse: Callable[[str], HasCode]) -> tuple[int, HasCode] | str:
    """(number, ability) from one card SVG, or a message saying what is wrong with it."""
    for role in CARD_ROLES:
        texts = doc.role(role)
        turns = sorted(t.rotate for t in texts)
        name = role_name(texts[0]) if texts else role
        if turns != [0, 180]:
            return f"{doc.name} shows its {name} {len(texts)} times: wanted once upright and once turned"
        thin = [t for t in texts if not t.bold]
        if thin:
            return f"{doc.name}: its {role_name(thin[0])} is not bold"
        sizes = {round(t.size, 3) for t in texts}
        if len(sizes) != 1:
            return f"{doc.name}: its {name} is set at different sizes upright and turned ({', '.join(f'{s:g}mm' for s in sorted(sizes))})"
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


@dataclass
class SvgCards:
    """What the card SVGs hold."""

    docs: dict[int, SvgDoc]  # by the number in the file name
    data: dict[int, bytes]
    cards: list[Card[HasCode]]
    flagged: set[int]  # file numbers already reported
    shows: dict[int, Card[HasCode]]  # the card each readable file shows
    back: SvgDoc | None
    back_data: bytes


def read_card_svgs(
    folder: Path,
    data: dict[str, Any],
    spec: PackSpec,
    out: list[Violation],
    *,
    keep_bytes: bool = True,
    theme: Typeface | None = None,
) -> SvgCards:
    """What the card SVGs hold; ``keep_bytes``: also each file's bytes (only a comparison with
    this version's drawing needs them, and a big pack's add up)."""
    card, bleed = (data["card_mm"][0], data["card_mm"][1]), data["bleed_mm"]
    found = SvgCards({}, {}, [], set(), {}, None, b"")
    cards_dir = folder / "cards"
    if not cards_dir.is_dir():
        out.append(Violation("files", "svg: the cards folder is missing"))
        return found
    files: dict[int, list[Path]] = {}
    for path in sorted(cards_dir.glob("*.svg")):
        if is_number(path.stem):
            files.setdefault(int(path.stem), []).append(path)
        elif path.name != "back.svg":
            out.append(Violation("files", f"svg: cards/{path.name} is not a file cardgen writes"))
    sizes: list[Violation] = []
    titles: dict[str, list[int]] = {}  # one line for all the cards with the same wrong title
    problems: list[Violation] = []
    for n, paths in sorted(files.items()):
        if len(paths) > 1:
            out.append(Violation("files", f"svg: {', '.join(p.name for p in paths)} are all card {n}", (n,)))
        doc, raw = read_svg(paths[0], f"cards/{paths[0].name}", theme)
        if isinstance(doc, str):
            problems.append(Violation("files", f"svg: {doc}", (n,)))
            found.flagged.add(n)
            continue
        found.docs[n] = doc
        if keep_bytes:
            found.data[n] = raw
        if doc.problems:
            more = f" (and {len(doc.problems) - 1} more)" if len(doc.problems) > 1 else ""
            problems.append(Violation("files", f"svg: {doc.name} has {doc.problems[0]}{more}", (n,)))
            found.flagged.add(n)
        why = size_problem(doc, card, bleed)
        if why:
            sizes.append(Violation("files", f"svg: {why}", (n,)))
            found.flagged.add(n)
        title = title_problem(doc, data["title"])
        if title:
            titles.setdefault(title, []).append(n)
            found.flagged.add(n)
        got = card_from_svg(doc, spec.parse_ability)
        if isinstance(got, str):
            problems.append(Violation("files", f"svg: {got}", (n,)))
            found.flagged.add(n)
            continue
        number, ability = got
        if number != n:
            problems.append(Violation("files", f"svg: {doc.name} holds card {number}", (n, number)))
            found.flagged.add(n)
        found.cards.append(Card(number, ability))
        found.shows[n] = Card(number, ability)
    out += capped(
        problems, MAX_REPORTED, lambda k, c: Violation("files", f"svg: and {k} more problems in {span(c)}", c)
    )
    out += [Violation("files", f"svg: the title on {span(ns)} {why}", tuple(ns)) for why, ns in titles.items()]
    out += capped(sizes, 3, lambda k, c: Violation("files", f"svg: and {k} more card SVGs of the wrong size", c))
    # the files against the pack pack.json describes
    wanted = set(range(1, spec.size + 1))
    missing = sorted(wanted - set(files))
    if missing:
        out.append(Violation("files", f"svg: no SVG for {span(missing)}", tuple(missing)))
    beyond = sorted(set(files) - wanted)
    if beyond:
        out.append(Violation("files", f"svg: SVGs for {span(beyond)}, beyond the pack's {spec.size}", tuple(beyond)))
    if data["cards"] != spec.size:
        out.append(
            Violation("files", f"{MANIFEST} says {data['cards']} cards, but the pack it describes has {spec.size}")
        )
    # the back
    back = cards_dir / "back.svg"
    if data["backs"]:
        doc, raw = read_svg(back, "cards/back.svg", theme)
        if isinstance(doc, str):
            out.append(Violation("files", f"svg: {doc}"))
        else:
            found.back, found.back_data = doc, raw
            if doc.problems:
                out.append(Violation("files", f"svg: {doc.name} has {doc.problems[0]}"))
            why = size_problem(doc, card, bleed)
            if why:
                out.append(Violation("files", f"svg: {why}"))
    elif back.exists():
        out.append(Violation("files", f"svg: cards/back.svg is there, but {MANIFEST} records no backs"))
    return found


def compare_redrawn(
    found: SvgCards, spec: PackSpec, redraw: Redraw, data: dict[str, Any], folder: Path
) -> list[Violation]:
    """Files that differ from what this cardgen version draws for the pack (such card SVGs are
    marked in ``found.flagged``, so the PDF is held against the drawing instead)."""
    out: list[Violation] = []
    for c in spec.cards():
        if c.number in found.data and c.number not in found.flagged and found.data[c.number] != redraw.face(c):
            found.flagged.add(c.number)
            doc = found.docs[c.number]
            out.append(
                Violation(
                    "files", f"svg: {doc.name} is not what cardgen {__version__} draws for card {c.number}", (c.number,)
                )
            )
    out = capped(
        out, MAX_REPORTED, lambda k, c: Violation("files", f"svg: and {k} more card SVGs redrawn differently", c)
    )
    if found.back is not None and redraw.back is not None and found.back_data != redraw.back():
        out.append(Violation("files", f"svg: cards/back.svg is not what cardgen {__version__} draws for this pack"))
    for name, make in redraw.files.items():
        path = folder / name
        if path.is_file():
            try:
                same = read_file(path, limit=TEXT_LIMIT, what=name) == make()
            except CardgenError:
                continue  # reported by check_files
            if not same:
                out.append(Violation("files", f"{name} is not what cardgen {__version__} writes for this pack"))
    return out


def check_files(folder: Path, names: Sequence[str], found: SvgCards, spec: PackSpec) -> list[Violation]:
    """The files beside the cards are there, and ``pack.csv`` lists the cards the SVGs hold."""
    out: list[Violation] = []
    for name in names:
        try:
            raw = read_file(folder / name, limit=TEXT_LIMIT, what=name)
        except CardgenError as e:
            out.append(Violation("files", str(e) if (folder / name).exists() else f"{name} is missing"))
            continue
        if name == "pack.csv":
            out += compare_table(raw, found.cards, spec, skip=found.flagged - set(found.shows))
    return out


def compare_table(
    raw: bytes, cards: Sequence[Card[HasCode]], spec: PackSpec, *, skip: Collection[int] = ()
) -> list[Violation]:
    """``pack.csv`` against the cards read from the SVGs, row by row (``skip``: card numbers
    whose SVG could not be read, reported already)."""
    try:
        rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    except (UnicodeDecodeError, csv.Error) as e:
        return [Violation("files", f"pack.csv cannot be read: {e}")]
    if not rows or [c.strip() for c in rows[0]] != ["number", "ability"]:
        return [Violation("files", "pack.csv does not start with its header number,ability")]
    table: dict[int, str] = {}
    out: list[Violation] = []
    for line, row in enumerate(rows[1:], 2):
        if not row:
            continue
        if len(row) != 2 or not is_number(row[0].strip()) or len(row[0].strip()) > 9:
            out.append(Violation("files", f"pack.csv line {line} is not a card: {shown(','.join(row), 40)}"))
            continue
        n = int(row[0])
        if n in table:
            out.append(Violation("files", f"pack.csv lists card {n} twice", (n,)))
        table[n] = row[1].strip()
    differ: list[Violation] = []
    for c in cards:
        if c.number not in table:
            differ.append(Violation("files", f"pack.csv has no row for card {c.number}", (c.number,)))
            continue
        said = table.pop(c.number)
        try:
            same = spec.parse_ability(said) == c.ability
        except CardgenError:
            same = False
        if not same:
            message = f"pack.csv says card {c.number} is {shown(said, 20)}, but its SVG shows {c.ability.code}"
            differ.append(Violation("files", message, (c.number,)))
    for n in sorted(set(table) - set(skip)):
        differ.append(Violation("files", f"pack.csv lists card {n}, which no card SVG holds", (n,)))
    return out + capped(differ, MAX_REPORTED, lambda k, c: Violation("files", f"pack.csv: and {k} more rows differ", c))
