"""Packs for the two-dimensional 3×3 variant (seed 002, §8), built from ability categories."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.layout.card2d import grid_card_back, grid_card_face
from cardgen.options import PrintOptions, print_options
from cardgen.products import FolderCheck, Product
from cardgen.products.deck import BuildResult, Progress, sheet_plan, write_deck
from cardgen.products.numbered import check_numbered, number_width, pack_table
from cardgen.rules.grid import DEFAULT_CATEGORIES, GridPack


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
    faces = [
        (f"{c.number:0{width}d}", grid_card_face(c, spec, opts.card, title=opts.title, bleed=opts.bleed))
        for c in spec.cards()
    ]
    result = write_deck(
        slug=spec.slug,
        faces=faces,
        back=grid_card_back(spec, opts.card, title=opts.title, bleed=opts.bleed) if opts.backs else None,
        opts=opts,
        plan=sheet_plan(opts),
        manifest={"game": "got2d", "categories": list(spec.categories), "copies": spec.copies},
        extra={"pack.csv": pack_table(spec.cards())},
        check=lambda folder: check_pack2d_folder(folder).violations,
        out=out,
        progress=progress,
    )
    result.notes += [f"warning: {w}" for w in spec.warnings()]
    return result


def spec_from_manifest(data: dict[str, Any]) -> GridPack:
    try:
        return GridPack([str(c) for c in data["categories"]], int(data["copies"]))
    except (KeyError, TypeError, ValueError) as e:
        raise CardgenError(f"pack.json is incomplete or malformed: {e}") from None


def describe(spec: GridPack) -> str:
    return f"2D pack of {', '.join(spec.categories)}, {spec.copies} copies ({spec.size} cards)"


def check_pack2d_folder(folder: Path, data: dict[str, Any] | None = None) -> FolderCheck:
    from cardgen.products.readback import load_manifest

    data = data if data is not None else load_manifest(folder)
    spec = spec_from_manifest(data)
    return check_numbered(folder, data, spec, describe(spec))


PRODUCT = Product("got2d", "Game of Trains 2D pack", build_pack2d, check_pack2d_folder)
