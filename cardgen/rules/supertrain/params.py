"""SuperTrain's options, declared once: how ``cardgen simulate supertrain`` plays it. ``PLAY`` is
what the command takes for the game, in its order; the simulator reads each typed value by its
declaration (``simulate.supertrain.request``) and sweeps those ``sweepable`` (players, rounds)
with the shared grammar. Pure data, light to import: the command line reads it as it starts.

>>> [p.key for p in PLAY]
['players', 'rounds', 'no-wilds', 'bot']
>>> PLAY["players"].low, PLAY["players"].high, PLAY["rounds"].high
(2, 8, 14)
"""

from __future__ import annotations

from cardgen.params import Param, Params

# the seed's table of hand sizes runs from 2 to 8 players; a game's engines are 12-12 down to
# 0-0 and then Train-Train: 14 rounds (``rules.supertrain.play.MAX_ROUNDS``, held equal by a test)
PLAYERS = Param("players", "int", "Players", default=4, low=2, high=8, group="players")
ROUNDS = Param("rounds", "int", "Rounds to play", default=14, low=1, high=14)
NO_WILDS = Param("no_wilds", "bool", "Without the 21 wild tiles", default=False, sweepable=False)
BOT = Param(
    "bot", "choice", "good or random, in every seat", default="good", choices=("good", "random"), group="players"
)

PLAY = Params(PLAYERS, ROUNDS, NO_WILDS, BOT)
