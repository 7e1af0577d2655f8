"""Packs for the two-dimensional 3×3 variant (seed 002, §8), built from ability categories."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.layout.card2d import grid_card_back, grid_card_face
from cardgen.layout.shapes import Drawing
from cardgen.layout.theme import PLAIN
from cardgen.options import PrintOptions, print_options
from cardgen.products import FolderCheck, Product
from cardgen.products.deck import BuildResult, Progress, sheet_plan, write_deck
from cardgen.products.numbered import check_pack_folder_with, number_width, pack_table
from cardgen.rules.check import Card
from cardgen.rules.grid import DEFAULT_CATEGORIES, GridAbility, GridPack


def build_pack2d(
    *,
    categories: str | None = None,
    copies: int | None = None,
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
    progress: Progress | None = None,
) -> BuildResult:
    """Write a pack for the 3×3 two-dimensional variant from a selection of §8's categories."""
    spec = GridPack(categories if categories else DEFAULT_CATEGORIES, copies)
    opts = opts or print_options()
    width = number_width(spec.size)
    faces = [(f"{c.number:0{width}d}", face(c, spec, opts)) for c in spec.cards()]
    result = write_deck(
        slug=spec.slug,
        faces=faces,
        back=back(spec, opts) if opts.backs else None,
        export_back=back(spec, opts) if opts.tts else None,
        opts=opts,
        plan=sheet_plan(opts),
        manifest={
            "game": "got2d",
            "categories": list(spec.categories),
            "copies": spec.copies,
            "cardgen_version": __version__,
        },
        extra={"pack.csv": pack_table(spec.cards()), "rules.html": lambda: pack_handout(spec, opts.title)},
        check=lambda folder: check_pack2d_folder(folder, redraw=False).violations,
        out=out,
        progress=progress,
    )
    result.notes += [f"warning: {w}" for w in spec.warnings()]
    return result


def face(card: Card[GridAbility], spec: GridPack, opts: PrintOptions) -> Drawing:
    """One card's face, as the build draws it and the checker draws it again."""
    return grid_card_face(card, spec, opts.card, title=opts.title, bleed=opts.bleed, theme=opts.theme or PLAIN)


def back(spec: GridPack, opts: PrintOptions) -> Drawing:
    return grid_card_back(spec, opts.card, title=opts.title, bleed=opts.bleed, theme=opts.theme or PLAIN)


def spec_from_manifest(data: dict[str, Any]) -> GridPack:
    """The pack definition a folder claims to hold (``data`` validated by ``readback.load_manifest``)."""
    from cardgen.products.readback import need, validate_manifest

    validate_manifest(data)
    need(data, "categories", "copies")
    try:
        return GridPack(data["categories"], data["copies"])
    except CardgenError as e:
        raise CardgenError(f"pack.json: {e}") from None


def describe(spec: GridPack) -> str:
    return f"2D pack of {', '.join(spec.categories)}, {spec.copies} {'copy' if spec.copies == 1 else 'copies'} ({spec.size} cards)"


def check_pack2d_folder(folder: Path, data: dict[str, Any] | None = None, *, redraw: bool = True) -> FolderCheck:
    """Every violation in a written 2D pack folder; ``redraw``: also compare its files byte for byte
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


def pack_handout(spec: GridPack, title: str) -> bytes:
    """The rules sheet for the pack: the 2D handout for its categories, as a web page."""
    from cardgen.layout.handouts.got2d import handout
    from cardgen.render import writer

    return writer("html")(handout(",".join(spec.categories), spec.copies), title=title)


PRODUCT = Product("got2d", "Game of Trains 2D pack", build_pack2d, check_pack2d_folder, command="pack2d")
