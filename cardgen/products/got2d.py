"""Packs for the two-dimensional 3×3 variant (seed 002, §8), built from ability categories.

``build_pack2d(categories="row-swap,col-swap,remove")`` writes ``<out>/got-2d-rs-cs-rm/``
as a linear pack's folder is written (``numbered.NumberedPack``), with the 2D handout for
exactly these categories and copies as its ``rules.html``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.layout.got.card import pack_type, title_warning
from cardgen.layout.got.card2d import grid_card_back, grid_card_face, grid_faces
from cardgen.layout.got.handout2d import handout
from cardgen.layout.shapes import Drawing
from cardgen.layout.theme import DEFAULT
from cardgen.manifest import Field
from cardgen.options import PrintOptions
from cardgen.products.numbered import NumberedPack
from cardgen.render import writer
from cardgen.rules.got.grid_packs import DEFAULT_CATEGORIES, GridPack, PackAbility2D
from cardgen.rules.got.printed import Item
from cardgen.rules.shared import Card
from cardgen.write.deck import BuildResult, Progress


class GridPackProduct(NumberedPack[GridPack]):
    name = "got2d"
    title = "Game of Trains 2D pack"
    command = "pack2d"
    keys = {"categories": Field("names", 1, 40), "copies": Field("int", 1, 100)}
    table_keys = ("categories",)
    table_hint = "--categories for a 2D pack"
    # narrower, the longest corner index ("row A: swap any 2") runs out of the card at 6 pt;
    # shorter, a long title runs into the large number even cut to one line under the index
    min_card = (30.0, 50.0)

    def record(self, spec: GridPack) -> dict[str, object]:
        return {"categories": list(spec.categories), "copies": spec.copies}

    def from_record(self, data: dict[str, Any]) -> GridPack:
        return GridPack(data["categories"], data["copies"])

    def from_table(self, copies: int | None, **options: Any) -> GridPack:
        return GridPack(options["categories"], copies)

    def describe(self, spec: GridPack) -> str:
        copies = f"{spec.copies} {'copy' if spec.copies == 1 else 'copies'}"
        return f"2D pack of {', '.join(spec.categories)}, {copies} ({spec.size} cards)"

    def named(self, spec: GridPack) -> str:
        return f"3×3 pack: {', '.join(spec.categories)}"

    def face(self, item: Item[Card[PackAbility2D]], spec: GridPack, opts: PrintOptions) -> Drawing:
        assert item.card is not None  # a 2D pack has no wild cards
        return grid_card_face(
            item.card, spec, opts.card, title=opts.title, bleed=opts.bleed, theme=opts.theme or DEFAULT
        )

    def back(self, spec: GridPack, opts: PrintOptions, mark: str = "") -> Drawing:
        return grid_card_back(spec, opts.card, title=opts.title, bleed=opts.bleed, theme=opts.theme or DEFAULT)

    def handout(self, spec: GridPack, title: str) -> bytes:
        """The 2D handout for the pack's categories and copies, as a web page."""
        return writer("html")(handout(",".join(spec.categories), spec.copies), title=title)

    def notes(self, spec: GridPack, opts: PrintOptions) -> list[str]:
        kind = pack_type(grid_faces(spec), opts.card, opts.title, opts.theme or DEFAULT)
        warning = title_warning(kind, opts.title)
        return [f"warning: {w}" for w in spec.warnings()] + ([warning] if warning else [])


PACK = GridPackProduct()


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
    return PACK.write(spec, opts=opts, out=out, progress=progress)


PRODUCT = PACK.product(build_pack2d)
