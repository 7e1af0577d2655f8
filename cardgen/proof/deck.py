"""A deck of playing cards read back (``cardgen deck``): what each card's SVG and its place on
the PDF's sheets show, read by the roles of their texts (``layout.deck``).

A face is read from its corner indices, the rank over the suit, once upright and once turned,
alike: that is the card it claims to be. Everything else on it must agree: the pips (as many as
its number, each its suit's symbol) or a court's letter and suit or a Joker's word, in the
suit's colour (two or four colours, as ``pack.json`` records); and the lines at the top,
Amtrak's role for its rank and the car values it makes (``rules.amtrak.scoring``), upright and
turned. The file named for a card must show that card, each place on the sheets the card the
deck has there, and the cards read, from the SVGs and from the PDF each, are the deck's, each
exactly once (``rules.deck.check_cards``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.files import is_litter, read_file
from cardgen.impose.sheets import SheetPlan
from cardgen.layout.deck import JOKER_INKS, suit_colour
from cardgen.layout.shapes import Typeface
from cardgen.manifest import MANIFEST, plan_from_manifest
from cardgen.proof.audit import pdf_damage
from cardgen.proof.cards import title_problem
from cardgen.proof.pages import PageObjects, TextObject
from cardgen.proof.pdfread import read_pages
from cardgen.proof.sheets import (
    PDF_LIMIT,
    backs_misplaced,
    compare_slot,
    crop_mark_problems,
    has_pictures,
    page_problems,
    paper_fits,
    sheet_slots,
    single_pdf,
    turned_doc,
)
from cardgen.proof.svg import SvgDoc, read_svg, size_problem
from cardgen.rules.amtrak.scoring import card_role, value_reminder
from cardgen.rules.deck import JOKER, RANKS, SYMBOLS, PlayingCard, card_of, number_of
from cardgen.rules.shared import Violation, capped
from cardgen.units import shown

FOLDER = "cards"
BACK = "back"
MAX_REPORTED = 40  # problems of one kind (SVGs, places on the sheets); the rest in one line
_SUIT_OF = {symbol: suit for suit, symbol in SYMBOLS.items()}
_INK_OF = {colour: ink for ink, colour in JOKER_INKS.items()}


@dataclass(frozen=True)
class Mark:
    """One text of a face as read from a file: its words, its colour (``#rrggbb``), whether it is
    turned 180°."""

    text: str
    fill: str
    turned: bool


Marks = dict[str, list[Mark]]  # by role


def svg_marks(doc: SvgDoc) -> Marks:
    """A card SVG's texts, by role."""
    out: Marks = {}
    for t in doc.texts:
        out.setdefault(t.role, []).append(Mark(t.text, t.fill, t.turned))
    return out


def pdf_marks(found: dict[str, list[TextObject]]) -> Marks:
    """A place on the sheets' texts, by the role of the SVG text each stands for (``compare_slot``)."""
    return {
        role: [
            Mark(" ".join(t.text.split()), "#{:02x}{:02x}{:02x}".format(*t.fill[:3]), abs(t.angle % 360 - 180) < 1)
            for t in texts
        ]
        for role, texts in found.items()
    }


def _twice(marks: Marks, role: str, what: str) -> tuple[str, str] | str:
    """(text, colour) of a role shown once upright and once turned, alike; or what is wrong."""
    found = marks.get(role, [])
    if sorted(m.turned for m in found) != [False, True]:
        return (
            f"shows its {what} {len(found)} time{'s' if len(found) != 1 else ''}: wanted once upright and once turned"
        )
    texts, fills = {m.text for m in found}, {m.fill for m in found}
    if len(texts) != 1:
        return f"shows its {what} as {' and '.join(shown(t, 20) for t in sorted(texts))}"
    if len(fills) != 1:
        return f"colours its {what} {' and '.join(sorted(fills))}"
    return texts.pop(), fills.pop()


@dataclass
class Face:
    """What one face shows: the card its corner indices name (None when they name none), and
    every way the face disagrees with them, as (check, message)."""

    card: PlayingCard | None
    problems: list[tuple[str, str]] = field(default_factory=list)


def read_face(marks: Marks, four_colour: bool) -> Face:
    """The card a face's corner indices name, and how the rest of it disagrees with them."""
    rank = _twice(marks, "index-rank", "corner index")
    if isinstance(rank, str):
        return Face(None, [("index", rank)])
    text, colour = rank
    if text == JOKER:
        if marks.get("index-suit"):
            return Face(None, [("index", "shows a suit under JK: a Joker has none")])
        ink = _INK_OF.get(colour)
        if ink is None:
            return Face(None, [("index", f"shows a Joker in {colour}: a Joker is black or red")])
        card = PlayingCard(JOKER, ink)
    else:
        suit = _twice(marks, "index-suit", "corner suit")
        if isinstance(suit, str):
            return Face(None, [("index", suit)])
        if text not in RANKS or suit[0] not in _SUIT_OF:
            return Face(
                None, [("index", f"shows {shown(text, 10)} {shown(suit[0], 10)} in its corner: no playing card")]
            )
        card = PlayingCard(text, _SUIT_OF[suit[0]])
        if suit[1] != colour:
            return Face(card, [("index", f"colours its corner rank {colour} and its suit {suit[1]}")])
    face = Face(card)
    want = suit_colour(card, four_colour)
    if colour != want:
        face.problems.append(
            ("index", f"colours its corner index {colour}, wanted {want} ({_colour_of(card, four_colour)})")
        )
    face.problems += _middle(card, marks, want)
    face.problems += _role(card, marks)
    return face


def _colour_of(card: PlayingCard, four_colour: bool) -> str:
    if card.joker:
        return f"a {card.suit} Joker"
    return f"{card.suit}, {'four' if four_colour else 'two'} colours"


def _middle(card: PlayingCard, marks: Marks, colour: str) -> list[tuple[str, str]]:
    """How the middle of the face disagrees with ``card``: its pips, or its picture's letters."""
    out: list[tuple[str, str]] = []
    pips = marks.get("pip", [])
    wanted = {"pip": card.pips > 0, "court-rank": card.court, "court-suit": card.court, "joker": card.joker}
    for role, present in wanted.items():
        if marks.get(role) and not present:
            out.append(
                ("face", f"shows {role.replace('-', ' ')} {shown(marks[role][0].text, 12)}, which {card.name} has not")
            )
    if card.pips:
        if len(pips) != card.pips:
            out.append(
                ("face", f"shows {len(pips)} pip{'s' if len(pips) != 1 else ''}, wanted {card.pips} for {card.name}")
            )
        odd = sorted({m.text for m in pips} - {card.symbol})
        if odd:
            out.append(("face", f"shows {' '.join(odd)} among its pips, wanted {card.symbol} alone"))
    elif card.court:
        for role, what, text in (
            ("court-rank", "picture's letter", card.rank),
            ("court-suit", "picture's suit", card.symbol),
        ):
            got = _twice(marks, role, what)
            if isinstance(got, str):
                out.append(("face", got))
            elif got[0] != text:
                out.append(("face", f"shows {shown(got[0], 12)} as its {what}, wanted {text}"))
    else:
        got = _twice(marks, "joker", "word JOKER")
        if isinstance(got, str) or got[0] != "JOKER":
            out.append(("face", got if isinstance(got, str) else f"shows {shown(got[0], 12)} where a Joker says JOKER"))
    inks = sorted(
        {m.fill for role in ("pip", "court-rank", "court-suit", "joker") for m in marks.get(role, [])} - {colour}
    )
    if inks:
        out.append(("face", f"colours its middle {', '.join(inks)}, wanted {colour} like its index"))
    return out


def _role(card: PlayingCard, marks: Marks) -> list[tuple[str, str]]:
    """How the lines at the top disagree with what ``card`` is in Amtrak."""
    out: list[tuple[str, str]] = []
    for role, what, want in (
        ("role", "role", card_role(card.rank)),
        ("values", "car values", value_reminder(card.rank)),
    ):
        got = _twice(marks, role, what)
        if isinstance(got, str):
            out.append(("role", got))
        elif got[0] != want:
            out.append(("role", f"says {shown(got[0], 30)} as its {what}, wanted {shown(want, 30)} for {card.name}"))
    return out


# ---------------------------------------------------------------- the SVGs


@dataclass
class SvgDeck:
    """What the card SVGs hold."""

    docs: dict[str, SvgDoc]  # each card's, by file stem, read without a problem of its own
    cards: list[PlayingCard]  # every card read from a face
    count: int  # card files read
    back: SvgDoc | None


def _violation(check: str, message: str, card: PlayingCard | None = None) -> Violation:
    return Violation(check, message, (number_of(card),) if card is not None else ())


def read_deck_svgs(
    folder: Path, data: dict[str, Any], order: Sequence[PlayingCard], theme: Typeface | None, out: list[Violation]
) -> SvgDeck:
    """Every card SVG against the card its name says it is, and the back when backs are printed."""
    found = SvgDeck({}, [], 0, None)
    where = folder / FOLDER
    if not where.is_dir():
        out.append(Violation("files", f"svg: the {FOLDER} folder is missing"))
        return found
    card, bleed = (float(data["card_mm"][0]), float(data["card_mm"][1])), float(data["bleed_mm"])
    wanted = {c.stem: c for c in order}
    problems: list[Violation] = []
    for path in sorted(p for p in where.glob("*.svg") if not is_litter(p.name)):
        if path.stem == BACK:
            continue
        stem_card = wanted.get(path.stem)
        if stem_card is None:
            named = card_of(path.stem)
            why = f"{named.name} is not a card of this deck" if named is not None else "is not a file cardgen writes"
            out.append(Violation("files", f"svg: {FOLDER}/{path.name}: {why}"))
            continue
        found.count += 1
        doc, _ = read_svg(path, f"{FOLDER}/{path.name}", theme)
        if isinstance(doc, str):
            problems.append(_violation("files", f"svg: {doc}", stem_card))
            continue
        wrong = f"{doc.name} has {doc.problems[0]}" if doc.problems else size_problem(doc, card, bleed)
        if wrong:
            problems.append(_violation("files", f"svg: {wrong}", stem_card))
            continue
        title = title_problem(doc, data["title"])
        if title:
            problems.append(_violation("files", f"svg: the title on {doc.name} {title}", stem_card))
        face = read_face(svg_marks(doc), bool(data["four_colour"]))
        if face.card is not None:
            found.cards.append(face.card)
            if face.card != stem_card:
                problems.append(
                    _violation("index", f"svg: {doc.name} shows {face.card.name}, wanted {stem_card.name}", stem_card)
                )
        for check, message in face.problems:
            problems.append(_violation(check, f"svg: {doc.name} {message}", stem_card))
        if not face.problems and face.card == stem_card and not title:
            found.docs[path.stem] = doc
    out += capped(
        problems, MAX_REPORTED, lambda k, c: Violation("files", f"svg: and {k} more problems in the card SVGs", c)
    )
    missing = [c for c in order if not (where / f"{c.stem}.svg").exists()]
    if missing:
        names = ", ".join(c.name for c in missing[:12]) + (" …" if len(missing) > 12 else "")
        out.append(Violation("files", f"svg: no SVG for {names}", tuple(number_of(c) for c in missing)))
    back = where / f"{BACK}.svg"
    if data["backs"]:
        doc, _ = read_svg(back, f"{FOLDER}/{BACK}.svg", theme)
        if isinstance(doc, str):
            out.append(Violation("files", f"svg: {doc}"))
        elif doc.problems or size_problem(doc, card, bleed):
            wrong = f"{doc.name} has {doc.problems[0]}" if doc.problems else size_problem(doc, card, bleed)
            out.append(Violation("files", f"svg: {wrong}"))
        else:
            found.back = doc
    elif back.exists():
        out.append(Violation("files", f"svg: {FOLDER}/{BACK}.svg is there, but {MANIFEST} records no backs"))
    return found


# ---------------------------------------------------------------- the PDF

Reference = Callable[[PlayingCard], "SvgDoc | None"]


def read_deck_pdf(
    folder: Path,
    data: dict[str, Any],
    order: Sequence[PlayingCard],
    reference: Reference,
    back: SvgDoc | None,
    pages: Sequence[PageObjects] | None,
) -> tuple[list[Violation], list[PlayingCard]]:
    """The PDF's sheets: the pages the plan needs, each card's place against what it must look
    like (``reference``: its SVG, or this version's drawing of it), the backs where the plan puts
    them (and, on a fold-over sheet, each the back's SVG); and the cards read from the fronts.
    ``pages``: as the process that wrote the PDF read them back; None: read here (undamaged first)."""
    pdf = single_pdf(folder)
    if isinstance(pdf, Violation):
        return [pdf], []
    if pages is None:
        try:
            raw = read_file(pdf, limit=PDF_LIMIT, what="PDF")
            damage = pdf_damage(raw)
            if damage:
                return [Violation("files", f"pdf: {pdf.name} is damaged: {d}") for d in damage[:5]], []
            pages = read_pages(raw)
        except CardgenError as e:
            return [Violation("files", f"pdf: {pdf.name}: {e}")], []
    plan = plan_from_manifest(data)
    backs = bool(data["backs"])
    out: list[Violation] = []
    problems, paper_ok = page_problems(
        [replace(p, texts=[], paths=[]) for p in pages], plan, len(order), backs, has_pictures(data)
    )
    out += [Violation("files", f"pdf: {pdf.name}: {p}") for p in problems]
    if plan.per_page != data["per_page"] or plan.orientation != data["orientation"]:
        out.append(
            Violation(
                "files",
                f"{MANIFEST} says {data['per_page']} cards a sheet, {data['orientation']}, but its sizes give {plan.per_page}, {plan.orientation}",
            )
        )
    if not paper_ok or not all(paper_fits(p, plan) for p in pages):
        return out, []
    step = 2 if backs and not plan.fold else 1  # a fold-over sheet holds its backs
    places: list[Violation] = []
    cards: list[PlayingCard] = []
    for page in pages:
        sheet, side = divmod(page.number - 1, step)
        chunk = order[sheet * plan.per_page : (sheet + 1) * plan.per_page]
        if not chunk:
            continue  # a page beyond the deck's sheets (counted above)
        for problem in crop_mark_problems(page, plan, len(chunk), fronts=side == 0):
            places.append(Violation("files", f"pdf: page {page.number}: {problem}"))
        if side == 1 or (backs and plan.fold):
            places += _backs(page, plan, chunk, back)
            if side == 1:
                continue
        found, read = _fronts(page, plan, chunk, reference, bool(data["four_colour"]))
        places += found
        cards += read
    out += capped(
        places, MAX_REPORTED, lambda k, c: Violation("files", f"pdf: and {k} more places on the sheets differ", c)
    )
    return out, cards


def _fronts(
    page: PageObjects, plan: SheetPlan, chunk: Sequence[PlayingCard], reference: Reference, four_colour: bool
) -> tuple[list[Violation], list[PlayingCard]]:
    """Each card's place on a fronts page against what it must look like, and the cards read there."""
    out: list[Violation] = []
    cards: list[PlayingCard] = []
    for slot in sheet_slots(page, plan)[0]:
        where = f"pdf: page {slot.page}, slot {slot.index + 1}"
        if slot.index >= len(chunk):
            if any(t.bold for t in slot.texts):  # crop marks and the sheet's caption may lie here; card text is bold
                out.append(Violation("files", f"{where}: a card is drawn where no card belongs"))
            continue
        card = chunk[slot.index]
        doc = reference(card)
        if doc is None:
            continue  # its SVG is wrong (named above), and no drawing of this version to hold the place to
        problems, texts = compare_slot(slot, doc, plan.paper[1])
        face = read_face(pdf_marks(texts), four_colour)
        problems += [message for _, message in face.problems]
        if face.card is not None:
            cards.append(face.card)
            if face.card != card:
                problems.insert(0, f"shows {face.card.name}")
        if problems:
            more = f"; and {len(problems) - 4} more" if len(problems) > 4 else ""
            out.append(_violation("files", f"{where} ({card.name}): {'; '.join(problems[:4])}{more}", card))
    return out, cards


def _backs(page: PageObjects, plan: SheetPlan, chunk: Sequence[PlayingCard], back: SvgDoc | None) -> list[Violation]:
    """The backs on a backs page (or beside the fronts on a fold-over sheet): where the plan puts
    them, each the back's SVG (turned as a horizontal fold turns it), none where no card is."""
    out: list[Violation] = []
    moved = backs_misplaced(page, plan, len(chunk))
    if moved:
        out.append(Violation("files", f"pdf: page {page.number}: {moved}"))
    slots = sheet_slots(page, plan, back=True)[0]
    if back is not None:
        doc = turned_doc(back, plan.card) if plan.turns_backs else back
        for slot, card in zip(slots, chunk):
            problems, _ = compare_slot(slot, doc, plan.paper[1], placed=bool(plan.fold))
            if problems:
                where = f"pdf: page {slot.page}, slot {slot.index + 1} (back of {card.name})"
                out.append(_violation("files", f"{where}: {'; '.join(problems[:4])}", card))
    if plan.fold:
        for slot in slots[len(chunk) :]:
            if slot.texts:
                out.append(Violation("files", f"pdf: page {slot.page}, slot {slot.index + 1}: a back where no card is"))
    return out


# ---------------------------------------------------------------- the table

TABLE = "pack.csv"
TABLE_LIMIT = 1_000_000
HEADER = ("number", "card", "rank", "suit", "role", "points", "bi_level", "file")


def table_rows(order: Iterable[PlayingCard]) -> list[tuple[str, ...]]:
    """``pack.csv``'s rows: the deck in its order, each card with what it is in Amtrak (its role,
    the points it makes as a Tie, Single-Level and Bi-Level) and its file.

    >>> from cardgen.rules.deck import deck
    >>> rows = table_rows(deck(jokers=1))
    >>> rows[0], rows[1], rows[13], rows[-1]
    (('number', 'card', 'rank', 'suit', 'role', 'points', 'bi_level', 'file'), ('1', 'A♠', 'A', 'spades', 'Coach', '1', '2', 'cards/AS.svg'), ('13', 'K♠', 'K', 'spades', 'Engineer', '11', '22', 'cards/KS.svg'), ('53', 'Joker (black)', 'JK', 'black', 'Substitute car', '0', '0', 'cards/joker-black.svg'))
    """
    rows: list[tuple[str, ...]] = [HEADER]
    for i, card in enumerate(order, 1):
        single, *bi = [word for word in value_reminder(card.rank).replace("·", " ").split() if word.isdigit()]
        rows.append(
            (
                str(i),
                card.name,
                card.rank,
                card.suit,
                card_role(card.rank),
                single,
                bi[0] if bi else single,
                f"{FOLDER}/{card.stem}.svg",
            )
        )
    return rows


def table_problems(folder: Path, order: Sequence[PlayingCard]) -> list[Violation]:
    """``pack.csv`` against the deck, row by row: each row naming the card the deck has there."""
    path = folder / TABLE
    try:
        raw = read_file(path, limit=TABLE_LIMIT, what=TABLE)
    except CardgenError as e:
        return [Violation("files", str(e) if path.exists() else f"{TABLE} is missing")]
    try:
        rows = list(csv.reader(io.StringIO(raw.decode("utf-8"), newline="")))
    except (UnicodeDecodeError, csv.Error) as e:
        return [Violation("files", f"cannot read {TABLE}: {e}")]
    wanted = table_rows(order)
    out: list[Violation] = []
    if len(rows) != len(wanted):
        out.append(Violation("files", f"{TABLE} has {len(rows) - 1} cards, wanted {len(wanted) - 1}"))
    for i, (got, want) in enumerate(zip(rows, wanted)):
        if tuple(got) != want:
            what = "its header" if i == 0 else f"row {i} ({want[1]})"
            card = (number_of(order[i - 1]),) if i else ()
            out.append(
                Violation(
                    "files",
                    f"{TABLE}: {what} reads {shown(','.join(got), 60)}, wanted {shown(','.join(want), 60)}",
                    card,
                )
            )
    return capped(out, 10, lambda k, c: Violation("files", f"{TABLE}: and {k} more rows differ", c))
