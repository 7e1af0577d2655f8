"""The Game of Trains' options, declared once: what a table chooses (pattern, census, the optional
rules) and how the simulator plays it (bots, turn cap). ``PLAY`` is what ``cardgen simulate``
takes for the game, in its order; ``Variant``'s fields are declared by these (``variant.py``),
and ``cardgen pack``, ``handout`` and ``check`` take some of them (``cardgen.commands``). Pure
data, light to import: the command line reads it as it starts.

A new play rule is one declaration here, one field of ``Variant`` declared by it, and the
engine's code: the command line, the sweep grammar and the simulator's settings follow.

>>> PLAY.names[:4]
('pattern', 'census', 'players', 'copies')
>>> [p.key for p in PLAY if not p.sweepable]
['grid']
"""

from __future__ import annotations

from cardgen.params import Param, Params

PATTERN = Param(
    "pattern", "choice", "one, two or three", default="two", choices=("one", "two", "three"), short="-p",
    metavar="PATTERN",
)  # fmt: skip
GRID = Param("grid", "bool", "The 3×3 game instead of a row", default=False, sweepable=False)


def read_categories(text: object) -> str:
    """The 3×3 game's categories, comma-separated, in the seed's order (``grid_packs.GridPack``)."""
    from cardgen.rules.got.grid_packs import GridPack  # ~30 ms: only where categories are given

    return ",".join(GridPack(str(text)).categories)


CATEGORIES = Param("categories", "text", "--grid: its categories, as for pack2d", metavar="LIST", check=read_categories)
CENSUS = Param("census", "int", "Cards in a sequence", default=7, low=2, high=26, short="-n")
PLAYERS = Param("players", "int", "Players", default=4, low=2, high=6, group="players")
COPIES = Param("copies", "int", "Blocks of the pack", low=1, high=100, placeholder="the pattern's")
PACKS = Param("packs", "int", "Packs combined, numbers repeated", default=1, low=1, high=10)
WILDS = Param("wilds", "int", "Wild cards in the whole pack", default=0, low=0, high=100)
FREEZE = Param("freeze", "int", "Freeze tokens per player", default=0, low=0, high=26)
WIN = Param(
    "win", "choice", "ascending or never-descending", default="ascending",
    choices=("ascending", "never-descending"), metavar="WIN",
)  # fmt: skip
APPLY = Param("apply", "choice", "Abilities on own or any sequence", default="own", choices=("own", "any"))
NUMBERS = Param("numbers", "bool", "Add the number abilities", default=False)
SAME_SEQUENCE = Param("same_sequence", "bool", "Pattern three: swap within a sequence", default=True, negatable=True)
THREE_PARTY = Param("three_party", "bool", "Pattern three: swap between two others", default=False)
BOT = Param(
    "bot", "choice", "good or random, in every seat", default="good", choices=("good", "random"), group="players"
)
MAX_TURNS = Param("max_turns", "int", "Stop a game after N turns", default=2000, low=1, high=100_000, group="run")

PLAY = Params(
    PATTERN, CENSUS, PLAYERS, COPIES, PACKS, WILDS, FREEZE, WIN, APPLY, NUMBERS, SAME_SEQUENCE, THREE_PARTY, GRID,
    CATEGORIES, BOT, MAX_TURNS,
)  # fmt: skip
