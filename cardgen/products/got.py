"""Game of Trains variant packs (seed 002): patterns one, two and three, any census and copies.

Writes ``<out>/got-pattern-two-census-7/``: ``cards/NNN.svg``, the imposed PDF,
``pack.csv``, ``pack.json`` and ``rules.html``; read back and checked before it
is moved into place.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.layout.card import card_back, card_face
from cardgen.layout.shapes import Drawing
from cardgen.layout.theme import PLAIN
from cardgen.options import PrintOptions, print_options
from cardgen.products import FolderCheck, Product
from cardgen.products.deck import BuildResult, Progress, sheet_plan, write_deck
from cardgen.products.numbered import check_pack_folder_with, number_width, pack_table
from cardgen.rules.abilities import Ability
from cardgen.rules.check import Card
from cardgen.rules.patterns import Pattern, make_pattern


def build_pack(
    *,
    pattern: str = "one",
    census: int = 7,
    copies: int | None = None,
    players: int | None = None,
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
    progress: Progress | None = None,
) -> BuildResult:
    """Write a Game of Trains variant pack: card SVGs, the imposed PDF, the pack table, the rules."""
    spec = make_pattern(pattern, census, copies=copies, players=players)
    opts = opts or print_options()
    width = number_width(spec.size)
    faces = [(f"{c.number:0{width}d}", face(c, spec, opts)) for c in spec.cards()]
    return write_deck(
        slug=spec.slug,
        faces=faces,
        back=back(spec, opts) if opts.backs else None,
        export_back=back(spec, opts) if opts.tts else None,
        opts=opts,
        plan=sheet_plan(opts),
        manifest={
            "game": "got",
            "pattern": spec.name,
            "census": spec.census,
            "copies": spec.copies,
            "cardgen_version": __version__,
        },
        extra={"pack.csv": pack_table(spec.cards()), "rules.html": lambda: pack_handout(spec, opts.title)},
        check=lambda folder: check_pack_folder(folder, redraw=False).violations,
        out=out,
        progress=progress,
    )


def face(card: Card[Ability], spec: Pattern, opts: PrintOptions) -> Drawing:
    """One card's face, as the build draws it and the checker draws it again."""
    return card_face(card, spec, opts.card, title=opts.title, bleed=opts.bleed, theme=opts.theme or PLAIN)


def back(spec: Pattern, opts: PrintOptions) -> Drawing:
    return card_back(spec, opts.card, title=opts.title, bleed=opts.bleed, theme=opts.theme or PLAIN)


def spec_from_manifest(data: dict[str, Any]) -> Pattern:
    """The pack definition a folder claims to hold (``data`` validated by ``readback.load_manifest``)."""
    from cardgen.products.readback import need, validate_manifest

    validate_manifest(data)
    need(data, "pattern", "census", "copies")
    try:
        return make_pattern(data["pattern"], data["census"], copies=data["copies"])
    except CardgenError as e:
        raise CardgenError(f"pack.json: {e}") from None


def describe(spec: Pattern) -> str:
    return f"pattern {spec.name}, census {spec.census}, {spec.copies} copies ({spec.size} cards)"


def check_pack_folder(folder: Path, data: dict[str, Any] | None = None, *, redraw: bool = True) -> FolderCheck:
    """Every violation in a written pack folder; ``redraw``: also compare its files byte for byte
    with what this version writes (the build skips that: it has just drawn them)."""
    return check_pack_folder_with(
        folder,
        data,
        redraw=redraw,
        spec_of=spec_from_manifest,
        describe=describe,
        face=face,
        back=back,
        handout=pack_handout,
    )


def pack_handout(spec: Pattern, title: str) -> bytes:
    """The rules sheet for the pack: the got handout for its pattern, census and copies, as a web page."""
    from cardgen.layout.handouts.got import handout_for
    from cardgen.render import writer

    return writer("html")(handout_for(spec), title=title)


PRODUCT = Product("got", "Game of Trains variant pack", build_pack, check_pack_folder, command="pack")
