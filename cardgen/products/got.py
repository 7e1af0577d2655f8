"""Game of Trains variant packs (seed 002): patterns one, two and three, any census and copies,
and the optional rules printed: the §9 number abilities (``numbers``), several packs combined
(§7, ``packs``, each card marked with its pack's letter), wild cards (§10, ``wilds``) and the
winning definition the table plays (``win``).

``build_pack(pattern="two", census=7)`` writes ``<out>/got-pattern-two-census-7/``:
``cards/NNN.svg``, the imposed PDF, ``pack.csv``, ``pack.json`` and ``rules.html``; read
back and checked before it is moved into place (``numbered.NumberedPack``). The optional
rules add to the folder's name (``-numbers``, ``-packs-2``, ``-wilds-2``, ``-win-nd``) and,
only when asked for, to ``pack.json`` (``numbers``, ``packs``, ``wilds``, ``win``), so a
pack without them is written as before. Wild cards are ``cards/W01.svg`` … after the numbered
cards, rows ``W,wild`` in ``pack.csv``; several packs are ``cards/A-001.svg`` … ``B-001.svg``
…, their backs ``back-A.svg`` …, with a ``pack`` column in ``pack.csv`` (``rules.got.printed``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.layout.got.back import card_back
from cardgen.layout.got.card import card_face, pack_type, pattern_faces, title_warning
from cardgen.layout.got.handout import handout_for
from cardgen.layout.got.wild import wild_face
from cardgen.layout.shapes import Drawing
from cardgen.layout.theme import DEFAULT
from cardgen.manifest import Field
from cardgen.options import PrintOptions
from cardgen.products.numbered import NumberedPack, number_width
from cardgen.render import writer
from cardgen.rules.got.params import CENSUS, PATTERN
from cardgen.rules.got.patterns import PackAbility, Pattern, make_pattern
from cardgen.rules.got.printed import MAX_PACKS, MAX_WILDS, Item
from cardgen.rules.got.sequences import WINS
from cardgen.rules.shared import Card
from cardgen.write.deck import BuildResult, Progress


class GamePack(NumberedPack[Pattern]):
    name = "got"
    title = "Game of Trains variant pack"
    command = "pack"
    keys = {
        "pattern": Field("str", 1, 20),
        "census": Field("int", 1, 26),
        "copies": Field("int", 1, 100),
        # the optional rules, recorded only when asked for
        "numbers": Field("bool", required=False),
        "packs": Field("int", 2, MAX_PACKS, required=False),
        "wilds": Field("int", 1, MAX_WILDS, required=False),
        "win": Field("str", choices=WINS, required=False),
    }
    table_keys = ("pattern", "census")
    table_hint = "--pattern and --census for a linear pack"
    # narrower, the longest note ("remove the lowest even card", --numbers) runs out of the card
    # at 6 pt; shorter, a long title runs into the large number even cut to one line under the index
    min_card = (36.0, 50.0)

    def record(self, spec: Pattern) -> dict[str, object]:
        own: dict[str, object] = {"pattern": spec.name, "census": spec.census, "copies": spec.copies}
        own |= {"numbers": True} if spec.numbers else {}
        own |= {"packs": spec.packs} if spec.packs > 1 else {}
        own |= {"wilds": spec.wilds} if spec.wilds else {}
        return own | ({"win": spec.win} if spec.win != "ascending" else {})

    def from_record(self, data: dict[str, Any]) -> Pattern:
        return make_pattern(
            data["pattern"],
            data["census"],
            copies=data["copies"],
            numbers=data.get("numbers", False),
            packs=data.get("packs", 1),
            wilds=data.get("wilds", 0),
            win=data.get("win", "ascending"),
        )

    def from_table(self, copies: int | None, **options: Any) -> Pattern:
        return make_pattern(options["pattern"], options["census"], copies=copies)

    def describe(self, spec: Pattern) -> str:
        text = f"pattern {spec.name}, census {spec.census}, {spec.copies} copies ({spec.size} cards)"
        extras = ["with number abilities"] if spec.numbers else []
        extras += [f"{spec.packs} packs"] if spec.packs > 1 else []
        extras += [f"{spec.wilds} wild card{'s' if spec.wilds > 1 else ''}"] if spec.wilds else []
        extras += [f"winning {spec.win}"] if spec.win != "ascending" else []
        total = f": {spec.printed_size} cards printed" if spec.printed_size != spec.size else ""
        return text + "".join(f", {e}" for e in extras) + total

    def named(self, spec: Pattern) -> str:
        return f"pattern {spec.name}, census {spec.census}" + (f", {spec.packs} packs" if spec.packs > 1 else "")

    def printed(self, spec: Pattern) -> list[Item[Any]]:
        return list(spec.printed(width=number_width(spec.size)))

    def face(self, item: Item[Card[PackAbility]], spec: Pattern, opts: PrintOptions) -> Drawing:
        theme = opts.theme or DEFAULT
        if item.card is None:
            where = f"pattern {spec.name}, census {spec.census}"
            faces = pattern_faces(spec, bool(item.mark))  # its index and title as the pack's cards have them
            return wild_face(
                opts.card, set_name=where, title=opts.title, bleed=opts.bleed, theme=theme, mark=item.mark, faces=faces
            )
        return card_face(item.card, spec, opts.card, title=opts.title, bleed=opts.bleed, theme=theme, mark=item.mark)

    def back(self, spec: Pattern, opts: PrintOptions, mark: str = "") -> Drawing:
        theme = opts.theme or DEFAULT
        return card_back(spec, opts.card, title=opts.title, bleed=opts.bleed, theme=theme, mark=mark)

    def notes(self, spec: Pattern, opts: PrintOptions) -> list[str]:
        kind = pack_type(pattern_faces(spec, spec.packs > 1), opts.card, opts.title, opts.theme or DEFAULT)
        warning = title_warning(kind, opts.title)
        return [warning] if warning else []

    def handout(self, spec: Pattern, title: str) -> bytes:
        """The got handout for the pack's pattern, census and copies, as a web page."""
        return writer("html")(handout_for(spec), title=title)


PACK = GamePack()


def build_pack(
    *,
    pattern: str = PATTERN.default,
    census: int = CENSUS.default,
    copies: int | None = None,
    players: int | None = None,
    numbers: bool = False,
    packs: int = 1,
    wilds: int = 0,
    win: str = "ascending",
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
    progress: Progress | None = None,
) -> BuildResult:
    """Write a Game of Trains variant pack: card SVGs, the imposed PDF, the pack table, the rules;
    with the optional rules asked for: number abilities, ``packs`` packs combined, ``wilds``
    wild cards, the winning definition ``win``."""
    spec = make_pattern(
        pattern, census, copies=copies, players=players, numbers=numbers, packs=packs, wilds=wilds, win=win
    )
    if spec.packs > 1 and opts is not None and (opts.png or opts.tts):
        raise CardgenError(
            "--png and --tts export one pack: build them without --packs (a combined pack prints the same cards again)"
        )
    if spec.packs > 1 and opts is not None and opts.preset is not None and opts.preset.files:
        raise CardgenError(
            f"--preset {opts.preset.name} exports one pack with one back: build it without --packs "
            "(a combined pack prints the same cards again)"
        )
    return PACK.write(spec, opts=opts, out=out, progress=progress)


PRODUCT = PACK.product(build_pack)
