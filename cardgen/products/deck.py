"""The deck of playing cards Amtrak (seed 004) and Train (seed 000, without its Jokers) are played
with: 52 cards and up to two Jokers, each card showing what it is in Amtrak (``cardgen deck``).

``build_deck(jokers=2, four_colour=False)`` writes ``<out>/deck/`` (``deck-1-joker``,
``deck-no-jokers``; ``-four-colour``; the print options as for every pack): ``cards/AS.svg`` …
``cards/KC.svg``, ``cards/joker-black.svg``, ``cards/joker-red.svg`` (``cards/back.svg`` with
backs), the cards imposed with crop marks in ``deck.pdf``, ``pack.csv`` (each card, its Amtrak
role and values, its file) and ``pack.json`` (``jokers``, ``four_colour``); with ``--png``,
``--tts`` and ``--preset``, their files as for every pack. Before anything is moved into place
the staged SVGs and the PDF are read back and proved (``check_deck_folder``: each card exactly
once, its indices agreeing with its face, its Amtrak role right; ``proof.deck``), and ``cardgen
check`` does the same later, and holds every file to what this version writes.

A kit (``cardgen kit amtrak``, ``cardgen kit train``) calls ``build_deck`` with the deck's own
options (``rules.deck.DECK``: ``jokers``, ``four_colour``) and the print options, and reads the
``write.deck.BuildResult`` it returns (``Built``: the folder, its files, the file to print and
how; ``cards``, ``sheets`` and the sheet ``plan``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.impose.sheets import SheetPlan, impose
from cardgen.layout.deck import MIN_CARD, card_back, card_face, size_problem
from cardgen.layout.shapes import Drawing
from cardgen.layout.theme import DEFAULT
from cardgen.manifest import DECK, MANIFEST, Field, options_from_manifest, plan_from_manifest, read_manifest, validate
from cardgen.options import PrintOptions, print_options
from cardgen.products import Product
from cardgen.proof import FolderCheck
from cardgen.proof.deck import BACK, FOLDER, TABLE, read_deck_pdf, read_deck_svgs, table_problems, table_rows
from cardgen.proof.exports import Drawn, check_exports
from cardgen.proof.pages import PageObjects
from cardgen.proof.pdfread import read_pages
from cardgen.proof.rebuilt import Make, redrawn_folder
from cardgen.proof.services import check_services
from cardgen.proof.svg import SvgDoc, parse_svg
from cardgen.render import render, subject_of
from cardgen.rules.amtrak.scoring import card_role, value_reminder
from cardgen.rules.deck import CHECKS, FOUR_COLOUR, JOKERS, MAX_JOKERS, PlayingCard, check_cards, check_jokers, deck
from cardgen.rules.shared import Violation
from cardgen.themes.read import picture_files
from cardgen.write.deck import BuildResult, Progress, sheet_plan, write_deck

NAME = "deck"
KEYS = {"jokers": Field("int", 0, MAX_JOKERS), "four_colour": Field("bool")}  # its own keys in pack.json


def deck_slug(jokers: int, four_colour: bool) -> str:
    """The folder's name before the print options.

    >>> deck_slug(2, False), deck_slug(1, False), deck_slug(0, True)
    ('deck', 'deck-1-joker', 'deck-no-jokers-four-colour')
    """
    slug = NAME + {2: "", 1: "-1-joker", 0: "-no-jokers"}[jokers]
    return slug + ("-four-colour" if four_colour else "")


def describe(jokers: int, four_colour: bool) -> str:
    """What the deck is, for people (a back's line, a check's report).

    >>> describe(2, False), describe(0, True)
    ('52 cards and 2 Jokers', '52 cards, four colours')
    """
    jokers_said = f" and {jokers} Joker{'s' if jokers != 1 else ''}" if jokers else ""
    return f"52 cards{jokers_said}" + (", four colours" if four_colour else "")


def deck_table(order: Sequence[PlayingCard]) -> bytes:
    """``pack.csv`` (``proof.deck.table_rows``)."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(table_rows(order))
    return buf.getvalue().encode("utf-8")


def face(card: PlayingCard, opts: PrintOptions, four_colour: bool, jokers: int) -> Drawing:
    """One card's face, as the build draws it and the check draws it again."""
    return card_face(
        card,
        opts.card,
        role=card_role(card.rank),
        values=value_reminder(card.rank),
        four_colour=four_colour,
        title=opts.title,
        bleed=opts.bleed,
        theme=opts.theme or DEFAULT,
        set_name=f"deck of {describe(jokers, False)}",
    )


def back(opts: PrintOptions, jokers: int) -> Drawing:
    """The deck's back, one for every card."""
    return card_back(
        opts.card, line=describe(jokers, False), title=opts.title, bleed=opts.bleed, theme=opts.theme or DEFAULT
    )


def sheets_pdf(
    order: Sequence[PlayingCard], opts: PrintOptions, four_colour: bool, plan: SheetPlan, slug: str
) -> bytes:
    """The PDF this version writes for the deck."""
    jokers = sum(c.joker for c in order)
    faces = [face(c, opts, four_colour, jokers) for c in order]
    pages = impose(faces, plan, back=back(opts, jokers) if opts.backs else None, label=slug, title=opts.title)
    title = f"{opts.title or 'Playing cards'} — {describe(jokers, False)}"
    sheets = f"{len(pages)} sheet{'s' if len(pages) != 1 else ''}"
    return render("pdf", pages, title=title, subject=subject_of(f"A deck for Amtrak and Train on {sheets}"))


def draw_sheets(
    order: list[PlayingCard], opts: PrintOptions, four_colour: bool, plan: SheetPlan, slug: str, path: Path
) -> list[PageObjects]:
    """The deck's PDF, in a worker process: the faces drawn again, imposed, written to ``path``
    and read back from it for the check."""
    path.write_bytes(sheets_pdf(order, opts, four_colour, plan, slug))
    return read_pages(path)


def build_deck(
    *,
    jokers: int = JOKERS.default,
    four_colour: bool = FOUR_COLOUR.default,
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
    progress: Progress | None = None,
) -> BuildResult:
    """Write the deck: a card SVG each, the imposed PDF, ``pack.csv`` and ``pack.json``; proved
    before it is moved into place."""
    jokers = check_jokers(jokers)
    opts = opts or print_options()
    PRODUCT.check_card(opts.card)  # (the least card, in the words every product uses)
    why = size_problem(opts.card)
    if why:
        raise CardgenError(f"--card {opts.card[0]:g}x{opts.card[1]:g}mm: {why}")
    order = deck(jokers)
    slug = deck_slug(jokers, four_colour)
    plan = sheet_plan(opts)
    faces = [(c.stem, face(c, opts, four_colour, jokers)) for c in order]
    the_back = back(opts, jokers)
    result = write_deck(
        slug=slug,
        faces=faces,
        back=the_back if opts.backs else None,
        sheets=partial(draw_sheets, order, opts, four_colour, plan, slug),
        export_back=the_back
        if opts.tts or opts.preset
        else None,  # TTS and services show a back even when none is printed
        opts=opts,
        plan=plan,
        manifest={"game": NAME, "jokers": jokers, "four_colour": four_colour, "cardgen_version": __version__},
        extra={TABLE: deck_table(order)},
        check=lambda folder, read: check_deck_folder(folder, pages=list(read()), redraw=False).violations,
        out=out,
        kind=PRODUCT.kind,
        folder_name=FOLDER,
        progress=progress,
    )
    result.title = f"Deck: {describe(jokers, four_colour)}"  # as cardgen build's index names it
    return result


def check_deck_folder(
    folder: Path,
    data: dict[str, Any] | None = None,
    *,
    pages: Sequence[PageObjects] | None = None,
    redraw: bool = True,
) -> FolderCheck:
    """Every way the deck written in ``folder`` differs from the deck its ``pack.json`` describes,
    read from the SVGs and the PDF (``pages``: as the process that wrote it read them back;
    None: read here). ``redraw`` (``cardgen check``; a build has just drawn them): also every
    file against what this version writes for the deck, byte for byte (each place on the sheets
    then held to this version's drawing of its card), nothing in the folder cardgen does not
    write, and the exports."""
    data = data if data is not None else validate(read_manifest(folder), {**DECK, **KEYS})
    jokers, four_colour = data["jokers"], data["four_colour"]
    order = deck(jokers)
    opts = options_from_manifest(data, folder)
    font = opts.theme.font if opts.theme is not None else None
    same = redraw and data.get("cardgen_version") == __version__
    out: list[Violation] = []
    svgs = read_deck_svgs(folder, data, order, font, out)
    out += [Violation(v.check, f"svg: {v.message}", v.cards) for v in check_cards(svgs.cards, jokers=jokers)]
    if data["cards"] != len(order):
        out.append(
            Violation("files", f"{MANIFEST} says {data['cards']} cards, but the deck it describes has {len(order)}")
        )
    drawn: dict[str, Drawing] = {}

    def reference(card: PlayingCard) -> SvgDoc | None:
        """What ``card``'s place on the sheets must show: this version's drawing when the folder is
        this version's (so a wrong SVG is not blamed on the PDF), else its SVG when it read right."""
        if not same:
            return svgs.docs.get(card.stem)
        drawn[card.stem] = drawn.get(card.stem) or face(card, opts, four_colour, jokers)
        doc = parse_svg(render("svg", [drawn[card.stem]]), f"{FOLDER}/{card.stem}.svg", font)
        return doc if isinstance(doc, SvgDoc) else None

    the_back = svgs.back
    if same and data["backs"]:
        doc = parse_svg(render("svg", [back(opts, jokers)]), f"{FOLDER}/{BACK}.svg", font)
        the_back = doc if isinstance(doc, SvgDoc) else None
    found, pdf_cards = read_deck_pdf(folder, data, order, reference, the_back, pages)
    out += found
    if len(pdf_cards) == len(order):  # else the places that could not be read are named above
        out += [Violation(v.check, f"pdf: {v.message}", v.cards) for v in check_cards(pdf_cards, jokers=jokers)]
    out += table_problems(folder, order)
    if redraw:
        out += deck_redrawn(folder, data, order, opts)
        exported = None
        if same:
            faces = {c.stem: drawn.get(c.stem) or face(c, opts, four_colour, jokers) for c in order}
            exported = Drawn(faces, back(opts, jokers), font)
        out += check_exports(folder, data, FOLDER, exported)  # png/ and tts/, as pack.json records them
        out += check_services(folder, data, FOLDER, exported)  # a print service's files (--preset)
    return FolderCheck(describe(jokers, four_colour), svgs.count, out, checks=CHECKS)


def deck_redrawn(folder: Path, data: dict[str, Any], order: list[PlayingCard], opts: PrintOptions) -> list[Violation]:
    """What differs from what this version writes for the deck (``proof.rebuilt``): every card
    SVG and the back, the table, the PDF; and every file cardgen does not write."""
    jokers, four_colour = data["jokers"], data["four_colour"]
    name, slug = data["name"], deck_slug(jokers, four_colour)
    files = {f"{FOLDER}/{c.stem}.svg" for c in order} | ({f"{FOLDER}/{BACK}.svg"} if data["backs"] else set())
    files |= {f"{name}.pdf", TABLE, MANIFEST, *(picture_files(opts.theme) if opts.theme is not None else {})}

    def drawn() -> dict[str, Make]:
        made: dict[str, Make] = {
            f"{FOLDER}/{c.stem}.svg": partial(lambda c: render("svg", [face(c, opts, four_colour, jokers)]), c)
            for c in order
        }
        if data["backs"]:
            made[f"{FOLDER}/{BACK}.svg"] = lambda: render("svg", [back(opts, jokers)])
        made[TABLE] = partial(deck_table, order)
        made[f"{name}.pdf"] = partial(sheets_pdf, order, opts, four_colour, plan_from_manifest(data), slug)
        return made

    return redrawn_folder(folder, data, files, drawn, "this deck")


PRODUCT = Product(
    NAME,
    "playing-card deck",
    build_deck,
    command="deck",
    check=check_deck_folder,
    keys=KEYS,
    folder=FOLDER,
    min_card=MIN_CARD,
)
