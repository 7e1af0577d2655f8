"""SuperTrain's referee for one play: may this tile be laid on this exposed end, which way round, and
why, in the seed's words (seed 003). Pure.

An exposed end is a number (0 to 12), a Red Train or a Letter. ``judge(end, tile)`` answers for
each end of the tile: laid against ``end`` it is allowed (leaving the other end exposed) or refused,
with the rule that says so. ``on_double`` is an end that is a double (an open double waiting to be
satisfied); ``on_engine`` the engine itself, the double every train starts from.

The seed's rules, as the referee applies them:

* "The Red Train ends of the dominoes can be played onto any number, symbol or double."
* A number end plays onto the same number (Mexican Train), or onto a Red Train, which "can be
  subsequently played onto by any domino".
* The seven action tiles: "Both ends are wild when playing onto a train. However, only another wild
  domino can ever be played onto a Letter end when it is the exposed end of a train."
* "The Double Train can only be played perpendicular as a double just like any other double and
  cannot be played onto another double": never on an open double, nor on the engine.

Decided here (``rules.supertrain.play.DECISIONS`` lists them all): a number end never matches a
Letter; no double of any kind is laid on an open double (a double is satisfied by a tile that is not
one); in the Train-Train round any tile may start a train on the engine, doubles too ("any domino in
your hand can be used to start your personal train").

>>> from cardgen.rules.supertrain.dominoes import parse_tile
>>> v = judge(3, parse_tile("Train-3"))
>>> [(w.laid, w.left) for w in v.ways]
[(3, 'Train'), ('Train', 3)]
>>> judge("A", parse_tile("12-5")).legal
False
>>> print(judge(5, parse_tile("Train-Train"), on_double=True).text())
no: Train-Train may not be laid on an open 5 double
  by its Red Train end: refused, the Double Train can only be played perpendicular as a double and cannot be played onto another double
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgen.errors import CardgenError
from cardgen.rules.supertrain.dominoes import LETTER_WORDS, LETTERS, MAX_PIP, TRAIN, End, Tile

__all__ = ["REASONS", "Verdict", "Way", "describe_end", "judge", "parse_end"]

REASONS = {
    "train": "a Red Train end can be played onto any number, symbol or double",
    "number": "a number end plays onto the same number",
    "wild-number": "the number end of a wild domino may be played onto a matching number, leaving the Red Train exposed",
    "onto-train": "a Red Train end can be subsequently played onto by any domino",
    "letter-wild": "both ends of a special action tile are wild when playing onto a train",
    "letter-end": "only another wild domino (Red Train or Letter) can ever be played onto a Letter end",
    "mismatch": "a number end must match the number it is laid on",
    "double-train": "the Double Train can only be played perpendicular as a double and cannot be played onto "
    "another double",
    "double-on-double": "a double is satisfied by a tile that is not a double: no double is laid on an open double",
}


def describe_end(end: End) -> str:
    """An end in words: ``5``, ``the Red Train``, ``the Letter A``."""
    if end == TRAIN:
        return "the Red Train"
    if isinstance(end, str):
        return f"the Letter {end}"
    return str(end)


def parse_end(text: str) -> End:
    """An exposed end as a user writes it: ``5``, ``Train`` (or ``red``), ``A`` … ``T`` (any case).

    >>> parse_end("7"), parse_end("train"), parse_end("t")
    (7, 'Train', 'T')
    """
    word = text.strip()
    if word.isascii() and word.isdigit() and len(word) <= 2 and int(word) <= MAX_PIP:
        return int(word)
    key = word.upper() if word.isascii() else ""
    if key in ("TRAIN", "RED", "RED TRAIN"):
        return TRAIN
    if key in LETTERS:
        return key
    raise CardgenError(
        f"no SuperTrain end {text.strip()[:40]!r}: an end is a number 0 to {MAX_PIP}, Train, or a Letter "
        f"({' '.join(LETTERS)})"
    )


def _follows(left: End) -> str:
    if left == TRAIN:
        return "the Red Train is left exposed: anything may follow"
    if isinstance(left, str):
        return f"the Letter {left} ({LETTER_WORDS[left]}) is left exposed: only a wild tile may follow"
    return f"{left} is left exposed: only a {left} or a wild tile may follow"


@dataclass(frozen=True)
class Way:
    """One end of the tile laid against the exposed end: allowed (``left`` the end it exposes) or not."""

    laid: End
    left: End | None  # None: refused
    reason: str

    @property
    def allowed(self) -> bool:
        return self.left is not None

    def text(self) -> str:
        side = "its Red Train end" if self.laid == TRAIN else f"its {self.laid} end"
        if self.left is None:
            return f"by {side}: refused, {self.reason}"
        return f"by {side}: yes, {self.reason}; {_follows(self.left)}"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"laid": self.laid, "allowed": self.allowed, "reason": self.reason}
        if self.left is not None:
            out["left"] = self.left
        return out


@dataclass(frozen=True)
class Verdict:
    """Everything the referee says of ``tile`` on ``end``: each way round, allowed or refused."""

    end: End
    tile: Tile
    on_double: bool
    on_engine: bool
    ways: tuple[Way, ...]  # the ways allowed, in the tile's order
    refused: tuple[Way, ...]

    @property
    def legal(self) -> bool:
        return bool(self.ways)

    def _where(self) -> str:
        if self.on_engine:
            return f"the engine ({describe_end(self.end)})"
        if self.on_double:
            return f"an open {self.end} double" if self.end != TRAIN else "an open Double Train"
        return describe_end(self.end)

    def text(self) -> str:
        head = f"{'yes' if self.legal else 'no'}: {self.tile.name} "
        head += f"{'may' if self.legal else 'may not'} be laid on {self._where()}"
        if self.legal and self.tile.is_double:
            head += "; a double, laid crosswise: it must be satisfied before any other play"
        elif self.legal and self.on_double:
            head += ", satisfying it"
        return "\n".join([head, *(f"  {w.text()}" for w in (*self.ways, *self.refused))])

    def to_dict(self) -> dict[str, Any]:
        return {
            "end": self.end,
            "tile": self.tile.name,
            "double_open": self.on_double,
            "engine": self.on_engine,
            "legal": self.legal,
            "ways": [w.to_dict() for w in (*self.ways, *self.refused)],
        }


def _way(end: End, tile: Tile, laid: End, on_double: bool, on_engine: bool) -> Way:
    left = tile.b if laid == tile.a else tile.a
    if tile == Tile(TRAIN, TRAIN) and (on_double or on_engine):
        return Way(laid, None, REASONS["double-train"])
    if tile.is_double and on_double:
        return Way(laid, None, REASONS["double-on-double"])
    if laid in LETTERS:
        return Way(laid, left, REASONS["letter-wild"])
    if laid == TRAIN:
        return Way(laid, left, REASONS["train"])
    if end in LETTERS:
        return Way(laid, None, REASONS["letter-end"])
    if end == TRAIN:
        return Way(laid, left, REASONS["onto-train"])
    if laid != end:
        return Way(laid, None, REASONS["mismatch"])
    return Way(laid, left, REASONS["wild-number" if tile.is_wild else "number"])


def judge(end: End, tile: Tile, *, on_double: bool = False, on_engine: bool = False) -> Verdict:
    """The referee's verdict on laying ``tile`` on the exposed ``end`` (see the module docstring)."""
    if on_double and on_engine:
        raise CardgenError("an end is the engine or an open double, not both")
    if end in LETTERS and (on_double or on_engine):
        raise CardgenError(f"a Letter end ({end}) is never a double")
    if not ((type(end) is int and 0 <= end <= MAX_PIP) or end == TRAIN or end in LETTERS):
        raise CardgenError(f"no SuperTrain end {end!r}: ends are 0 to {MAX_PIP}, Train or {' '.join(LETTERS)}")
    ends = tile.ends if not tile.is_double else tile.ends[:1]
    ways = [_way(end, tile, laid, on_double, on_engine) for laid in ends]
    return Verdict(
        end, tile, on_double, on_engine, tuple(w for w in ways if w.allowed), tuple(w for w in ways if not w.allowed)
    )
