"""Simulated figures in a sentence a handout could print. Pure.

``sentence(summary)`` turns a ``cardgen.rules.simulate.Summary`` into "about 14
turns each with 4 players; the first seat wins 27 %": the median of a won
game's turns ÷ players, rounded to a whole turn, and the share of all games
(capped ones too) the first player to move won, rounded to a whole per cent.
``amtrak_sentence`` does the same for ``cardgen.rules.amtrak_simulate``'s
summaries. Neither says how many games were played or with which bot: a
caller that prints one should say so beside it.

>>> from cardgen.rules.simulate import Summary
>>> s = Summary(games=100, players=4, won=100, capped=0, stalled=0, turns_per_player_median=14.25,
...             turns_per_player_p10=11.0, turns_per_player_p90=18.0, wins=(27, 25, 24, 24),
...             win_share=(0.27, 0.25, 0.24, 0.24), ability_uses=(), exhausted_games=0, exhaustions=0, reshuffles=0)
>>> sentence(s)
'about 14 turns each with 4 players; the first seat wins 27 %'
"""

from __future__ import annotations

from cardgen.rules.amtrak_simulate import AmtrakSummary
from cardgen.rules.simulate import Summary

__all__ = ["amtrak_sentence", "percent", "sentence"]


def percent(share: float) -> str:
    """A share as a whole per cent, as the sentences print it (``0.274`` → ``27 %``).

    >>> percent(0.274), percent(0.005), percent(1.0)
    ('27 %', '1 %', '100 %')
    """
    return f"{int(share * 100 + 0.5)} %"  # half up, not to even: 0.5 % reads as 1 %


def _turns(median: float) -> str:
    n = max(1, int(median + 0.5))
    return f"{n} turn{'s' if n != 1 else ''}"


def sentence(summary: Summary) -> str:
    """How long a game lasts and how often the first seat wins, in words.

    >>> from dataclasses import replace
    >>> from cardgen.rules.simulate import Summary
    >>> none = Summary(10, 2, 0, 10, 0, None, None, None, (0, 0), (0.0, 0.0), (), 0, 0, 0)
    >>> sentence(none)
    'no game was won within the turn cap with 2 players'
    """
    players = f"{summary.players} players"
    if summary.turns_per_player_median is None:
        return f"no game was won within the turn cap with {players}"
    return (
        f"about {_turns(summary.turns_per_player_median)} each with {players}; "
        f"the first seat wins {percent(summary.win_share[0])}"
    )


def amtrak_sentence(summary: AmtrakSummary) -> str:
    """Solo: the chance of a Full-Staff train; with others: a train's median score and the first seat's wins."""
    if summary.players == 1:
        if summary.chance is None:
            return "no solo game was played out"
        return f"a Full-Staff train before the deck runs out in about {percent(summary.chance)} of solo games"
    if summary.score_median is None:
        return f"no game was played out with {summary.players} players"
    return (
        f"a train scores about {int(summary.score_median + 0.5)} points with {summary.players} players; "
        f"the first seat wins {percent(summary.win_share[0])}"
    )
