"""The moves of the play engine (``cardgen.rules.got.play``) and what a move did (``Step``).

Moves are small frozen dataclasses; spaces are 0-based (a 3×3 mat flat, row by row).

>>> UseAbility(57, 2, (0,)) == UseAbility(57, 2, (0,)), Place(3) == Place(3, keep=0)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Draw", "Freeze", "Move", "Pass", "Place", "Step", "TakeWild", "UseAbility"]


@dataclass(frozen=True, slots=True)
class Freeze:
    """Put a freeze token on one's own card at ``space`` (start of turn, §11)."""

    space: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the draw pile; a ``Place`` follows."""


@dataclass(frozen=True, slots=True)
class TakeWild:
    """Take a face-up wild card instead of drawing; a ``Place`` follows (§10)."""


@dataclass(frozen=True, slots=True)
class Place:
    """Put the card in hand (the opening: ``hand[keep]``) into one's own ``space``."""

    space: int
    keep: int = 0


@dataclass(frozen=True, slots=True)
class UseAbility:
    """Use face-up ``card``'s ability on ``target``'s ``spaces``, in the order cards move.

    A swap within one sequence lists its two spaces lowest first; a rotation
    lists its three in the order the cards move; a removal its one space. A
    swap across two sequences (§6) moves ``target``'s ``spaces[0]`` and
    ``other``'s ``spaces[1]``.
    """

    card: int
    target: int
    spaces: tuple[int, ...]
    other: int | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """No action is open: the turn passes (only then is it legal)."""


Move = Freeze | Draw | TakeWild | Place | UseAbility | Pass


@dataclass(frozen=True, slots=True)
class Step:
    """What a move did, for a trace. ``event`` is ``""`` for a move that only starts a turn's action."""

    event: str  # "opening" | "freeze" | "turn" | ""
    player: int
    n: int = 0  # the turn's number, from 1 (0 in the opening)
    action: str = ""  # "place" | "ability" | "pass"
    card: int | None = None
    space: int | None = None
    target: int | None = None
    spaces: tuple[int, ...] = ()
    other: int | None = None
    drawn: tuple[int, ...] = ()  # the opening: the cards drawn
    from_faceup: bool = False  # a face-up wild card taken instead of drawing
    reshuffled: bool = False
