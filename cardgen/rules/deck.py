"""The standard deck of playing cards, shared by Amtrak (seed 004: "a deck … and two Jokers") and
Train (seed 000: "52-card deck (no Jokers)"): ranks, suits, Jokers, the deck as cards, and the
check of a deck read back from its files (each card exactly once). Pure.

The deck's order, as it is printed and listed: spades, hearts, diamonds, clubs, each from the
Ace to the King, then the Jokers. Each card has a short name a player reads (``A♠``, ``10♥``)
and a file stem (``AS``, ``10H``); a Joker has no rank or suit, so two Jokers are told apart by
their ink, as in most decks: the first black, the second red (``joker-black``, ``joker-red``).

>>> cards = deck()
>>> len(cards), cards[0].name, cards[12].name, cards[-1].name, cards[-1].stem
(54, 'A♠', 'K♠', 'Joker (red)', 'joker-red')
>>> len(deck(jokers=0)), check_cards(deck()[1:] + deck()[:1], jokers=2)  # in any order
(52, [])
>>> [v.message for v in check_cards([*deck(jokers=0)[:-1], card_of("AS")], jokers=0)]
['A♠ is there twice, wanted once', 'K♣ is missing']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from cardgen.errors import CardgenError
from cardgen.params import Param, Params
from cardgen.rules.shared import Violation

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
COURTS: Final = ("J", "Q", "K")
SUITS: Final = ("spades", "hearts", "diamonds", "clubs")
SYMBOLS: Final = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
LETTERS: Final = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
RED_SUITS: Final = ("hearts", "diamonds")
JOKER: Final = "JK"  # a Joker's rank, as ``cardgen amtrak score`` writes it
JOKER_INKS: Final = ("black", "red")  # the first Joker's ink, the second's
MAX_JOKERS: Final = len(JOKER_INKS)
CARDS: Final = len(RANKS) * len(SUITS)  # 52
CHECKS: Final = ("cards", "index", "face", "role", "files")  # the named checks of a deck read back

JOKERS = Param("jokers", "int", "Jokers in the deck: 0 to 2", default=2, low=0, high=MAX_JOKERS)
FOUR_COLOUR = Param("four_colour", "bool", "Four-colour suits: ♦ blue, ♣ green", default=False, group="look")
DECK = Params(JOKERS, FOUR_COLOUR)  # the deck's own options: ``cardgen deck`` and a kit take them


@dataclass(frozen=True)
class PlayingCard:
    """One card: a rank of ``RANKS`` and a suit of ``SUITS``; a Joker is rank ``JOKER`` and its
    ink (``JOKER_INKS``) in the place of a suit."""

    rank: str
    suit: str

    def __post_init__(self) -> None:
        joker = self.rank == JOKER and self.suit in JOKER_INKS
        if not joker and (self.rank not in RANKS or self.suit not in SUITS):
            raise CardgenError(f"no playing card {self.rank!r} of {self.suit!r}")

    @property
    def joker(self) -> bool:
        return self.rank == JOKER

    @property
    def court(self) -> bool:
        return self.rank in COURTS

    @property
    def pips(self) -> int:
        """The suit symbols in the middle of its face: an Ace 1, a number card its number; else 0."""
        if self.joker or self.court:
            return 0
        return 1 if self.rank == "A" else int(self.rank)

    @property
    def symbol(self) -> str:
        """Its suit's symbol (``♠``), '' for a Joker."""
        return "" if self.joker else SYMBOLS[self.suit]

    @property
    def red(self) -> bool:
        """Whether its suit (or, for a Joker, its ink) is red."""
        return self.suit in RED_SUITS or self.suit == "red"

    @property
    def name(self) -> str:
        """``A♠``, ``10♥``, ``Joker (black)``."""
        return f"Joker ({self.suit})" if self.joker else f"{self.rank}{self.symbol}"

    @property
    def stem(self) -> str:
        """Its file's name without the ``.svg``: ``AS``, ``10H``, ``joker-black``."""
        return f"joker-{self.suit}" if self.joker else f"{self.rank}{LETTERS[self.suit]}"


def check_jokers(jokers: int) -> int:
    """``jokers`` when a deck may have that many; one line naming the option when not."""
    value: int = JOKERS.parse(jokers)
    return value


def deck(jokers: int = 2) -> list[PlayingCard]:
    """The deck in its order: each suit from the Ace to the King, then ``jokers`` Jokers (0 to 2)."""
    check_jokers(jokers)
    cards = [PlayingCard(rank, suit) for suit in SUITS for rank in RANKS]
    return cards + [PlayingCard(JOKER, ink) for ink in JOKER_INKS[:jokers]]


_BY_STEM: Final = {c.stem: c for c in deck(MAX_JOKERS)}
_NUMBER: Final = {c: i for i, c in enumerate(_BY_STEM.values(), 1)}


def card_of(stem: str) -> PlayingCard | None:
    """The card a file stem names (``AS``, ``10H``, ``joker-red``), or None when it names none."""
    return _BY_STEM.get(stem)


def number_of(card: PlayingCard) -> int:
    """The card's place in the full deck's order (1 to 54): how a violation names its cards."""
    return _NUMBER[card]


def check_cards(found: Sequence[PlayingCard], *, jokers: int) -> list[Violation]:
    """Each card of the deck of ``jokers`` Jokers exactly once in ``found`` (the cards read back
    from a deck's files): every card there twice or more, every card missing, every card that
    is no card of this deck (a third Joker, a Joker in a deck without), each in one line.

    >>> [v.message for v in check_cards(deck(jokers=1) + deck(jokers=2)[-1:], jokers=1)]
    ['Joker (red) is there, but this deck has 1 Joker']
    """
    counts = Counter(found)
    wanted = deck(jokers)
    out: list[Violation] = []
    for card in wanted:
        n = counts[card]
        if n > 1:
            out.append(Violation("cards", f"{card.name} is there {_times(n)}, wanted once", (number_of(card),)))
    out += [Violation("cards", f"{c.name} is missing", (number_of(c),)) for c in wanted if not counts[c]]
    for card in sorted(set(counts) - set(wanted), key=number_of):
        has = f"{jokers} Joker{'s' if jokers != 1 else ''}" if jokers else "no Jokers"
        out.append(Violation("cards", f"{card.name} is there, but this deck has {has}", (number_of(card),)))
    return out


def _times(n: int) -> str:
    return "twice" if n == 2 else f"{n} times"
