"""Playing Amtrak the Game (seed 004): the deck, Tracks, Cars and turns, solo and multiplayer. Pure.

The seed's rules, as the engine plays them: a player's **Track** is three
face-up cards, a **Tie** and two **Rails**. A turn is one move with one's own
Track: switch the Tie with a Rail; draw from the deck and discard the card or
put it in the Track; or take the top of the discard pile and put it in the
Track. A card put in the Track replaces one, which is discarded. When the Rails
match, the three cards become a **Car** (Tie on top), the player lays a new
Track and plays again. The game ends with the turn that draws the deck's final
card; trains are scored by ``cardgen.rules.amtrak.scoring``. Solo, three cards start a
face-down pile, one more goes on it at the end of every turn, and the goal is a
Full-Staff train before the deck runs out.

Cards are rank numbers, ``RANKS`` of ``cardgen.rules.amtrak.scoring`` by index
(``A`` 0 … ``K`` 12, ``JK`` 13); suits never matter. A Track is a list
``[tie, rail, rail]``; a Car a pair ``(tie, rail)``. ``AmtrakGame`` holds the
whole state; ``legal_moves()`` lists what the current player may do and
``play(move)`` does it (``CardgenError`` for anything else).

>>> game = AmtrakGame(AmtrakSetup(players=1), seed=7)
>>> game.phase, len(game.deck) + len(game.discard) + len(game.facedown) + 3 * game.cars_total() + 3
('turn', 54)
>>> game.legal_moves()
[Switch(rail=1), Switch(rail=2), Draw(), Take(place=0), Take(place=1), Take(place=2)]

The rule decisions (``DECISIONS``), each tested in ``tests/test_amtrak_play.py``:
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.errors import CardgenError
from cardgen.params import declared
from cardgen.rules.amtrak.params import JOKERS, MAX_TURNS, PLAYERS
from cardgen.rules.amtrak.scoring import RANKS, Car, compare, full_staff, score_train

__all__ = [
    "DECISIONS",
    "JOKER",
    "ROLE",
    "AmtrakGame",
    "AmtrakMove",
    "AmtrakSetup",
    "Discard",
    "Draw",
    "Keep",
    "Switch",
    "Take",
    "card",
    "deck_of",
    "rank",
]

DECISIONS: tuple[str, ...] = (
    "The deck is the 52 cards of a standard pack and two Jokers (jokers=N to change that); suits never matter.",
    "Set-up: the deck is shuffled; its top card starts the discard pile face up; solo, the next three go face "
    "down, out of play; then each player in seat order lays a Track. Seat 0 plays first, turns go in seat order.",
    "A Track is laid from the next three cards of the deck in the order drawn: the first is the Tie, the second "
    "and third the Rails. There is no choice in it: arranging the cards is what the switch move is for.",
    "Rails match when they are of one rank; two Jokers match each other, and a Joker is not wild as a Rail.",
    "A Track whose Rails match becomes a Car at once (the Tie on top, a Rail showing), after a move or as soon as "
    "it is laid, at set-up too; its player lays another Track at once.",
    "A turn that made a Car is followed by another turn of the same player: one extra turn, however many Cars "
    "the turn made. Cars made at set-up give no extra turn.",
    "A switch exchanges the Tie with the Rail of the player's choice, and is always allowed, even between two "
    "cards of one rank (it changes nothing then).",
    "A card drawn from the deck may be discarded or put in any of the three places; the top of the discard pile "
    "must replace a card of the Track (it may not go straight back). A replaced card goes on the discard pile.",
    "The discard pile is never shuffled back into the deck; it is never empty, since taking its top card puts the "
    "replaced card there.",
    "The game ends with the turn in which the deck's final card is drawn (by a draw, by laying a Track or, solo, "
    "by the end-of-turn face-down card): that turn is completed (the card drawn is placed or discarded, a Car is "
    "made if the Rails match), no Track is laid after it, and Tracks left unassembled are discarded.",
    "Solo: a card goes face down at the end of every turn (an extra turn too). The game is won as soon as the "
    "train is Full-Staff (any of the three kinds, Substitutes standing in) and lost if it ends without one; a "
    "Full-Staff train made in the turn that drew the final card still wins.",
    "Multiplayer: trains are scored and ranked by cardgen.rules.amtrak.scoring (score_train, compare): the highest total "
    "wins, equal totals go to the Rails, and trains still equal share first place, each taking an equal part of "
    "the win.",
    "A game reaching max_turns turns (extra turns count) is stopped and reported as capped; its trains are not scored.",
    "Every card face up (Tracks, Cars, each discard as it is made) is seen by everyone; nobody sees the order of "
    "the deck or the solo face-down pile.",
)

__doc__ = (__doc__ or "") + "\n" + "".join(f"* {d}\n" for d in DECISIONS)

ACE, JACK, QUEEN, KING, JOKER = 0, 10, 11, 12, 13
ROLE: tuple[str, ...] = ("Coach",) * 10 + ("J", "Q", "K", "Substitute")
"""The Full-Staff role a Car with this Tie fills, by rank: a Coach, a Crew card, or a Substitute."""
MAX_PLAYERS = int(PLAYERS.high or 0)
MAX_JOKERS = int(JOKERS.high or 0)
DEFAULT_MAX_TURNS: int = MAX_TURNS.default
TRACK = 3


def rank(card: int) -> str:
    """The rank a card number stands for: ``rank(0)`` is ``'A'``, ``rank(13)`` ``'JK'``."""
    return RANKS[card]


def card(text: str) -> int:
    """The card number of a rank written as ``cardgen amtrak`` reads it (``A``, ``10``, ``k``, ``JK``).

    >>> card("A"), card("10"), card("k"), card("JK")
    (0, 9, 12, 13)
    """
    key = text.strip().upper()
    if key not in RANKS:
        raise CardgenError(f"{text!r} is not a rank (A 2 … 10 J Q K, JK for a Joker)")
    return RANKS.index(key)


def deck_of(jokers: int = 2) -> list[int]:
    """The unshuffled deck: four of each rank A … K, then the Jokers.

    >>> len(deck_of()), deck_of(1).count(JOKER), deck_of().count(KING)
    (54, 1, 4)
    """
    return [r for r in range(KING + 1) for _ in range(4)] + [JOKER] * jokers


@dataclass(frozen=True)
class AmtrakSetup:
    """What a user chooses: ``players`` 1 (solo) to 4, ``jokers`` in the deck, the turn cap.

    >>> AmtrakSetup(players=5)
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: players 5 is out of range: Amtrak is for 1 to 4 players
    """

    players: int = declared(PLAYERS)
    jokers: int = declared(JOKERS)
    max_turns: int = declared(MAX_TURNS)

    def __post_init__(self) -> None:
        if type(self.players) is not int or not 1 <= self.players <= MAX_PLAYERS:
            raise CardgenError(f"players {self.players} is out of range: Amtrak is for 1 to {MAX_PLAYERS} players")
        if type(self.jokers) is not int or not 0 <= self.jokers <= MAX_JOKERS:
            raise CardgenError(f"jokers {self.jokers} is out of range: allowed 0 to {MAX_JOKERS}")
        if type(self.max_turns) is not int or self.max_turns < 1:
            raise CardgenError(f"max_turns {self.max_turns} must be at least 1")

    @property
    def solo(self) -> bool:
        return self.players == 1

    def to_dict(self) -> dict[str, object]:
        return {"players": self.players, "jokers": self.jokers, "max_turns": self.max_turns}


# ---------------------------------------------------------------- moves


@dataclass(frozen=True, slots=True)
class Switch:
    """Exchange the Tie with Rail ``rail`` (1 or 2)."""

    rail: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the deck; a ``Keep`` or a ``Discard`` follows."""


@dataclass(frozen=True, slots=True)
class Take:
    """Take the top card of the discard pile and put it at ``place`` (0 the Tie, 1 and 2 the Rails)."""

    place: int


@dataclass(frozen=True, slots=True)
class Keep:
    """Put the card just drawn at ``place`` of the Track (0 the Tie, 1 and 2 the Rails)."""

    place: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard the card just drawn."""


AmtrakMove = Switch | Draw | Take | Keep | Discard
_TURN_MOVES: tuple[AmtrakMove, ...] = (Switch(1), Switch(2), Draw(), Take(0), Take(1), Take(2))
_DRAWN_MOVES: tuple[AmtrakMove, ...] = (Discard(), Keep(0), Keep(1), Keep(2))


# ---------------------------------------------------------------- the game


class AmtrakGame:
    """The whole state of one game of Amtrak, and the only way to change it: ``play``.

    Public attributes are for reading (strategies, tests); never change them directly.

    - ``deck`` (top card last), ``discard`` (top card last), ``facedown`` (solo's pile);
    - ``tracks[p]``: player p's Track ``[tie, rail, rail]`` (empty once the game is over and it
      could not be laid); ``trains[p]``: player p's Cars as ``(tie, rail)``, in the order made;
    - ``current``; ``phase``: ``"turn"``, ``"drawn"`` (a card drawn, ``hand``, waits) or ``"over"``;
      ``turn``: turns played; ``extra_turns``; ``capped``; ``final``: the deck's final card is drawn.
    """

    setup: AmtrakSetup
    players: int
    deck: list[int]
    discard: list[int]
    facedown: list[int]
    tracks: list[list[int]]
    trains: list[list[tuple[int, int]]]
    current: int
    phase: str
    hand: int | None
    turn: int
    extra_turns: int
    capped: bool
    final: bool

    def __init__(self, setup: AmtrakSetup, seed: int) -> None:
        self._setup(setup)
        deck = deck_of(setup.jokers)
        random.Random(seed).shuffle(deck)
        self.deck = deck[::-1]  # deck[0] of the shuffle is the top card, drawn first
        self.discard.append(self._draw())
        if setup.solo:
            self.facedown.extend(self._draw() for _ in range(3))
        for p in range(self.players):
            if self.phase != "over":
                self._lay(p)
                self._make_cars(p)
        if self.final and self.phase != "over":
            self.phase = "over"

    def _setup(self, setup: AmtrakSetup) -> None:
        self.setup = setup
        self.players = setup.players
        self.deck = []
        self.discard = []
        self.facedown = []
        self.tracks = [[] for _ in range(self.players)]
        self.trains = [[] for _ in range(self.players)]
        self.current = 0
        self.phase = "turn"
        self.hand = None
        self.turn = 0
        self.extra_turns = 0
        self.capped = False
        self.final = False
        self._made = False  # this turn made a Car

    @classmethod
    def from_position(
        cls,
        setup: AmtrakSetup,
        *,
        deck: Sequence[int],
        discard: Sequence[int],
        tracks: Sequence[Sequence[int]],
        trains: Sequence[Sequence[tuple[int, int]]] = (),
        facedown: Sequence[int] = (),
        current: int = 0,
    ) -> AmtrakGame:
        """A game at a given position (``deck`` and ``discard`` top card first), for examples and tests.

        The cards need not make a whole deck; Tracks need not be ready (a matching one stays until a move).
        """
        game = cls.__new__(cls)
        game._setup(setup)
        game.deck = list(deck)[::-1]
        game.discard = list(discard)[::-1]
        game.facedown = list(facedown)
        if len(tracks) != game.players or any(len(t) != TRACK for t in tracks):
            raise CardgenError(f"a position needs one Track of three cards for each of {game.players} players")
        game.tracks = [list(t) for t in tracks]
        if trains:
            game.trains = [list(t) for t in trains]
        if not 0 <= current < game.players:
            raise CardgenError(f"player {current} is not a seat of a {game.players}-player game")
        game.current = current
        return game

    # ------------------------------------------------------------ reading

    def cars(self, player: int) -> list[Car]:
        """Player ``player``'s train as ``cardgen.rules.amtrak.scoring`` cars."""
        return [Car(RANKS[t], RANKS[r]) for t, r in self.trains[player]]

    def cars_total(self) -> int:
        return sum(len(t) for t in self.trains)

    def full_staff(self, player: int = 0) -> bool:
        return full_staff(self.cars(player))

    @property
    def won(self) -> bool:
        """Solo: the train is Full-Staff."""
        return self.setup.solo and self.full_staff(0)

    def unseen(self) -> list[int]:
        """How many cards of each rank nobody has seen: those in the deck and the face-down pile."""
        counts = [0] * (JOKER + 1)
        for c in self.deck:
            counts[c] += 1
        for c in self.facedown:
            counts[c] += 1
        return counts

    def legal_moves(self) -> list[AmtrakMove]:
        """Every legal move now, in a fixed order."""
        if self.phase == "turn":
            return [m for m in _TURN_MOVES if not isinstance(m, Draw | Take) or self._can(m)]
        if self.phase == "drawn":
            return list(_DRAWN_MOVES)
        return []

    def _can(self, move: AmtrakMove) -> bool:
        return bool(self.deck) if isinstance(move, Draw) else bool(self.discard)

    def is_legal(self, move: AmtrakMove) -> bool:
        return move in self.legal_moves()

    # ------------------------------------------------------------ playing

    def play(self, move: AmtrakMove) -> None:
        """Play ``move`` for the current player; ``CardgenError`` if it is not legal now."""
        if self.phase == "over":
            raise CardgenError("the game is over")
        if not self.is_legal(move):
            raise CardgenError(f"{move} is not a legal move for player {self.current} now ({self.phase})")
        track = self.tracks[self.current]
        if isinstance(move, Draw):
            self.hand = self._draw()
            self.phase = "drawn"
            return
        if isinstance(move, Switch):
            track[0], track[move.rail] = track[move.rail], track[0]
        elif isinstance(move, Take):
            taken = self.discard.pop()
            self.discard.append(track[move.place])
            track[move.place] = taken
        else:
            assert self.hand is not None
            if isinstance(move, Keep):
                self.discard.append(track[move.place])
                track[move.place] = self.hand
            else:
                self.discard.append(self.hand)
            self.hand = None
        self._end_turn()

    def _draw(self) -> int:
        c = self.deck.pop()
        if not self.deck:
            self.final = True
        return c

    def _lay(self, p: int) -> None:
        """Lay a Track from the deck; once the final card is drawn no Track is laid (or finished)."""
        track: list[int] = []
        while len(track) < TRACK and not self.final:
            track.append(self._draw())
        if len(track) < TRACK:  # the deck ran out under it: an unassembled Track, discarded
            self.discard.extend(track)
            track = []
        self.tracks[p] = track

    def _make_cars(self, p: int) -> None:
        """While ``p``'s Rails match: a Car, and a new Track. Solo ends at once when Full-Staff."""
        track = self.tracks[p]
        while len(track) == TRACK and track[1] == track[2]:
            self.trains[p].append((track[0], track[1]))
            self._made = True
            if self.setup.solo and self.full_staff(0):
                self.tracks[p] = []
                self.phase = "over"
                return
            self.tracks[p] = []
            if self.final:
                return
            self._lay(p)
            track = self.tracks[p]

    def _end_turn(self) -> None:
        p = self.current
        self._made = False
        self._make_cars(p)
        self.turn += 1
        self.phase = "turn" if self.phase != "over" else "over"
        if self.phase == "over":
            return
        if self.setup.solo and self.deck:
            self.facedown.append(self._draw())
        if self.final:
            self.phase = "over"
        elif self.turn >= self.setup.max_turns:
            self.phase, self.capped = "over", True
        elif self._made:
            self.extra_turns += 1  # the same player again
        else:
            self.current = (p + 1) % self.players

    # ------------------------------------------------------------ the end

    def scores(self) -> list[int]:
        """Each train's total (``cardgen.rules.amtrak.scoring.score_train``)."""
        return [score_train(self.cars(p)).total for p in range(self.players)]

    def places(self) -> list[int]:
        """Each player's place (1 the winner; equal trains share one), by ``cardgen.rules.amtrak.scoring.compare``."""
        return [r.place for r in compare([self.cars(p) for p in range(self.players)])]
