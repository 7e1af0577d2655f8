"""Numbered cards with an ability (both Game of Trains products): their table, and how
a written pack of them is read back and checked.

Each ``cards/NNN.svg`` must be a drawing cardgen writes (nothing hidden or restyled), of the
card size ``pack.json`` records, showing its number four times (large and in the corner
index, each upright and turned) and its ability twice as a label and twice as a code, all
bold and all agreeing. Each card's place on the PDF's sheets must show exactly what its SVG
shows: every text with its font, size, colour and turn, and the same shapes. ``pack.csv``
must list the cards the SVGs hold, and ``pack.json`` must agree with all of them. When the
folder was written by this very cardgen version, every SVG (and the other files) must also
be byte for byte what it draws for the pack (builds are deterministic). The cards read from
the SVGs, and again from the PDF, are then checked by ``rules.check`` like any hand-made table.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.impose.sheets import SheetPlan
from cardgen.layout.shapes import Drawing, Typeface
from cardgen.options import PrintOptions
from cardgen.products import FolderCheck
from cardgen.products.deck import MANIFEST
from cardgen.products.output import read_file
from cardgen.products.pageobjects import PageObjects, TextObject, open_pages
from cardgen.products.readback import (
    PDF_LIMIT,
    PT,
    TEXT_LIMIT,
    SvgDoc,
    capped,
    card_box_problem,
    compare_slot,
    has_pictures,
    page_problems,
    paper_fits,
    parse_svg,
    pdf_damage,
    plan_from_manifest,
    read_svg,
    role_name,
    sheet_slots,
    single_pdf,
    size_problem,
)
from cardgen.rules.check import Card, CardLike, HasCode, PackSpec, Violation, check_pack, span
from cardgen.units import shown

CARD_ROLES = ("number", "index-number", "ability", "index-ability")  # each once upright, once turned
MAX_REPORTED = 40  # per kind of problem; the rest are summed up in one line naming their cards


def number_width(size: int) -> int:
    return max(3, len(str(size)))


def pack_table(cards: Sequence[CardLike]) -> bytes:
    """The pack as a ``number,ability`` CSV, the format ``cardgen check`` reads."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["number", "ability"])
    for c in cards:
        w.writerow([c.number, c.ability.code])
    return buf.getvalue().encode("utf-8")


@dataclass(frozen=True)
class Redraw:
    """What this cardgen version writes for the pack a manifest records, to compare with."""

    face: Callable[[Any], bytes]  # a card of the pack -> its SVG
    back: Callable[[], bytes] | None
    files: dict[str, Callable[[], bytes]]  # beside the cards: name -> bytes


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


def _read_pdf_card(found: dict[str, list[TextObject]], parse: Callable[[str], HasCode]) -> Card[HasCode] | None:
    """The card a slot shows, from its texts in the number and ability roles (upright large
    ones first: disagreeing copies are reported by ``compare_slot``)."""
    numbers = [" ".join(t.text.split()) for t in found.get("number", []) + found.get("index-number", [])]
    labels = [" ".join(t.text.split()) for t in found.get("ability", []) + found.get("index-ability", [])]
    return _card_from_texts(numbers, labels, parse)


def _card_from_texts(numbers: list[str], labels: list[str], parse: Callable[[str], HasCode]) -> Card[HasCode] | None:
    number = next((n for n in numbers if is_number(n) and len(n) < 10), None)
    for label in labels:
        try:
            ability = parse(label)
        except CardgenError:
            continue
        return Card(int(number), ability) if number is not None else None
    return None


Reference = Callable[[CardLike], "SvgDoc | None"]


def check_pdf(
    raw: bytes,
    name: str,
    data: dict[str, Any],
    spec: PackSpec,
    reference: Reference,
    back: SvgDoc | None,
    *,
    audit: bool = True,
) -> list[Violation]:
    """The PDF: undamaged (``audit``), its pages the sheets of the plan, each card's place showing
    what ``reference`` says the card looks like (its SVG); and the cards read from it, checked as a pack."""
    damage = pdf_damage(raw) if audit else []
    if damage:
        extra = [Violation("files", f"pdf: and {len(damage) - 5} more damaged objects")] if len(damage) > 5 else []
        return [Violation("files", f"pdf: {name} is damaged: {d}") for d in damage[:5]] + extra
    try:
        pdf = open_pages(raw)
    except CardgenError as e:
        return [Violation("files", f"pdf: {name}: {e}")]
    with pdf:
        plan = plan_from_manifest(data)
        cards = list(spec.cards())
        first = reference(cards[0]) if cards else None
        # One pass, a page at a time (a big pack's objects are never all held at once): each
        # page is compared as it is read, while the paper is right and the first card in its box.
        headers: list[PageObjects] = []  # each page without its objects, for page_problems
        misplaced: str | None = None

        def comparable() -> Iterator[PageObjects]:
            nonlocal misplaced
            fits = True
            for i in range(len(pdf)):
                page = pdf.read(i)
                headers.append(replace(page, texts=[], paths=[]))
                fits = fits and paper_fits(page, plan)
                if i == 0 and first is not None:
                    misplaced = card_box_problem(page, plan, first)
                if fits and not misplaced:
                    yield page

        slot_problems, pdf_cards = compare_sheets(comparable(), plan, data["backs"], cards, spec, reference, back)
    problems, paper_ok = page_problems(headers, plan, spec.size, data["backs"], has_pictures(data))
    out = [Violation("files", f"pdf: {name}: {p}") for p in problems]
    if plan.per_page != data["per_page"] or plan.orientation != data["orientation"]:
        out.append(
            Violation(
                "files",
                f"{MANIFEST} says {data['per_page']} cards a sheet, {data['orientation']}, but its sizes give "
                f"{plan.per_page}, {plan.orientation}",
            )
        )
    if misplaced:
        out.append(Violation("files", f"pdf: {name}: {misplaced}"))
    if not paper_ok or misplaced:
        return out  # every card would be out of place: one line says so
    out += capped(
        slot_problems,
        MAX_REPORTED,
        lambda k, c: Violation("files", f"pdf: and {k} more places on the sheets differ from their SVGs", c),
    )
    if len(pdf_cards) == len(cards):  # else the places that could not be read are named above
        out += [Violation(v.check, f"pdf: {v.message}", v.cards) for v in check_pack(spec, pdf_cards)]
    return out


def compare_sheets(
    pages: Iterable[PageObjects],
    plan: SheetPlan,
    backs: bool,
    cards: Sequence[CardLike],
    spec: PackSpec,
    reference: Reference,
    back: SvgDoc | None,
) -> tuple[list[Violation], list[Card[HasCode]]]:
    """Each card's place on the sheets against its SVG (each back's against back.svg), and the
    cards read from the fronts. ``pages`` in order, each used as it comes."""
    step = 2 if backs else 1
    height = plan.paper[1]
    sheets = plan.pages(len(cards))
    out: list[Violation] = []
    read: list[Card[HasCode]] = []
    for page in pages:
        sheet, side = divmod(page.number - 1, step)
        if sheet >= sheets:
            continue  # a page beyond the cards' sheets (page_problems counts the pages)
        chunk = cards[sheet * plan.per_page : (sheet + 1) * plan.per_page]
        if side == 1:  # the backs of the sheet before
            moved = backs_misplaced(page, plan, len(chunk))
            if moved:
                out.append(Violation("files", f"pdf: page {page.number}: {moved}", tuple(c.number for c in chunk)))
            if back is not None:
                for slot, card in zip(sheet_slots(page, plan, back=True)[0], chunk):
                    problems, _ = compare_slot(slot, back, height, placed=False)
                    if problems:
                        where = f"pdf: page {slot.page}, slot {slot.index + 1} (back of card {card.number})"
                        out.append(Violation("files", f"{where}: {'; '.join(problems[:4])}", (card.number,)))
            continue
        slots, _ = sheet_slots(page, plan)
        for slot in slots:
            where = f"pdf: page {slot.page}, slot {slot.index + 1}"
            if slot.index >= len(chunk):
                # crop marks and the sheet's caption may lie here; card text is bold
                if any(t.bold for t in slot.texts):
                    out.append(Violation("files", f"{where}: a card is drawn where no card belongs"))
                continue
            card = chunk[slot.index]
            doc = reference(card)
            if doc is not None:
                problems, texts = compare_slot(slot, doc, height)
                got = _read_pdf_card(texts, spec.parse_ability)
            else:  # its SVG is wrong (reported) and cannot be redrawn: read the bold texts alone
                problems = []
                bold = [" ".join(t.text.split()) for t in slot.texts if t.bold]
                got = _card_from_texts(
                    [t for t in bold if is_number(t)], [t for t in bold if not is_number(t)], spec.parse_ability
                )
            if got is None:
                problems.append("no card can be read there")
            else:
                read.append(got)
            if problems:
                more = f"; and {len(problems) - 4} more" if len(problems) > 4 else ""
                message = f"{where} (card {card.number}): {'; '.join(problems[:4])}{more}"
                out.append(Violation("files", message, (card.number,)))
    return out, read


BACK_TOLERANCE = 0.1  # mm: what rounding in the PDF leaves; a duplex offset worth setting is more


def backs_misplaced(page: PageObjects, plan: SheetPlan, count: int) -> str | None:
    """Why the first ``count`` backs on a backs page are not where ``plan`` puts them (mirrored
    and moved by its ``back_offset``, as ``pack.json`` records it), or None. A back is found by
    its ground: a filled box the size of the component and its bleed."""
    b = plan.bleed
    w, h = plan.card[0] + 2 * b, plan.card[1] + 2 * b
    grounds = [
        (p.box[0] / PT, plan.paper[1] - p.box[3] / PT)  # left, top in mm from the paper's top-left
        for p in page.paths
        if p.fill is not None
        and abs((p.box[2] - p.box[0]) / PT - w) <= BACK_TOLERANCE
        and abs((p.box[3] - p.box[1]) / PT - h) <= BACK_TOLERANCE
    ]
    ox, oy = plan.back_offset
    for i in range(count):
        x, y = plan.slot(i, back=True)
        want = (x - b, y - b)
        if not grounds:
            return f"no back ({w:g}×{h:g}mm) where {MANIFEST} puts back {i + 1}"
        got = min(grounds, key=lambda g: abs(g[0] - want[0]) + abs(g[1] - want[1]))
        dx, dy = got[0] - want[0], want[1] - got[1]  # right, up: as --back-offset counts
        if max(abs(dx), abs(dy)) > BACK_TOLERANCE:
            way = " and ".join(
                f"{abs(d):.2f}".rstrip("0").rstrip(".") + f"mm {name[d > 0]}"
                for d, name in ((dx, ("left", "right")), (dy, ("down", "up")))
                if abs(d) > BACK_TOLERANCE
            )
            return f"the backs are {way} of where {MANIFEST} puts them (its back offset: {ox:g},{oy:g})"
    return None


def check_numbered(
    folder: Path,
    data: dict[str, Any],
    spec: PackSpec,
    what: str,
    *,
    files: Sequence[str] = ("pack.csv",),
    redraw: Redraw | None = None,
    audit: bool = True,
    theme: Typeface | None = None,
) -> FolderCheck:
    """Every violation of the pack in ``folder``, read from its SVGs, its PDF and its other
    ``files``; with ``redraw``, also every file that differs from what this version writes
    (only when ``pack.json`` records this version: another one may draw differently); with
    ``audit``, also every damaged object of the PDF. A build checking what it has just written
    skips both: only a file that travelled can be damaged or differ from its drawing.
    ``theme``: the font of the pack's theme (its own copy), which its titles may be set in."""
    out: list[Violation] = []
    again = redraw if redraw is not None and data.get("cardgen_version") == __version__ else None
    found = read_card_svgs(folder, data, spec, out, keep_bytes=again is not None, theme=theme)
    out += [Violation(v.check, f"svg: {v.message}", v.cards) for v in check_pack(spec, found.cards)]
    if again is not None:
        out += compare_redrawn(found, spec, again, data, folder)

    def reference(card: CardLike) -> SvgDoc | None:
        """What card ``card`` must look like in the PDF: its SVG when that shows the card the pack
        has there and nothing was found wrong with it; else this version's drawing of it (so a
        wrong SVG is not blamed on the PDF); else nothing."""
        doc = found.docs.get(card.number)
        if doc is not None and card.number not in found.flagged and found.shows.get(card.number) == card:
            return doc
        if again is not None:
            drawn = parse_svg(again.face(card), doc.name if doc else f"card {card.number}", theme)
            return drawn if isinstance(drawn, SvgDoc) else None
        return None

    back = found.back
    if again is not None and again.back is not None and data["backs"] and found.back_data != again.back():
        drawn = parse_svg(again.back(), "cards/back.svg", theme)
        back = drawn if isinstance(drawn, SvgDoc) else None
    out += check_files(folder, files, found, spec)
    pdf = single_pdf(folder)
    if isinstance(pdf, Violation):
        out.append(pdf)
    else:
        try:
            raw = read_file(pdf, limit=PDF_LIMIT, what="PDF")
        except CardgenError as e:
            out.append(Violation("files", f"pdf: {e}"))
        else:
            out += check_pdf(raw, pdf.name, data, spec, reference, back, audit=audit)
    return FolderCheck(what, len(found.docs), out)


def check_pack_folder_with(
    folder: Path,
    data: dict[str, Any] | None,
    *,
    redraw: bool,
    spec_of: Callable[[dict[str, Any]], Any],
    describe: Callable[[Any], str],
    face: Callable[[Any, Any, PrintOptions], Drawing],
    back: Callable[[Any, PrintOptions], Drawing],
    handout: Callable[[Any, str], bytes],
) -> FolderCheck:
    """A linear or 2D pack folder checked (``check_numbered``) with what its product draws:
    the pack from ``spec_of(pack.json)``, its faces and back in the options and theme the
    manifest records (the theme's pictures and font are the pack's own copies), ``pack.csv``
    and ``rules.html`` (``handout``). ``redraw``: also compare every file byte for byte with
    what this version writes (the build skips that: it has just drawn them)."""
    from cardgen.products.readback import load_manifest, options_from_manifest
    from cardgen.products.theme import theme_from_manifest
    from cardgen.render import render

    data = data if data is not None else load_manifest(folder)
    spec = spec_of(data)
    opts = replace(options_from_manifest(data), theme=theme_from_manifest(data, folder))
    again = Redraw(
        face=lambda c: render("svg", [face(c, spec, opts)]),
        back=lambda: render("svg", [back(spec, opts)]),
        files={"pack.csv": lambda: pack_table(spec.cards()), "rules.html": lambda: handout(spec, opts.title)},
    )
    return check_numbered(
        folder,
        data,
        spec,
        describe(spec),
        files=("pack.csv", "rules.html"),
        redraw=again if redraw else None,
        audit=redraw,
        theme=opts.theme.font if opts.theme else None,
    )
