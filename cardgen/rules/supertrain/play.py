"""Playing a round of SuperTrain (seed 003): the deal, trains, markers, doubles, the action tiles,
turns, the end of a round and its scores. Pure.

The seed plays "by Puremco's Mexican Train rules" with 21 wild tiles added; what it leaves to those
rules is decided here, once, in ``DECISIONS`` (the handout's Rulings box prints them, and
``tests/test_supertrain_play.py`` tests each with a hand-worked example). Which end of a tile may be
laid on which end is the referee's (``rules.supertrain.referee``): the engine builds its table from it.

A ``Round`` holds the whole state. The only choices a player makes are plays: ``legal_plays()``
lists them, and ``play(move)`` makes one (``CardgenError`` for anything else). Drawing, passing,
markers, skips and the D-Train's draw follow from the rules and happen by themselves between plays;
``phase`` is ``"play"`` while a player has to choose, ``"over"`` at the end. Tiles are numbered by
their place in ``TILES`` (the full 112-tile set); ends are coded as small numbers (``code``).
Trains are numbered by seat, the Mexican Train last (``players``).

>>> r = Round(players=4, round_no=1, hands=deal(4, 1, seed=7)[0], pile=deal(4, 1, seed=7)[1])
>>> r.phase, r.current, [len(h) for h in r.hands], len(r.pile)
('play', 0, [18, 18, 18, 18], 39)
>>> move = r.legal_plays()[0]
>>> TILES[move.tile].name in [TILES[t].name for t in r.hands[0]]
True

The rule decisions (``DECISIONS``), each tested:
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from cardgen.errors import CardgenError
from cardgen.rules.shared import mix64
from cardgen.rules.supertrain.dominoes import ENGINES, LETTERS, TRAIN, End, Tile, hand_size, tile_set
from cardgen.rules.supertrain.referee import judge

__all__ = [
    "DECISIONS",
    "MAX_ROUNDS",
    "PLAIN_ROUNDS",
    "TILES",
    "Play",
    "Round",
    "code",
    "deal",
    "end_of",
    "train_name",
]

DECISIONS: tuple[str, ...] = (
    "14 rounds, on the engines 12-12 … 0-0, then the Train-Train (13 without the wild tiles); the engine is set "
    "aside before the deal.",
    "Player 1 leads round 1, player 2 round 2, and so on; every round starts clockwise.",
    "Your train and the Mexican Train start from the engine; anyone may start the Mexican Train, always open.",
    "One tile a turn, on your train, the Mexican Train or a marked train (an A-Train anywhere). Play if you can; "
    "if not, draw one tile and play if you then can.",
    "Owe a play you cannot make? Your marker goes on your train until you play on it again.",
    "A double earns one more play. An open double must be satisfied first, by whoever plays, on any train; the "
    "turn that opens it may lay a second double elsewhere, never a third.",
    "No double on an open double; the Double Train never starts a train (the engine is a double), but on the "
    "Train-Train engine any tile may.",
    "Cannot follow your own double? Draw; still unable, mark your train and leave the double open.",
    "T-Train: one more play, up to five tiles with doubles, one double left open at most. Drawn after a double "
    "you could not follow, it and the next play may go anywhere.",
    "At the end of the turn: D, the next player draws first; S, the next player misses a turn; R, play reverses "
    "for the round (no change with two). An A-Train must still satisfy an open double.",
    "A round ends when a player is out, even after a double or a T-Train, or when the bone pile is empty and "
    "nobody could play even on an open train.",
    "Equal lowest totals share the win.",
)

__doc__ = (__doc__ or "") + "\n" + "".join(f"* {d}\n" for d in DECISIONS)

TILES: tuple[Tile, ...] = tuple(tile_set("full"))
MAX_ROUNDS = len(ENGINES)  # 14
PLAIN_ROUNDS = MAX_ROUNDS - 1  # no Train-Train round without the wild tiles
MAX_TURNS = 5000  # a round that lasts this long is stopped (the rules end every round well before)

_CODES: tuple[End, ...] = (*range(13), TRAIN, *LETTERS)
TRAIN_CODE = 13
T_CODE = _CODES.index("T")


def code(end: End) -> int:
    """An end as the engine stores it: 0..12 the numbers, 13 the Red Train, 14..18 the Letters A D R S T."""
    return _CODES.index(end)


def end_of(c: int) -> End:
    return _CODES[c]


# Per tile (by index in TILES): its two ends coded, and what the engine asks of it.
A_END = tuple(code(t.a) for t in TILES)
B_END = tuple(code(t.b) for t in TILES)
DOUBLE = tuple(t.is_double for t in TILES)
WILD = tuple(t.is_wild for t in TILES)
POINTS = tuple(t.points for t in TILES)
LETTER = tuple(t.a if t.is_action else "" for t in TILES)
NAME = tuple(t.name for t in TILES)
FIRST_OF_NAME = {n: i for i, n in reversed(list(enumerate(NAME)))}  # a tile's name → its first index
KIND = tuple(FIRST_OF_NAME[n] for n in NAME)  # the same for tiles alike (the three A-Trains)
ENGINE_ID = tuple(TILES.index(e) for e in ENGINES)

Fits = tuple[tuple[tuple[tuple[int, int], ...], ...], ...]  # [end code][tile] → ((laid, left), ...)


def _fits(on_double: bool, on_engine: bool) -> Fits:
    """The referee's answers for every exposed end and every tile, coded: (laid end, end left) pairs."""
    by_name: dict[tuple[int, str], tuple[tuple[int, int], ...]] = {}
    table = []
    for c, end in enumerate(_CODES):
        row = []
        for tile in TILES:
            key = (c, tile.name)
            if key not in by_name:
                if end in LETTERS and (on_double or on_engine):
                    by_name[key] = ()  # a letter end is never a double
                else:
                    v = judge(end, tile, on_double=on_double, on_engine=on_engine)
                    by_name[key] = tuple((code(w.laid), code(w.left)) for w in v.ways if w.left is not None)
            row.append(by_name[key])
        table.append(tuple(row))
    return tuple(table)


FIT_END = _fits(False, False)
FIT_DOUBLE = _fits(True, False)
FIT_ENGINE = _fits(False, True)


class Play(NamedTuple):
    """Tile ``tile`` (an index in ``TILES``) laid on train ``train`` by its end ``laid``, leaving ``left``."""

    tile: int
    train: int
    laid: int
    left: int

    def describe(self, players: int) -> str:
        return f"{NAME[self.tile]} on {train_name(self.train, players)} by its {end_of(self.laid)} end"


def train_name(train: int, players: int) -> str:
    return "the Mexican Train" if train == players else f"seat {train}'s train"


def deal(players: int, round_no: int, seed: int, wilds: bool = True) -> tuple[list[list[int]], list[int]]:
    """The hands and the bone pile (top first) of round ``round_no`` of the game seeded ``seed``.

    The engine is taken out, the other 111 tiles shuffled by ``random.Random(mix64(seed ^ round_no))`` and
    dealt in blocks, seat 0 first. Without ``wilds``, the same deal with each wild tile replaced by the
    next number tile of the bone pile, seat by seat (``DECISIONS``).

    >>> hands, pile = deal(2, 1, seed=3)
    >>> [len(h) for h in hands], len(pile)
    ([25, 25], 61)
    >>> hands, pile = deal(2, 1, seed=3, wilds=False)
    >>> [len(h) for h in hands], any(WILD[t] for h in hands for t in h), len(pile)
    ([25, 25], False, 40)
    """
    if not 1 <= round_no <= (MAX_ROUNDS if wilds else PLAIN_ROUNDS):
        raise CardgenError(f"round {round_no} is out of range: allowed 1 to {MAX_ROUNDS if wilds else PLAIN_ROUNDS}")
    size = hand_size(players)
    engine = ENGINE_ID[round_no - 1]
    order = [i for i in range(len(TILES)) if i != engine]
    random.Random(mix64(seed ^ round_no)).shuffle(order)
    hands = [order[p * size : (p + 1) * size] for p in range(players)]
    pile = order[players * size :]
    if wilds:
        return hands, pile
    rest = [t for t in pile if not WILD[t]]
    plain = []
    for hand in hands:
        kept = [t for t in hand if not WILD[t]]
        need = size - len(kept)
        plain.append(kept + rest[:need])
        rest = rest[need:]
    return plain, rest


@dataclass
class Counts:
    """What happened in a round, counted (``rules.supertrain.simulation`` tallies it)."""

    plays: int = 0
    draws: int = 0  # a player unable to play drew
    passes: int = 0  # turns ended with a play that could not be made (a marker put down)
    doubles: int = 0
    wild_plays: int = 0  # Red Train wilds (numbers and the Double Train) played
    skips: int = 0
    reversals: int = 0
    d_draws: int = 0  # tiles drawn because of a D-Train
    special_t: int = 0  # the T-Train's special circumstance
    actions: dict[str, int] | None = None  # letter → times played
    a_where: dict[str, int] | None = None  # an A-Train laid on: own, mexican, marked, unmarked (another's)
    t_sizes: dict[int, int] | None = None  # tiles laid in a turn the T-Train was played in

    def bump(self, name: str, key: Any) -> None:
        table = getattr(self, name)
        if table is None:
            table = {}
            setattr(self, name, table)
        table[key] = table.get(key, 0) + 1


class Round:
    """One round: the state, the legal plays and the rules between them (see the module docstring).

    ``hands``: each seat's tiles; ``pile``: the bone pile, top first; ``first``: the seat that leads
    (default: round ``round_no`` is led by seat ``(round_no - 1) % players``). ``on_event``, when given,
    is called with every event as it happens (``rules.supertrain.simulation`` writes traces with it).
    """

    def __init__(
        self,
        players: int,
        round_no: int,
        hands: list[list[int]],
        pile: list[int],
        first: int | None = None,
        on_event: Any = None,
    ) -> None:
        if not 2 <= players <= 8:
            raise CardgenError(f"players {players} is out of range: allowed 2 to 8")
        if len(hands) != players:
            raise CardgenError(f"{len(hands)} hands for {players} players")
        self.players = players
        self.round_no = round_no
        self.engine = ENGINE_ID[round_no - 1]
        self.hands = [list(h) for h in hands]
        self.pile = list(reversed(pile))  # the top at the end: drawn with pop()
        trains = players + 1
        self.ends = [A_END[self.engine]] * trains
        self.laid = [0] * trains
        self.open = [False] * trains  # the train ends in a double not yet played on
        self.marked = [False] * players + [True]  # the Mexican Train is always open
        self.direction = 1
        self.current = (round_no - 1) % players if first is None else first
        self.turns = 0
        self.phase = "play"
        self.reason = ""  # "out" or "blocked" once over
        self.out: int | None = None
        self.counts = Counts()
        self.on_event = on_event
        self._pending_draw = False
        self._cache: list[Play] | None = None
        # the turn in progress (``_start_turn`` sets them)
        self._owed = 1  # plays the player still owes: one, one more for each double and for the T-Train
        self._drew = False
        self._opened_now: set[int] = set()  # trains whose open double was laid this turn
        self._exempt = 0  # plays left that need not satisfy an open double (the T-Train's special circumstance)
        self._special: int | None = None  # the T-Train drawn in that circumstance
        self._laid_now = 0
        self._t_turn = False
        self._skip = False
        self._draw_next = False
        self._start_turn()
        self._advance()

    # ------------------------------------------------------------ what may be played

    def _plays(self, p: int, *, all_open: bool = False, fresh: bool = False) -> list[Play]:
        """Every legal play of seat ``p`` now (``fresh``: as at the start of a turn of theirs;
        ``all_open``: as if every train had a marker)."""
        trains = range(self.players + 1)
        opens = [t for t in trains if self.open[t]]
        opened_now = set() if fresh else self._opened_now
        must = bool(opens) and not (0 if fresh else self._exempt)
        doubles_elsewhere = must and len(opens) < 2 and all(t in opened_now for t in opens)
        special = None if fresh else self._special
        marked = list(trains) if all_open else [t for t in trains if t == p or self.marked[t]]
        rows = [
            (FIT_DOUBLE if self.open[t] else FIT_ENGINE if not self.laid[t] else FIT_END)[self.ends[t]] for t in trains
        ]
        open_to_all = [*marked, *(t for t in opens if t not in marked)]
        out: list[Play] = []
        seen: set[int] = set()
        for tile in self.hands[p]:
            kind = KIND[tile]
            if kind in seen:
                continue
            seen.add(kind)
            if must and tile != special:
                targets: Sequence[int] = opens
                if doubles_elsewhere and DOUBLE[tile]:
                    eligible = trains if LETTER[tile] == "A" else marked
                    targets = [*opens, *(t for t in eligible if not self.open[t])]
            elif LETTER[tile] == "A":
                targets = trains
            else:
                targets = open_to_all
            for t in targets:
                for laid, left in rows[t][tile]:
                    out.append(Play(tile, t, laid, left))
        return out

    def legal_plays(self) -> list[Play]:
        """The plays the current player may make (never empty while ``phase`` is ``"play"``)."""
        if self.phase != "play":
            return []
        if self._cache is None:
            self._cache = self._plays(self.current)
        return self._cache

    # ------------------------------------------------------------ playing

    def play(self, move: Play) -> None:
        """Make ``move``, a play of the current player; then everything the rules do until the next choice."""
        if move not in self.legal_plays():
            raise CardgenError(f"not a legal play: {move.describe(self.players)}")
        p, tile, t = self.current, move.tile, move.train
        self._cache = None
        self.hands[p].remove(tile)
        self.ends[t] = move.left
        self.laid[t] += 1
        self.open[t] = DOUBLE[tile]
        if DOUBLE[tile]:
            self._opened_now.add(t)
        else:
            self._opened_now.discard(t)
        if t == p:
            self.marked[p] = False
        c = self.counts
        c.plays += 1
        self._laid_now += 1
        self._owed -= 1
        if DOUBLE[tile]:
            self._owed += 1
            c.doubles += 1
        if self._exempt:
            self._exempt -= 1
        letter = LETTER[tile]
        if WILD[tile] and not letter:
            c.wild_plays += 1
        elif letter:
            c.bump("actions", letter)
        if letter == "T":
            self._owed += 1
            self._t_turn = True
            if self._special == tile:
                self._exempt = 1  # the follow-up goes anywhere eligible too
                c.special_t += 1
        elif letter == "R":
            self.direction = -self.direction
            c.reversals += 1
        elif letter == "S":
            self._skip = True
        elif letter == "D":
            self._draw_next = True
        elif letter == "A":
            where = "own" if t == p else "mexican" if t == self.players else "marked" if self.marked[t] else "unmarked"
            c.bump("a_where", where)
        self._special = None
        self._emit(
            {
                "event": "play",
                "turn": self.turns,
                "player": p,
                "tile": NAME[tile],
                "train": "mexican" if t == self.players else t,
                "laid": end_of(move.laid),
                "left": end_of(move.left),
            }
        )
        if not self.hands[p]:
            self._finish("out", p)
            return
        if self._owed == 0:
            self._end_turn(stuck=False)
        self._advance()

    def _emit(self, event: dict[str, Any]) -> None:
        if self.on_event is not None:
            self.on_event(event)

    def _draw(self, p: int, why: str) -> int | None:
        if not self.pile:
            return None
        tile = self.pile.pop()
        self.hands[p].append(tile)
        self._emit({"event": "draw", "turn": self.turns, "player": p, "tile": NAME[tile], "why": why})
        return tile

    def _start_turn(self) -> None:
        self.turns += 1
        self._owed = 1
        self._drew = False
        self._opened_now = set()
        self._exempt = 0
        self._special = None
        self._laid_now = 0
        self._t_turn = False
        self._skip = False
        self._draw_next = False
        if self._pending_draw:
            self._pending_draw = False
            if self._draw(self.current, "D-Train") is not None:
                self.counts.d_draws += 1

    def _advance(self) -> None:
        """Draw, pass and move on by the rules until the current player has a play to choose, or the round ends."""
        while self.phase == "play":
            self._cache = None
            if self.legal_plays():
                return
            p = self.current
            if not self._drew:
                self._drew = True
                tile = self._draw(p, "stuck")
                if tile is not None:
                    self.counts.draws += 1
                    if LETTER[tile] == "T" and self._opened_now:
                        self._special = tile  # a double played and not followed: the T may go anywhere
                    continue
            self.marked[p] = True
            self.counts.passes += 1
            self._emit({"event": "pass", "turn": self.turns, "player": p})
            self._end_turn(stuck=True)

    def _end_turn(self, stuck: bool) -> None:
        if self._t_turn:
            self.counts.bump("t_sizes", self._laid_now)
        p, step = self.current, self.direction
        nxt = (p + step) % self.players
        if self._skip:
            self.counts.skips += 1
            self._emit({"event": "skip", "player": nxt})
            nxt = (nxt + step) % self.players
        self._pending_draw = self._draw_next
        if stuck and not self.pile and self._blocked():
            self._finish("blocked", None)
            return
        if self.turns >= MAX_TURNS:
            self._finish("capped", None)
            return
        self.current = nxt
        self._start_turn()

    def _blocked(self) -> bool:
        """Nobody could play, even with every train open (the bone pile being empty)."""
        return not any(self._plays(q, all_open=True, fresh=True) for q in range(self.players))

    def _finish(self, reason: str, out: int | None) -> None:
        self.phase = "over"
        self.reason = reason
        self.out = out
        self._cache = None

    # ------------------------------------------------------------ what a round leaves

    def scores(self) -> list[int]:
        """Each seat's points left in hand (the player out scores 0)."""
        return [sum(POINTS[t] for t in hand) for hand in self.hands]

    def hand_names(self, p: int) -> list[str]:
        return [NAME[t] for t in self.hands[p]]

    def train_end(self, train: int) -> End:
        return end_of(self.ends[train])

    def follows(self, p: int, end: int) -> int:
        """Tiles of seat ``p`` that could be laid on ``end`` (a plain end, not a double)."""
        return sum(1 for t in self.hands[p] if FIT_END[end][t])
