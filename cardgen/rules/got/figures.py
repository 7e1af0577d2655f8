"""Simulated figures in a sentence a handout could print. Pure.

``sentence(summary)`` turns a ``cardgen.rules.got.simulation.Summary`` into "about 14
turns each with 4 players; the first seat wins 27 %": the median of a won
game's turns ÷ players, rounded to a whole turn, and the share of all games
(capped ones too) the first player to move won, rounded to a whole per cent.
It does not say how many games were played or with which bot: a caller that
prints one should say so beside it (Amtrak's sentence is
``cardgen.rules.amtrak.simulation.amtrak_sentence``).

>>> from cardgen.rules.got.simulation import Summary
>>> s = Summary(games=100, players=4, won=100, capped=0, stalled=0, turns_per_player_median=14.25,
...             turns_per_player_p10=11.0, turns_per_player_p90=18.0, wins=(27, 25, 24, 24),
...             win_share=(0.27, 0.25, 0.24, 0.24), ability_uses=(), exhausted_games=0, exhaustions=0, reshuffles=0)
>>> sentence(s)
'about 14 turns each with 4 players; the first seat wins 27 %'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgen.rules.got.variant import DEFAULT_MAX_TURNS
from cardgen.rules.shared import percent

if TYPE_CHECKING:  # (types only: a pack's handout prints figures without importing the play engine)
    from cardgen.rules.got.patterns import Pattern
    from cardgen.rules.got.simulation import Summary

__all__ = ["PackFigures", "PlayerRow", "sentence", "words"]


def _turns(median: float) -> str:
    n = max(1, int(median + 0.5))
    return f"{n} turn{'s' if n != 1 else ''}"


def sentence(summary: Summary) -> str:
    """How long a game lasts and how often the first seat wins, in words.

    >>> from dataclasses import replace
    >>> from cardgen.rules.got.simulation import Summary
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


# ---------------------------------------------------------------- a handout's figures


@dataclass(frozen=True)
class PlayerRow:
    """One number of players: the games' summary, or why the pack could not be played (``why``)."""

    players: int
    summary: Summary | None
    why: str = ""


@dataclass(frozen=True)
class PackFigures:
    """The simulated figures of one pack: ``games`` games for each row's number of players."""

    spec: Pattern
    games: int
    seed: int
    bot: str
    rows: tuple[PlayerRow, ...]

    def command(self, players: int) -> str:
        """The ``cardgen simulate`` command that plays the same games with ``players`` players."""
        s = self.spec
        parts = [f"--pattern {s.name}", f"--census {s.census}", f"--copies {s.copies}", f"--players {players}"]
        parts += [f"--packs {s.packs}"] if s.packs > 1 else []
        parts += [f"--wilds {s.wilds}"] if s.wilds else []
        parts += [f"--win {s.win}"] if s.win != "ascending" else []
        parts += ["--numbers"] if s.numbers else []
        return f"cardgen simulate {' '.join(parts)} --games {self.games} --seed {self.seed}"


def _pc(share: float) -> str:
    """A whole per cent that never breaks from its sign: ``27\u00a0%``."""
    return percent(share).replace(" ", "\u00a0")


def _whole(x: float) -> int:
    return int(x + 0.5)


def words(row: PlayerRow) -> str:
    """One number of players in plain words: "with 4 players a game lasts about 6 turns each (4 to
    8); the first seat wins 33 % of games, against 25 % for an even share"
    (each per cent sign joined to its number by a no-break space).

    The length is the median of a won game's turns ÷ players, and in brackets the 10th and 90th
    percentiles (the middle 8 games of 10), each rounded to a whole turn;
    games that never ended (the turn cap, or every player stuck) are counted apart.

    >>> words(PlayerRow(3, None, "a pack of 12 cards is too small for 3 players at census 3: it needs at least 18"))
    'with 3 players: not played, as a pack of 12 cards is too small for 3 players at census 3: it needs at least 18'
    """
    p = row.players
    s = row.summary
    if s is None:
        return f"with {p} players: not played, as {row.why}"
    unfinished = s.capped + s.stalled
    never = (
        f"; {unfinished} game{'s' if unfinished != 1 else ''} of {s.games} never ended"
        f" ({s.capped} stopped at the {DEFAULT_MAX_TURNS:,}-turn cap, {s.stalled} with nobody able to move)"
        if unfinished
        else ""
    )
    if s.turns_per_player_median is None:
        return f"with {p} players no game was won{never}"
    median = _whole(s.turns_per_player_median)
    low, high = _whole(s.turns_per_player_p10 or 0.0), _whole(s.turns_per_player_p90 or 0.0)
    spread = f" ({low} to {high})" if low != high else ""
    return (
        f"with {p} players a game lasts about {median} turn{'s' if median != 1 else ''} each{spread}; "
        f"the first seat wins {_pc(s.win_share[0])} of games, against {_pc(1 / p)} for an even share"
        f"{never}"
    )
