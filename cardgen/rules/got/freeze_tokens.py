"""Freeze tokens (seed 002, §11): how many each player needs, and a sheet of them checked. Pure.

"Each player needs several small tokens such as coins, buttons, or checkers." At the beginning
of a turn a player may freeze one card of their sequence with a token; the card "can never be
taken from this space by swapping, replacement, removal, et cetera; by the owner or any other
player", and "a frozen card can never be unfrozen".

Decisions (written down, as the seed README asks):

* **How many**: a frozen card is frozen for good, so a token is never used twice, and a player
  never freezes more cards than the sequence has spaces: each player needs **census** tokens
  (``needed``), 7 for the factory's census. A sheet prints ``per_player`` each (default 7).
* **Whose**: every player's tokens have their own colour *and* their own symbol, so players who
  cannot tell the colours apart can tell the symbols apart, and a symbol still reads on a token
  lying any way round (no two symbols are the same shape turned: no square and diamond).

>>> needed(7), needed(5)
(7, 5)
>>> [t.stem for t in token_set(2, 2)]
['p1-01', 'p1-02', 'p2-01', 'p2-02']
>>> check_tokens([1, 1, 2], players=2, per_player=2)
[Violation(check='tokens', message='player 2 has 1 token, wanted 2', cards=())]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.errors import CardgenError
from cardgen.rules.got.abilities import MAX_CENSUS
from cardgen.rules.shared import Violation

MIN_PLAYERS, MAX_PLAYERS = 2, 8
DEFAULT_PER_PLAYER = 7  # the factory's census: one token a space
TOKEN_CHECKS = ("tokens", "files")


def needed(census: int) -> int:
    """Tokens one player needs at ``census``: one a space (a frozen card never thaws)."""
    return census


@dataclass(frozen=True)
class Token:
    """One token: its player (1-based) and its place among that player's tokens (1-based)."""

    player: int
    index: int

    @property
    def stem(self) -> str:
        """Its file name: ``p3-07``."""
        return f"p{self.player}-{self.index:02d}"


def check_counts(players: int, per_player: int) -> None:
    """One line when a sheet's counts are out of range."""
    for name, value, lo, hi in (
        ("players", players, MIN_PLAYERS, MAX_PLAYERS),
        ("tokens per player", per_player, 1, MAX_CENSUS),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise CardgenError(f"{name} {value!r} is out of range: {lo} to {hi}")


def token_set(players: int, per_player: int = DEFAULT_PER_PLAYER) -> list[Token]:
    """Every token of the sheet, player by player."""
    check_counts(players, per_player)
    return [Token(p, i) for p in range(1, players + 1) for i in range(1, per_player + 1)]


def check_tokens(found: Sequence[int], *, players: int, per_player: int) -> list[Violation]:
    """The players whose tokens ``found`` (read back, one player number a token) are not
    ``per_player`` each, and tokens of players the sheet does not have.

    >>> [v.message for v in check_tokens([1, 1, 1, 2, 2, 3], players=2, per_player=2)]
    ['player 1 has 3 tokens, wanted 2', 'a token of player 3: the sheet is for players 1 to 2']
    """
    counts = Counter(found)
    out = []
    for p in range(1, players + 1):
        if counts[p] != per_player:
            out.append(
                Violation(
                    "tokens", f"player {p} has {counts[p]} token{'s' if counts[p] != 1 else ''}, wanted {per_player}"
                )
            )
    for p in sorted(set(counts) - set(range(1, players + 1))):
        what = "a token" if counts[p] == 1 else f"{counts[p]} tokens"
        out.append(Violation("tokens", f"{what} of player {p}: the sheet is for players 1 to {players}"))
    return out
