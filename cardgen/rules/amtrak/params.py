"""Amtrak's options, declared once: how the simulator plays it. ``PLAY`` is what ``cardgen
simulate amtrak`` takes, in its order; ``AmtrakSetup``'s fields are declared by these
(``play.py``). Pure data, light to import: the command line reads it as it starts.

>>> [p.key for p in PLAY]
['solo', 'players', 'jokers', 'bot', 'max-turns']
"""

from __future__ import annotations

from cardgen.params import Param, Params

SOLO = Param("solo", "bool", "One player: chance of a Full-Staff train", default=False, sweepable=False)
PLAYERS = Param("players", "int", "Players (1: solo)", default=1, low=1, high=4, group="players")
JOKERS = Param("jokers", "int", "Jokers in the deck", default=2, low=0, high=8)
BOT = Param(
    "bot", "choice", "good or random, in every seat", default="good", choices=("good", "random"), group="players"
)
MAX_TURNS = Param("max_turns", "int", "Stop a game after N turns", default=2000, low=1, high=100_000, group="run")

PLAY = Params(SOLO, PLAYERS, JOKERS, BOT, MAX_TURNS)
