"""Game of Trains variant packs (seed 002): patterns one, two and three, any census and copies.

Writes ``<out>/got-pattern-two-census-7/``: ``cards/NNN.svg``, the imposed PDF,
``pack.csv``, ``pack.json`` and ``rules.html``; read back and checked before it
is moved into place.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.layout.card import card_back, card_face
from cardgen.options import PrintOptions, print_options
from cardgen.products import FolderCheck, Product
from cardgen.products.deck import BuildResult, Progress, sheet_plan, write_deck
from cardgen.products.numbered import check_numbered, number_width, pack_table
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
    faces = [
        (f"{c.number:0{width}d}", card_face(c, spec, opts.card, title=opts.title, bleed=opts.bleed))
        for c in spec.cards()
    ]
    return write_deck(
        slug=spec.slug,
        faces=faces,
        back=card_back(spec, opts.card, title=opts.title, bleed=opts.bleed) if opts.backs else None,
        opts=opts,
        plan=sheet_plan(opts),
        manifest={"game": "got", "pattern": spec.name, "census": spec.census, "copies": spec.copies},
        extra={"pack.csv": pack_table(spec.cards()), "rules.html": pack_handout(spec, opts.title)},
        check=lambda folder: check_pack_folder(folder).violations,
        out=out,
        progress=progress,
    )


def spec_from_manifest(data: dict[str, Any]) -> Pattern:
    """The pack definition a folder claims to hold."""
    try:
        return make_pattern(str(data["pattern"]), int(data["census"]), copies=int(data["copies"]))
    except (KeyError, TypeError, ValueError) as e:
        raise CardgenError(f"pack.json is incomplete or malformed: {e}") from None


def describe(spec: Pattern) -> str:
    return f"pattern {spec.name}, census {spec.census}, {spec.copies} copies ({spec.size} cards)"


def check_pack_folder(folder: Path, data: dict[str, Any] | None = None) -> FolderCheck:
    from cardgen.products.readback import load_manifest

    data = data if data is not None else load_manifest(folder)
    spec = spec_from_manifest(data)
    return check_numbered(folder, data, spec, describe(spec))


def pack_handout(spec: Pattern, title: str) -> bytes:
    """The rules sheet for the pack, with the decisions this tool made written down."""
    from cardgen.layout.card import ACCENTS
    from cardgen.products.handout import render_handout
    from cardgen.rules.abilities import LETTERS
    from cardgen.rules.check import span

    cards = spec.cards()
    table = [(a.label, span([c.number for c in cards if c.ability == a]).split(" ", 1)[1]) for a in spec.abilities]
    return render_handout(
        "got-pack.html.j2",
        title=title or f"Game of Trains, pattern {spec.name}, census {spec.census}",
        pattern=spec.name,
        blurb=spec.blurb,
        census=spec.census,
        copies=spec.copies,
        block=spec.block,
        size=spec.size,
        letters=f"{LETTERS[0]} to {LETTERS[spec.census - 1]}",
        last_letter=LETTERS[spec.census - 1],
        cross_players=spec.cross_players,
        has_removals=spec.has_removals,
        accent=ACCENTS.get(spec.name, "#000"),
        blocks=list(range(1, spec.copies + 1)),
        table=table,
    )


PRODUCT = Product("got", "Game of Trains variant pack", build_pack, check_pack_folder)
