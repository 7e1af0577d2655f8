"""SuperTrain dominoes: the tiles, the set, hands, rounds, what plays on what, and scoring (seed 003).

A SuperTrain set is the 91 double-12 number tiles plus 21 wild tiles: the 14
Red Train wilds (0-Train … 12-Train, Train-Train) and the 7 special action
wilds (A-Train ×3, D-Train, R-Train, S-Train, T-Train), 112 in all. An end is
a number 0..12, ``TRAIN`` or one of ``LETTERS``.

Decisions (the seed leaves these open):

* Ends are stored canonically: ``12-5``, ``3-Train``, ``A-Train``, ``Train-Train``.
* A letter exposed at the end of a train takes only a wild tile, and only by
  an end that is itself wild (Train or letter): a number does not match a
  letter, so ``3-Train`` goes on an ``A`` by its Train end, leaving 3 exposed.
* "Both ends are wild when playing onto a train": a letter end may be laid
  on any end, just as a Train end may, leaving the tile's Train end exposed.
* Scoring has no special value for 0-0 or doubles (``Train-Train`` is 10 + 10).
* A hand never holds more copies of a tile than the set has (``parse_hand``
  refuses two 12-5s, or four A-Trains); the order of a set does not matter.
* Hand sizes stop at 8 players: the seed gives no numbers beyond.

>>> parse_tile("train-3"), parse_tile("Train-3").points
(Tile(a=3, b='Train'), 13)
>>> score_hand(parse_hand("12-5, 3-Train A-Train"))
50
>>> len(tile_set("full")), hand_size(4), bone_pile(4), round_name(14)
(112, 18, 39, 'Train-Train')
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from cardgen.errors import CardgenError
from cardgen.rules.shared import Violation

End: TypeAlias = int | str
TRAIN = "Train"
LETTERS = ("A", "D", "R", "S", "T")
LETTER_WORDS = {"A": "Anywhere", "D": "Draw", "R": "Reverse", "S": "Skip", "T": "Twice"}
MAX_PIP = 12
MAX_TILE_TEXT = 40
SET_SIZE = 112  # 91 number tiles + 21 wilds; also the most tiles a hand can hold
CHECKS = ("tiles", "counts")


def _check_end(end: object) -> None:
    # type() is int, not isinstance: True is an int, and no tile has a True end.
    if not ((type(end) is int and 0 <= end <= MAX_PIP) or end == TRAIN or end in LETTERS):
        raise CardgenError(f"no SuperTrain end {end!r}: ends are 0 to {MAX_PIP}, Train or {' '.join(LETTERS)}")


def _rank(end: End) -> tuple[int, int]:
    """Sort key of the canonical order: numbers high to low, then letters, then Train."""
    return (0, -end) if isinstance(end, int) else (1, LETTERS.index(end)) if end in LETTERS else (2, 0)


@dataclass(frozen=True)
class Tile:
    """One domino. ``Tile(5, 12) == Tile(12, 5)``: the ends are put in canonical order."""

    a: End
    b: End

    def __post_init__(self) -> None:
        _check_end(self.a)
        _check_end(self.b)
        if (self.a in LETTERS and self.b != TRAIN) or (self.b in LETTERS and self.a != TRAIN):
            raise CardgenError(f"no SuperTrain tile '{self.a}-{self.b}': a letter end pairs only with a Red Train")
        first, second = sorted(self.ends, key=_rank)
        object.__setattr__(self, "a", first)
        object.__setattr__(self, "b", second)

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        """As the seed writes it: ``12-5``, ``3-Train``, ``A-Train``, ``Train-Train``."""
        return f"{self.a}-{self.b}"

    @property
    def slug(self) -> str:
        """A file name stem: ``12-5``, ``3-train``, ``a-train``."""
        return self.name.lower()

    @property
    def ends(self) -> tuple[End, End]:
        return (self.a, self.b)

    @property
    def is_double(self) -> bool:
        return self.a == self.b

    @property
    def is_wild(self) -> bool:
        """Has a Red Train end (every letter tile has one too)."""
        return TRAIN in self.ends

    @property
    def is_action(self) -> bool:
        return self.a in LETTERS

    @property
    def points(self) -> int:
        """Numbers at face value, 10 for each Train or letter end: ``12-5`` 17, ``A-Train`` 20."""
        return sum(e if isinstance(e, int) else 10 for e in self.ends)


NUMBER_TILES: tuple[Tile, ...] = tuple(Tile(hi, lo) for hi in range(MAX_PIP, -1, -1) for lo in range(hi, -1, -1))
WILD_TILES: tuple[Tile, ...] = (
    *(Tile(n, TRAIN) for n in range(MAX_PIP + 1)),
    Tile(TRAIN, TRAIN),
    *(Tile(letter, TRAIN) for letter in ("A", "A", *LETTERS)),
)
SETS = {"wild": WILD_TILES, "full": NUMBER_TILES + WILD_TILES}
_COPIES = Counter(SETS["full"])


def _set_key(which: str) -> str:
    key = which.strip().lower()
    if key not in SETS:
        raise CardgenError(f"unknown tile set {which!r}: choose one of {', '.join(SETS)}")
    return key


def tile_set(which: str = "wild") -> list[Tile]:
    """``wild``: the 21 wild tiles; ``full``: the 91 number tiles, then the 21 wilds."""
    return list(SETS[_set_key(which)])


def _parse_end(word: str, shown: str) -> End:
    # isascii first: "¹²".isdigit() is True, and int() must only ever see a short run of ASCII digits.
    if word.isascii() and word.isdigit():
        if len(word) > 2 or int(word) > MAX_PIP:
            raise CardgenError(f"no SuperTrain tile {shown!r}: numbers run 0 to {MAX_PIP}")
        return int(word)
    key = word.upper() if word.isascii() else ""
    if key == "TRAIN" or key in LETTERS:
        return TRAIN if key == "TRAIN" else key
    raise CardgenError(f"no SuperTrain tile {shown!r}: {word!r} is not an end (0 to {MAX_PIP}, Train, or A D R S T)")


def parse_tile(text: str) -> Tile:
    """A tile as the seed names it, either end first, any case: ``5-12``, ``train-3``, ``t-train``.

    >>> parse_tile(" 5 - 12 ").name, parse_tile("t-train").name
    ('12-5', 'T-Train')
    >>> parse_tile("A-5")
    Traceback (most recent call last):
    cardgen.errors.CardgenError: no SuperTrain tile 'A-5': a letter end pairs only with a Red Train
    """
    if len(text) > MAX_TILE_TEXT:
        raise CardgenError(f"a tile name of {len(text)} characters is too long (at most {MAX_TILE_TEXT})")
    shown = text.strip()
    parts = shown.split("-")
    if len(parts) != 2:
        raise CardgenError(f"no SuperTrain tile {shown!r}: write two ends joined by '-', like 12-5, 3-Train or A-Train")
    a, b = (_parse_end(p.strip(), shown) for p in parts)
    if (a in LETTERS and b != TRAIN) or (b in LETTERS and a != TRAIN):
        raise CardgenError(f"no SuperTrain tile {shown!r}: a letter end pairs only with a Red Train")
    return Tile(a, b)


def parse_hand(text: str) -> list[Tile]:
    """Tiles separated by spaces and/or commas; ``""`` is an empty hand.

    >>> [t.name for t in parse_hand("12-5,train-3  a-train")]
    ['12-5', '3-Train', 'A-Train']
    """
    if len(text) > SET_SIZE * (MAX_TILE_TEXT + 1):
        raise CardgenError(f"a hand of {len(text)} characters is too long")
    words = [w for w in re.split(r"[\s,]+", text) if w]
    if len(words) > SET_SIZE:
        raise CardgenError(f"a hand of {len(words)} tiles is too many: a SuperTrain set has {SET_SIZE}")
    tiles = [parse_tile(w) for w in words]
    for tile, n in Counter(tiles).items():
        if n > _COPIES[tile]:
            raise CardgenError(f"the hand holds tile {tile.name} {n} times: a SuperTrain set has {_COPIES[tile]}")
    return tiles


def check_set(tiles: Sequence[Tile], which: str) -> list[Violation]:
    """Every way ``tiles`` differ from the named set (in any order), with the 1-based positions of extra tiles.

    >>> wild = tile_set("wild")
    >>> [str(v) for v in check_set(wild[1:] + [wild[5]], "wild")]
    ['tile 0-Train missing', 'tile 5-Train appears 2 times, wanted 1']
    """
    key = _set_key(which)
    wanted = Counter(SETS[key])
    where: dict[Tile, list[int]] = {}
    for i, tile in enumerate(tiles, 1):
        where.setdefault(tile, []).append(i)
    out: list[Violation] = []
    for tile, want in wanted.items():  # the set's own order
        spots = where.get(tile, [])
        if not spots:
            out.append(Violation("tiles", f"tile {tile.name} missing" + (f", wanted {want}" if want > 1 else "")))
        elif len(spots) != want:
            times = f"{len(spots)} time{'s' if len(spots) != 1 else ''}"
            at_fault = tuple(spots) if len(spots) > want else ()
            out.append(Violation("counts", f"tile {tile.name} appears {times}, wanted {want}", at_fault))
    for tile, spots in where.items():
        if tile not in wanted:
            out.append(Violation("tiles", f"tile {tile.name} is not part of the {key} set", tuple(spots)))
    if len(tiles) != len(SETS[key]):
        out.append(Violation("counts", f"the {key} set has {len(tiles)} tiles, wanted {len(SETS[key])}"))
    return out


HAND_SIZES = {2: 25, 3: 23, 4: 18, 5: 16, 6: 14, 7: 12, 8: 11}


def hand_size(players: int) -> int:
    """Tiles each player draws (the seed's table, 2 to 8 players)."""
    if players not in HAND_SIZES:
        raise CardgenError(f"players {players} is out of range: allowed {min(HAND_SIZES)} to {max(HAND_SIZES)}")
    return HAND_SIZES[players]


def bone_pile(players: int) -> int:
    """Tiles left to draw from once hands are dealt: 112, less the engine, less every hand.

    The engine is pulled out before the shuffle in every round (Train-Train too),
    so it is never in the bone pile. 8 players leave 112 − 1 − 88 = 23.
    """
    return SET_SIZE - 1 - players * hand_size(players)


ENGINES: tuple[Tile, ...] = (*(Tile(n, n) for n in range(MAX_PIP, -1, -1)), Tile(TRAIN, TRAIN))


def round_name(round_no: int) -> str:
    """A score-sheet row label for round ``round_no`` (from 1, engine ``ENGINES[round_no - 1]``).

    >>> [round_name(r) for r in (1, 2, 13, 14)]
    ['12', '11', '0', 'Train-Train']
    """
    if not 1 <= round_no <= len(ENGINES):
        raise CardgenError(f"round {round_no} is out of range: a game has rounds 1 to {len(ENGINES)}")
    tile = ENGINES[round_no - 1]
    return tile.name if tile.is_wild else str(tile.a)


def playable_ends(exposed: End, tile: Tile) -> list[End]:
    """The ends of ``tile`` that may be laid against ``exposed`` (distinct, in the tile's order).

    A Train takes any end; a letter takes only a wild end; a number n takes n or any wild end.
    The seed's example, Train-3 onto a 3, either way round:

    >>> three_train = parse_tile("Train-3")
    >>> playable_ends(3, three_train)
    [3, 'Train']
    >>> exposed_after(3, three_train, 3), exposed_after(3, three_train, TRAIN)
    ('Train', 3)
    >>> playable_ends("A", three_train), playable_ends("A", Tile(12, 5)), playable_ends(TRAIN, Tile(12, 5))
    (['Train'], [], [12, 5])
    """
    _check_end(exposed)
    out: list[End] = []
    for end in tile.ends:
        wild = not isinstance(end, int)
        fits = exposed == TRAIN or wild or (isinstance(exposed, int) and end == exposed)
        if fits and end not in out:
            out.append(end)
    return out


def exposed_after(exposed: End, tile: Tile, end: End) -> End:
    """The end left exposed when ``tile`` is laid on ``exposed`` by its ``end``: the other end."""
    if end not in playable_ends(exposed, tile):
        raise CardgenError(f"tile {tile.name} cannot be laid on {exposed} by its {end} end")
    return tile.b if end == tile.a else tile.a


@dataclass(frozen=True)
class HandScore:
    """What a hand left at the end of a round counts against its holder."""

    tiles: tuple[Tile, ...]

    @property
    def total(self) -> int:
        return sum(t.points for t in self.tiles)

    def to_dict(self) -> dict[str, Any]:
        """``{"tiles": [{"tile": "12-5", "points": 17}, ...], "total": 17}``"""
        return {"tiles": [{"tile": t.name, "points": t.points} for t in self.tiles], "total": self.total}


def score_hand(tiles: Sequence[Tile]) -> int:
    """The sum of the hand's points (0 for an empty hand)."""
    return HandScore(tuple(tiles)).total
