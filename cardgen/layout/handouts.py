"""Rules handouts, one content builder per game: ``handout(**options) -> Document``. Pure.

Every table, count and example in a handout is computed by that game's rules engine
(``cardgen.rules``); the prose around them is written here, in the project's words.
``GAMES`` lists the games, what each handout covers and which options it takes.

>>> sorted(GAMES)
['amtrak', 'got', 'got2d', 'supertrain', 'train']
>>> build("train").slug
'handout-train'
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

from cardgen.errors import CardgenError
from cardgen.layout.document import Document


@dataclass(frozen=True)
class Game:
    name: str
    title: str  # what the handout covers, for --list
    options: tuple[str, ...]  # keyword options its builder takes
    module: str  # the module whose ``handout(**options)`` builds it, in the game's layout package


GAMES: dict[str, Game] = {
    g.name: g
    for g in (
        Game(
            "got",
            "Game of Trains variant packs: a pattern and census, its ability table, the optional rules it prints",
            ("pattern", "census", "copies", "numbers", "packs", "wilds", "win", "simulate"),
            "got.handout",
        ),
        Game(
            "got2d",
            "the 3×3 two-dimensional Game of Trains, for a choice of ability categories",
            ("categories",),
            "got.handout2d",
        ),
        Game(
            "supertrain",
            "SuperTrain dominoes: double-12 set with 21 wild and action tiles",
            ("simulate",),
            "supertrain.handout",
        ),
        Game("amtrak", "Amtrak, the card game: Tracks, Cars, Fleets, bonuses", (), "amtrak.handout"),
        Game("train", "Train, the 52-card game in four rounds, with a one-page quick reference", (), "train.handout"),
    )
}


def game(name: str) -> Game:
    key = name.strip().lower() if isinstance(name, str) else ""
    if key not in GAMES:
        raise CardgenError(f"unknown game {name!r}: choose one of {', '.join(GAMES)} (see cardgen handout --list)")
    return GAMES[key]


def build(name: str, **options: Any) -> Document:
    """The handout of game ``name``; options it does not take are refused in one line."""
    found = game(name)
    given = {k: v for k, v in options.items() if v is not None}
    extra = [k for k in given if k not in found.options]
    if extra:
        takes = f"it takes {', '.join('--' + o for o in found.options)}" if found.options else "it takes none"
        raise CardgenError(f"the {found.name} handout has no option --{extra[0]}: {takes}")
    doc: Document = import_module(f"cardgen.layout.{found.module}").handout(**given)
    return doc
