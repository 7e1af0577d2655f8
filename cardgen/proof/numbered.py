"""A written pack of numbered cards proved right: its card SVGs (``proof.cards``), its PDF
sheets (each card's place showing exactly what its SVG shows: every text with its font, size,
colour and turn, and the same shapes; the backs where ``pack.json`` puts them), its other
files (``proof.packcsv``), and the faces read from the SVGs and again from the PDF checked by
``rules.got.printed.check_printed`` (each pack by ``rules.got.pack_checks`` like any hand-made table, every
pack mark, the wild cards).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.files import read_file
from cardgen.impose.sheets import SheetPlan
from cardgen.layout.shapes import Typeface
from cardgen.manifest import MANIFEST, plan_from_manifest
from cardgen.proof import FolderCheck
from cardgen.proof.audit import pdf_damage
from cardgen.proof.cards import MAX_REPORTED, CardSvgs, SvgCards, back_stem, is_number, parsed_once
from cardgen.proof.folder import stray_files, version_problems
from cardgen.proof.packcsv import check_files
from cardgen.proof.pages import PageObjects, TextObject, unpacked
from cardgen.proof.pdfread import PdfPages
from cardgen.proof.pdfshape import pdf_differences, pdf_outside
from cardgen.proof.rebuilt import Redraw, redrawn_files
from cardgen.proof.sheets import (
    PDF_LIMIT,
    backs_misplaced,
    card_box_problem,
    compare_slot,
    crop_mark_problems,
    has_pictures,
    page_problems,
    paper_fits,
    sheet_slots,
    single_pdf,
    turned_doc,
)
from cardgen.proof.svg import SvgDoc, parse_svg
from cardgen.rules.got.pack_checks import CHECKS
from cardgen.rules.got.printed import PRINTED_CHECKS, Item, Shown, check_printed
from cardgen.rules.shared import Card, HasCode, PackSpec, Violation, capped


def _read_pdf_face(found: dict[str, list[TextObject]], parse: Callable[[str], HasCode]) -> Shown | None:
    """The face a slot shows, from its texts in the card's roles (upright large ones first:
    disagreeing copies are reported by ``compare_slot``)."""
    marks = [" ".join(t.text.split()) for t in found.get("pack-mark", [])]
    mark = marks[0] if marks else ""
    if found.get("wild") or found.get("index-wild"):
        return None if found.get("number") or found.get("ability") else Shown(None, mark)
    numbers = [" ".join(t.text.split()) for t in found.get("number", []) + found.get("index-number", [])]
    labels = [" ".join(t.text.split()) for t in found.get("ability", []) + found.get("index-ability", [])]
    card = _card_from_texts(numbers, labels, parse)
    return None if card is None else Shown(card, mark)


def _card_from_texts(numbers: list[str], labels: list[str], parse: Callable[[str], HasCode]) -> Card[HasCode] | None:
    number = next((n for n in numbers if is_number(n) and len(n) < 10), None)
    for label in labels:
        try:
            ability = parse(label)
        except CardgenError:
            continue
        return Card(int(number), ability) if number is not None else None
    return None


Reference = Callable[[Item[Any]], "SvgDoc | None"]


def _counts(items: Sequence[Item[Any]]) -> tuple[int, int]:
    """(packs, wilds) of a printed pack."""
    return (items[0].packs if items else 1), sum(1 for i in items if i.card is None)


def check_pdf(
    pdf: Iterable[PageObjects],
    name: str,
    data: dict[str, Any],
    spec: PackSpec,
    items: Sequence[Item[Any]],
    reference: Reference,
    back_of: Reference,
) -> list[Violation]:
    """The PDF's pages (in order, each used as it comes): the sheets of the plan, each card's
    place showing what ``reference`` says the card looks like (its SVG), each back's what
    ``back_of`` says; and the faces read from them, checked as the printed pack."""
    plan = plan_from_manifest(data)
    first = reference(items[0]) if items else None
    # One pass, a page at a time (a big pack's objects are never all held at once): each
    # page is compared as it is read, while the paper is right and the first card in its box.
    headers: list[PageObjects] = []  # each page without its objects, for page_problems
    misplaced: str | None = None

    def comparable() -> Iterator[PageObjects]:
        nonlocal misplaced
        fits = True
        for i, page in enumerate(pdf):
            headers.append(replace(page, texts=[], paths=[]))
            fits = fits and paper_fits(page, plan)
            if i == 0 and first is not None:
                misplaced = card_box_problem(page, plan, first)
            if fits and not misplaced:
                yield page

    slot_problems, pdf_faces = compare_sheets(comparable(), plan, data["backs"], items, spec, reference, back_of)
    problems, paper_ok = page_problems(headers, plan, len(items), data["backs"], has_pictures(data))
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
    if len(pdf_faces) == len(items):  # else the places that could not be read are named above
        packs, wilds = _counts(items)
        out += [Violation(v.check, f"pdf: {v.message}", v.cards) for v in check_printed(spec, packs, wilds, pdf_faces)]
    return out


def compare_sheets(
    pages: Iterable[PageObjects],
    plan: SheetPlan,
    backs: bool,
    items: Sequence[Item[Any]],
    spec: PackSpec,
    reference: Reference,
    back_of: Reference,
) -> tuple[list[Violation], list[Shown]]:
    """Each card's place on the sheets against its SVG (each back's against its pack's back
    SVG: on the backs page after its sheet, or on a fold-over sheet beside the fronts), and the
    faces read from the fronts. ``pages`` in order, each used as it comes."""
    parse = parsed_once(spec.parse_ability)
    step = 2 if backs and not plan.fold else 1
    height = plan.paper[1]
    sheets = plan.pages(len(items))
    out: list[Violation] = []
    read: list[Shown] = []
    for page in pages:
        sheet, side = divmod(page.number - 1, step)
        if sheet >= sheets:
            continue  # a page beyond the cards' sheets (page_problems counts the pages)
        chunk = items[sheet * plan.per_page : (sheet + 1) * plan.per_page]
        for problem in crop_mark_problems(page, plan, len(chunk), fronts=side == 0):
            out.append(Violation("files", f"pdf: page {page.number}: {problem}"))
        if side == 1 or (backs and plan.fold):  # the backs of the sheet before, or beside its fronts
            out += compare_backs(page, plan, chunk, back_of)
            if side == 1:
                continue
        slots, _ = sheet_slots(page, plan)
        for slot in slots:
            where = f"pdf: page {slot.page}, slot {slot.index + 1}"
            if slot.index >= len(chunk):
                # crop marks and the sheet's caption may lie here; card text is bold
                if any(t.bold for t in slot.texts):
                    out.append(Violation("files", f"{where}: a card is drawn where no card belongs"))
                continue
            item = chunk[slot.index]
            doc = reference(item)
            got: Shown | None
            if doc is not None:
                problems, texts = compare_slot(slot, doc, height)
                got = _read_pdf_face(texts, parse)
            else:  # its SVG is wrong (reported) and cannot be redrawn: read the bold texts alone
                problems = []
                bold = [" ".join(t.text.split()) for t in slot.texts if t.bold]
                mark = next((t for t in bold if len(t) == 1 and t.isalpha() and t != "W"), "")  # a pack's letter
                if "WILD" in bold:
                    got = Shown(None, mark)
                else:
                    card = _card_from_texts(
                        [t for t in bold if is_number(t)], [t for t in bold if not is_number(t)], parse
                    )
                    got = None if card is None else Shown(card, mark)
            if got is None:
                problems.append("no card can be read there")
            else:
                read.append(got)
            if problems:
                more = f"; and {len(problems) - 4} more" if len(problems) > 4 else ""
                message = f"{where} ({item.name}): {'; '.join(problems[:4])}{more}"
                out.append(Violation("files", message, _numbers([item])))
    return out, read


def compare_backs(
    page: PageObjects, plan: SheetPlan, chunk: Sequence[Item[Any]], back_of: Reference
) -> list[Violation]:
    """Each back on ``page`` where ``plan`` puts it, and against its pack's back SVG: on a backs
    page by its words (the page may be moved, and its ground runs past the cuts); on a fold-over
    sheet in place, texts and shapes, turned as the fold turns it; and no back where no card is."""
    out: list[Violation] = []
    moved = backs_misplaced(page, plan, len(chunk))
    if moved:
        out.append(Violation("files", f"pdf: page {page.number}: {moved}", _numbers(chunk)))
    slots, _ = sheet_slots(page, plan, back=True)
    for slot, item in zip(slots, chunk):
        back = back_of(item)
        if back is None:
            continue
        doc = turned_doc(back, plan.card) if plan.turns_backs else back
        problems, _ = compare_slot(slot, doc, plan.paper[1], placed=bool(plan.fold))
        if problems:
            where = f"pdf: page {slot.page}, slot {slot.index + 1} (back of {item.name})"
            out.append(Violation("files", f"{where}: {'; '.join(problems[:4])}", _numbers([item])))
    if plan.fold:
        for slot in slots[len(chunk) :]:
            if slot.texts:
                out.append(Violation("files", f"pdf: page {slot.page}, slot {slot.index + 1}: a back where no card is"))
    return out


def _numbers(items: Sequence[Item[Any]]) -> tuple[int, ...]:
    return tuple(i.card.number for i in items if i.card is not None)


def check_numbered(
    folder: Path,
    data: dict[str, Any],
    spec: PackSpec,
    items: Sequence[Item[Any]],
    what: str,
    *,
    files: Sequence[str] = ("pack.csv",),
    redraw: Redraw | None = None,
    audit: bool = True,
    theme: Typeface | None = None,
    pages: Callable[[], Iterable[bytes]] | None = None,
    expected: Collection[str] = (),
) -> FolderCheck:
    """Every violation of the printed pack ``items`` (of ``spec``) in ``folder``, read from its
    SVGs, its PDF and its other ``files``; with ``redraw``, also every file that differs from
    what this version writes (only when ``pack.json`` records this version: another one may draw
    differently); with ``audit``, also every damaged object of the PDF, anything in it cardgen
    does not write, and every file ``expected`` does not name. A build checking what it has just
    written skips both: only a file that travelled can be damaged or differ from its drawing.
    ``theme``: the font of the pack's theme (its own copy), which its titles may be set in.
    ``pages``: the PDF's pages as the process that wrote it reads them back from the file (a
    build writes and reads its PDF in a worker process), each packed (``pages.packed``), as they
    come; None: read them here.

    One pass, a sheet at a time: each page is compared as it comes with the SVGs of its cards,
    each read then (``cards.CardSvgs``), so that a big pack's pages and drawings are never all
    held at once; the SVGs no page asked for are read after. What is found is said in the same
    order whatever order it was found in: the SVGs, the faces they show as the printed pack,
    the files redrawn, the other files, the PDF."""
    out: list[Violation] = []
    again = redraw if redraw is not None and data.get("cardgen_version") == __version__ else None
    if audit:
        out += version_problems(data) + stray_files(folder, expected)
    svgs = CardSvgs(folder, data, items, spec.parse_ability, theme=theme, redraw=again.face if again else None)

    def reference(item: Item[Any]) -> SvgDoc | None:
        """What ``item`` must look like in the PDF: its SVG when that shows what the pack has there
        and nothing was found wrong with it; else this version's drawing of it (so a wrong SVG is
        not blamed on the PDF); else nothing."""
        doc = svgs.reference(item)
        if doc is None and again is not None:
            drawn = parse_svg(again.face(item), f"cards/{item.stem}.svg", theme)
            return drawn if isinstance(drawn, SvgDoc) else None
        return doc

    backs = _backs(svgs.found, again, data, theme)
    packs, wilds = _counts(items)
    read = iter(pages()) if pages is not None else None
    first = next(read, None) if read is not None else None  # (once it comes, the PDF is in the folder)
    pdf = single_pdf(folder)
    checks = (*CHECKS, *(PRINTED_CHECKS if packs > 1 or wilds else ()), "files")
    on_pdf: list[Violation] = []
    if isinstance(pdf, Violation):
        on_pdf.append(pdf)
    elif read is not None:
        came = itertools.chain([first] if first is not None else [], read)
        on_pdf += check_pdf(map(unpacked, came), pdf.name, data, spec, items, reference, lambda i: backs.get(i.mark))
    else:
        on_pdf += _read_and_check_pdf(
            pdf, data, spec, items, reference, lambda i: backs.get(i.mark), audit=audit, again=again
        )
    found = svgs.finish(out)
    out += [Violation(v.check, f"svg: {v.message}", v.cards) for v in check_printed(spec, packs, wilds, found.faces)]
    if again is not None:
        out += svgs.redrawn_cards() + redrawn_files(found, again, folder)
    out += check_files(folder, files, found, spec, packs)
    return FolderCheck(what, found.count, out + on_pdf, checks=checks)


def _backs(found: SvgCards, again: Redraw | None, data: dict[str, Any], theme: Typeface | None) -> dict[str, SvgDoc]:
    """Each pack's back as the backs pages must show it: its SVG, or (when that is not what this
    version draws) the drawing."""
    backs = dict(found.backs)
    if again is not None and again.back is not None and data["backs"]:
        for mark, raw in found.back_data.items():
            if raw != again.back(mark):
                drawn = parse_svg(again.back(mark), f"cards/{back_stem(mark)}.svg", theme)
                if isinstance(drawn, SvgDoc):
                    backs[mark] = drawn
                else:
                    backs.pop(mark)
    return backs


def _named_already(found: str, named: list[str]) -> bool:
    """Whether a difference from the redrawn PDF is one the allow-list has named already (the
    same key, on the same page or of the document)."""
    key = next((w for w in found.replace(",", " ").split() if w.startswith("/")), None)
    where = found.split(":", 1)[0] if found.startswith("page ") else "the document"
    return key is not None and any(key in n and n.startswith(where) for n in named)


def _read_and_check_pdf(
    pdf: Path,
    data: dict[str, Any],
    spec: PackSpec,
    items: Sequence[Item[Any]],
    reference: Reference,
    back_of: Reference,
    *,
    audit: bool,
    again: Redraw | None = None,
) -> list[Violation]:
    """The PDF file read here: undamaged, holding nothing cardgen never writes and, from this
    version, the very bytes it writes (``audit``); then its pages checked a page at a time."""
    try:
        raw = read_file(pdf, limit=PDF_LIMIT, what="PDF")
    except CardgenError as e:
        return [Violation("files", f"pdf: {e}")]
    damage = pdf_damage(raw) if audit else []
    if damage:
        extra = [Violation("files", f"pdf: and {len(damage) - 5} more damaged objects")] if len(damage) > 5 else []
        return [Violation("files", f"pdf: {pdf.name} is damaged: {d}") for d in damage[:5]] + extra
    out: list[Violation] = []
    if audit:
        shape = pdf_outside(raw)
        if again is not None and again.pdf is not None:
            shape += [d for d in pdf_differences(raw, again.pdf()) if not _named_already(d, shape)]
        out += [Violation("files", f"pdf: {pdf.name}: {d}") for d in shape[:8]]
    try:
        doc = PdfPages(raw)
    except CardgenError as e:
        return [Violation("files", f"pdf: {pdf.name}: {e}")]
    with doc:
        return out + check_pdf(map(doc.read, range(len(doc))), pdf.name, data, spec, items, reference, back_of)
