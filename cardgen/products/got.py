"""Game of Trains variant packs (seed 002): patterns one, two and three, any census and copies.

``build_pack(pattern="two", census=7)`` writes ``<out>/got-pattern-two-census-7/``:
``cards/NNN.svg``, the imposed PDF, ``pack.csv``, ``pack.json`` and ``rules.html``; read
back and checked before it is moved into place (``numbered.NumberedPack``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.layout.card import card_back, card_face
from cardgen.layout.handouts.got import handout_for
from cardgen.layout.shapes import Drawing
from cardgen.layout.theme import PLAIN
from cardgen.manifest import Field
from cardgen.options import PrintOptions
from cardgen.products.numbered import NumberedPack
from cardgen.render import writer
from cardgen.rules.abilities import Ability
from cardgen.rules.check import Card
from cardgen.rules.patterns import Pattern, make_pattern
from cardgen.write.deck import BuildResult, Progress


class GamePack(NumberedPack[Pattern]):
    name = "got"
    title = "Game of Trains variant pack"
    command = "pack"
    keys = {"pattern": Field("str", 1, 20), "census": Field("int", 1, 26), "copies": Field("int", 1, 100)}
    table_keys = ("pattern", "census")
    table_hint = "--pattern and --census for a linear pack"

    def record(self, spec: Pattern) -> dict[str, object]:
        return {"pattern": spec.name, "census": spec.census, "copies": spec.copies}

    def from_record(self, data: dict[str, Any]) -> Pattern:
        return make_pattern(data["pattern"], data["census"], copies=data["copies"])

    def from_table(self, copies: int | None, **options: Any) -> Pattern:
        return make_pattern(options["pattern"], options["census"], copies=copies)

    def describe(self, spec: Pattern) -> str:
        return f"pattern {spec.name}, census {spec.census}, {spec.copies} copies ({spec.size} cards)"

    def face(self, card: Card[Ability], spec: Pattern, opts: PrintOptions) -> Drawing:
        return card_face(card, spec, opts.card, title=opts.title, bleed=opts.bleed, theme=opts.theme or PLAIN)

    def back(self, spec: Pattern, opts: PrintOptions) -> Drawing:
        return card_back(spec, opts.card, title=opts.title, bleed=opts.bleed, theme=opts.theme or PLAIN)

    def handout(self, spec: Pattern, title: str) -> bytes:
        """The got handout for the pack's pattern, census and copies, as a web page."""
        return writer("html")(handout_for(spec), title=title)


PACK = GamePack()


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
    return PACK.write(spec, opts=opts, out=out, progress=progress)


PRODUCT = PACK.product(build_pack)
