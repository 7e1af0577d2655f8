"""The 52-card game "Train": the referee for a play, the deal, the rounds and the score (seeds 000, 001).

Cards are ranks only, suits never matter: ``A 2 3 4 5 6 7 8 9 10 J Q K``. A play is the cards laid at once, in the
order laid (bottom first). ``judge`` says whether a play may go on a top card, what kind of play it is and why, in one
plain sentence.

>>> judge(parse_cards("7"), on="5")
Verdict(legal=True, kind='single', reason='a 7 goes on a 5 in central play: 2 higher')
>>> judge(parse_cards("k,k"), on="7").reason
'double Kings go only on a 4, not on a 7'
>>> judge(parse_cards("2,3,4,5,6"), on="A", where="closed", hand=parse_cards("6 5 4 3 2")).kind
'train'

Decisions (gaps the rules leave):

1. Values A = 1, 2 to 10, J = 11, Q = 12, K = 13, no wrap-around (only a Queen goes on a King); the central rule
   (1 or 2 higher, or 1 lower) holds for face cards too.
2. In central play an Ace is an ordinary card worth 1 (it goes on a 2); A, A is a number Double (it goes on an Ace).
3. On a pile an Ace is the closing move whatever the top card, and is played alone (no Ace-ended Sandwich on a pile).
   ``judge`` cannot see the other piles: ``open_piles`` (open now, this one included) of 1 refuses the Ace; left
   out, the Ace is allowed. The per-round limits (3, 2, 1, 0 closed) are this rule.
4. ``where="pile"``: central rules without Doubles or Double Sandwiches. ``on=None`` there is a face-down pile as
   dealt, which takes only a closing Ace.
5. ``where="closed"``: the closing Ace is the sequence's A, so a 2 goes on it next; one play may lay several sequence
   cards in a row (2, 4, 5), as play is not by turns; nothing else goes on it (no Sandwich, no Double). On the K
   (``on="K"``) the pile restarts as a round does; after that it is ``where="pile"``.
6. A round starts (``on=None``, central) with a lone 2 or exactly two Doubles (four of a kind counts), not with a
   Sandwich of 2s or one Double. When nobody can start and all draw a card, the same rule holds after the draw.
7. A Sandwich's middle card is free, as is a Double Sandwich's middle Double (the seed's J, 4, 4, J lays 4, 4 on a
   Jack); only the bottom card follows the central rule. Mid-round X, X, X, X is a Double Sandwich; at a start, two
   Doubles.
8. A Train is 2, 3, ... up by one (two cards at least), laid in order, and the player's whole hand: ``judge`` raises
   without ``hand``. A lone 2, or a whole hand that is a reopening run (2, 4, 5), is a reopening.
9. Given ``hand``, every play must come out of it.
10. Card text: commas and/or spaces between ranks, any case, ``T`` for 10, ``1`` refused (write A); at most 52 cards,
    400 characters and four of a rank.
11. Deals are for 2 to 4 players (2 only in a tie-breaker), the rest split evenly into piles, larger first. Rounds
    after the fourth are tie-breakers, set up as Round 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TypeVar

from cardgen.errors import CardgenError
from cardgen.rules import deck

RANKS: tuple[str, ...] = deck.RANKS  # the standard deck's, which Train plays without its Jokers
VALUE: dict[str, int] = {rank: i + 1 for i, rank in enumerate(RANKS)}
REOPENING: tuple[str, ...] = ("A", "2", "4", "5", "7", "9", "J", "K")
FACE_DOUBLES: dict[str, str] = {"K": "4", "Q": "5", "J": "6"}
STEPS: dict[int, str] = {1: "1 higher", 2: "2 higher", -1: "1 lower"}
PLACES: tuple[str, ...] = ("central", "pile", "closed")
SHAPES: tuple[str, ...] = ("single", "sandwich", "double", "double sandwich", "set of doubles")
KINDS: tuple[str, ...] = (*SHAPES, "closing", "reopening", "train", "unknown")
PILES_BY_ROUND: dict[int, int] = {1: 4, 2: 3, 3: 2, 4: 1}
CLOSED_BY_ROUND: dict[int, int] = {1: 3, 2: 2, 3: 1, 4: 0}
ROUNDS = 4
HAND = 7
DECK = deck.CARDS  # 52
MAX_TEXT = 400
_SPELLINGS = {rank: rank for rank in RANKS} | {"T": "10"}
_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
_SEQUENCE = ", ".join(REOPENING)
P = TypeVar("P", bound=Hashable)


@dataclass(frozen=True)
class Verdict:
    """The referee's answer: whether the play is legal, its kind (one of ``KINDS``), and why."""

    legal: bool
    kind: str
    reason: str


# --- cards --------------------------------------------------------------------------------


def _show(token: str) -> str:
    return repr(token if len(token) <= 12 else token[:12] + "…")


def _rank(token: object) -> str:
    if not isinstance(token, str):
        raise CardgenError(f"a card is a rank written as text, not {type(token).__name__}")
    word = token.strip()
    key = word.upper() if word.isascii() else word
    if key not in _SPELLINGS:
        hint = " (write A for an Ace)" if key == "1" else ""
        raise CardgenError(f"unknown card {_show(word)}: ranks are {' '.join(RANKS)}{hint}")
    return _SPELLINGS[key]


def _name(rank: str) -> str:
    return _NAMES.get(rank, rank)


def _a(rank: str) -> str:
    name = _name(rank)
    return f"{'an' if name[0] in 'A8' else 'a'} {name}"


def _said(cards: Sequence[str]) -> str:
    return _a(cards[0]) if len(cards) == 1 else ", ".join(cards)


def _checked(cards: Sequence[str], what: str) -> tuple[str, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    if len(cards) > DECK:
        raise CardgenError(f"too many cards in the {what}: {len(cards)}, at most {DECK}")
    out = tuple(_rank(card) for card in cards)
    for rank, n in Counter(out).items():
        if n > 4:
            raise CardgenError(f"a 52-card deck holds four {_name(rank)}s, not {n}")
    return out


def parse_cards(text: str) -> tuple[str, ...]:
    """Cards written as text: commas and/or spaces between ranks, any case, ``T`` for 10.

    >>> parse_cards("j, 8 ,J"), parse_cards("t 10 a")
    (('J', '8', 'J'), ('10', '10', 'A'))
    """
    if len(text) > MAX_TEXT:
        raise CardgenError(f"too much text for a list of cards: {len(text)} characters, at most {MAX_TEXT}")
    if not text.strip():
        raise CardgenError("no cards given")
    words: list[str] = []
    for piece in text.split(","):
        if not piece.split():
            raise CardgenError("a card is missing between two commas (or before or after one)")
        words.extend(piece.split())
    return _checked(words, "list")


def parse_top(text: str) -> str | None:
    """The top card for ``judge(on=...)``: one card, or ``start`` (nothing laid yet) for None."""
    if len(text) <= MAX_TEXT and text.strip().lower() == "start":
        return None
    cards = parse_cards(text)
    if len(cards) != 1:
        raise CardgenError(f"the top is one card (or start), not {len(cards)} cards")
    return cards[0]


# --- the referee --------------------------------------------------------------------------


def _shape(cards: tuple[str, ...]) -> str:
    n = len(cards)
    if n == 1:
        return "single"
    if cards[0] == "2" and all(VALUE[hi] == VALUE[lo] + 1 for lo, hi in pairwise(cards)):
        return "train"
    if n == 2 and cards[0] == cards[1]:
        return "double"
    if n == 3 and cards[0] == cards[2]:
        return "sandwich"
    if n == 4 and cards[0] == cards[3] and cards[1] == cards[2]:
        return "double sandwich"
    if n == 4 and cards[0] == cards[1] and cards[2] == cards[3]:
        return "set of doubles"
    return "unknown"


def _step(card: str, top: str) -> tuple[bool, str]:
    d = VALUE[card] - VALUE[top]
    if d in STEPS:
        return True, STEPS[d]
    said = "the same rank" if d == 0 else f"{abs(d)} {'higher' if d > 0 else 'lower'}"
    return False, f"{said}, not 1 or 2 higher or 1 lower"


def _closing(open_piles: int | None) -> Verdict:
    if open_piles == 1:
        return Verdict(False, "closing", "an Ace may not close the last open pile: one pile must always stay open")
    return Verdict(True, "closing", "an Ace closes a pile, whatever its top card, while another pile stays open")


def _start(cards: tuple[str, ...], restart: bool) -> Verdict:
    what = "a reopened pile restarts" if restart else "a round starts"
    if cards == ("2",):
        return Verdict(True, "single", f"{what} with a 2")
    if len(cards) == 4 and cards[0] == cards[1] and cards[2] == cards[3]:
        return Verdict(True, "set of doubles", f"{what} with two sets of Doubles ({_said(cards)})")
    return Verdict(False, _shape(cards), f"{what} with a 2 or two sets of Doubles, not with {_said(cards)}")


def _train(cards: tuple[str, ...], held: tuple[str, ...] | None) -> Verdict:
    if cards[0] != "2":
        return Verdict(False, "train", f"a Train must begin with a 2, not {_a(cards[0])}")
    for lo, hi in pairwise(cards):
        if VALUE[hi] != VALUE[lo] + 1:
            return Verdict(False, "train", f"a Train climbs by one (2, 3, 4, …): {_a(hi)} does not follow {_a(lo)}")
    if held is None:
        raise CardgenError("a Train must use the player's whole hand: give the hand to judge it")
    left = sorted((Counter(held) - Counter(cards)).elements(), key=VALUE.__getitem__)
    if left:
        return Verdict(False, "train", f"a Train must use the player's whole hand, which also holds {_said(left)}")
    return Verdict(True, "train", f"a Train ({_said(cards)}), the whole hand on a bare closed Ace, wins the round")


def _closed(cards: tuple[str, ...], top: str | None, held: tuple[str, ...] | None) -> Verdict:
    if top is None:
        raise CardgenError("a closed pile always shows at least its closing Ace: give its top card")
    if top not in REOPENING:
        raise CardgenError(f"a closed pile shows only cards of its reopening sequence {_SEQUENCE}, never {_a(top)}")
    if top == "K":
        return _start(cards, restart=True)
    at = REOPENING.index(top)
    if cards == REOPENING[at + 1 : at + 1 + len(cards)]:
        done = ", and the pile now needs a 2 or two sets of Doubles to restart" if cards[-1] == "K" else ""
        return Verdict(
            True, "reopening", f"laying {_said(cards)} on {_a(top)} follows the reopening sequence {_SEQUENCE}{done}"
        )
    if top == "A" and len(cards) > 1 and (cards[:2] == ("2", "3") or Counter(cards) == Counter(held or ())):
        return _train(cards, held)
    if _shape(cards) == "train":
        return Verdict(False, "train", "a Train may be played only on a closed pile holding just its bare Ace")
    rest = REOPENING[at + 1 :]
    k = next(k for k, card in enumerate(cards) if k == len(rest) or card != rest[k])
    why = f"after {_a((top, *cards)[k])} comes {_a(rest[k])}, not {_a(cards[k])}" if k < len(rest) else "K ends it"
    return Verdict(False, "reopening", f"a closed pile takes only its reopening sequence {_SEQUENCE}: {why}")


def _on(cards: tuple[str, ...], top: str, where: str, open_piles: int | None) -> Verdict:
    shape, bottom = _shape(cards), cards[0]
    place = "in central play" if where == "central" else "on a pile"
    if where == "pile" and bottom == "A" and shape in ("single", "sandwich"):
        if shape == "single":
            return _closing(open_piles)
        return Verdict(False, shape, "on a pile an Ace is played alone, to close it, not at a Sandwich's ends")
    if where == "pile" and shape in ("double", "double sandwich"):
        many = "Doubles" if shape == "double" else "Double Sandwiches"
        return Verdict(False, shape, f"{many} may be played only in central play, not on a pile")
    if shape == "single":
        ok, how = _step(bottom, top)
        return Verdict(
            ok,
            shape,
            f"{_a(bottom)} {'goes' if ok else 'does not go'} on {_a(top)} {place}: {'' if ok else 'it is '}{how}",
        )
    if shape in ("sandwich", "double sandwich"):
        ok, how = _step(bottom, top)
        go = "goes" if ok else "does not go"
        what = f"a {shape.title()} ({_said(cards)})"
        return Verdict(ok, shape, f"{what} {go} on {_a(top)} {place}: its bottom {_name(bottom)} is {how}")
    if shape == "double":
        need, many = FACE_DOUBLES.get(bottom, bottom), f"double {_name(bottom)}s"
        if top != need:
            return Verdict(False, shape, f"{many} go only on {_a(need)}, not on {_a(top)}")
        why = "the one card they may go on" if bottom in FACE_DOUBLES else "a number Double goes on its own value"
        return Verdict(True, shape, f"{many} go on {_a(top)} in central play: {why}")
    if shape == "set of doubles":
        return Verdict(False, shape, f"a set of Doubles only starts a round or a pile, never goes on {_a(top)}")
    if shape == "train":
        return Verdict(False, shape, "a Train may be played only on a closed pile holding just its bare Ace")
    if len(cards) > 4:
        return Verdict(False, shape, f"no play lays {len(cards)} cards at once but a Train, on a closed bare Ace")
    must = {2: "a Double (two of a rank)", 3: "a Sandwich (first and last cards alike)", 4: "a Double Sandwich"}
    return Verdict(False, shape, f"{len(cards)} cards laid together must be {must[len(cards)]}, not {_said(cards)}")


def judge(
    play: Sequence[str],
    *,
    on: str | None,
    where: str = "central",
    hand: Sequence[str] | None = None,
    open_piles: int | None = None,
) -> Verdict:
    """May ``play`` (cards in the order laid) go on ``on``, the top card (None: nothing laid yet)?

    ``where`` is ``central``, ``pile`` (a pile in play) or ``closed`` (a closed pile, ``on`` the
    last card of its reopening). ``hand`` is the player's hand (needed to judge a Train);
    ``open_piles`` counts the open piles, this one included (see Decisions 3). Raises
    ``CardgenError`` only for input that describes no real situation.

    >>> judge(["J", "8", "J"], on="10").kind, judge(["4", "4"], on="4", where="pile").legal
    ('sandwich', False)
    """
    cards = _checked(play, "play")
    if not cards:
        raise CardgenError("a play needs at least one card")
    top = None if on is None else _rank(on)
    place = where.strip().lower() if isinstance(where, str) and len(where) <= 20 else ""
    if place not in PLACES:
        raise CardgenError(f"unknown place {_show(str(where))}: choose {', '.join(PLACES)}")
    if open_piles is not None and (isinstance(open_piles, bool) or open_piles not in range(1, 5)):
        raise CardgenError("open piles must be a count from 1 to 4")
    held = None if hand is None else _checked(hand, "hand")
    if held is not None and (missing := Counter(cards) - Counter(held)):
        needed = sorted(missing.elements(), key=VALUE.__getitem__)
        return Verdict(False, _shape(cards), f"the play needs {_said(needed)} that the hand does not hold")
    if place == "closed":
        return _closed(cards, top, held)
    if top is not None:
        return _on(cards, top, place, open_piles)
    if place == "central":
        return _start(cards, restart=False)
    if cards == ("A",):
        return _closing(open_piles)
    return Verdict(False, _shape(cards), f"a face-down pile takes only an Ace, which closes it, not {_said(cards)}")


def what_can_i_play(top: str | None, where: str = "central") -> dict[str, list[str]]:
    """For the handout: the ranks that may go on ``top``, by kind of play, generated with ``judge``.

    ``single`` lists cards; ``sandwich`` and ``double sandwich`` the end cards (the middle is
    free); ``double`` the doubled rank. On a pile an ``A`` among the singles is the closing Ace.
    Sets of Doubles (any two Doubles, only to start) and the Train are not listed.

    >>> what_can_i_play("4")
    {'single': ['3', '5', '6'], 'sandwich': ['3', '5', '6'], 'double': ['4', 'K'], 'double sandwich': ['3', '5', '6']}
    >>> what_can_i_play("K")["double"], what_can_i_play("A", where="closed")["single"]
    ([], ['2'])
    """
    table: dict[str, list[str]] = {"single": [], "sandwich": [], "double": [], "double sandwich": []}
    for r in RANKS:
        m = "Q" if r == "K" else "K"  # any middle will do
        for kind, play in zip(table, [(r,), (r, m, r), (r, r), (r, m, m, r)]):
            if judge(play, on=top, where=where).legal:
                table[kind].append(r)
    return table


# --- rounds, deal and score ---------------------------------------------------------------


def round_setup(round_number: int) -> tuple[int, int]:
    """(piles, most piles closed at once) in a round; later rounds are tie-breakers, set up as Round 1.

    >>> [round_setup(n) for n in (1, 2, 3, 4, 5)]
    [(4, 3), (3, 2), (2, 1), (1, 0), (4, 3)]
    """
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise CardgenError("rounds are numbered from 1")
    piles = PILES_BY_ROUND.get(round_number, PILES_BY_ROUND[1])
    return piles, CLOSED_BY_ROUND.get(round_number, CLOSED_BY_ROUND[1])


def deal_order(players: Sequence[P]) -> list[tuple[P, int]]:
    """The "Train" fashion deal, players in dealing order: five rounds of one card, then two together.

    >>> deal_order(["ann", "bob"])[-3:]
    [('bob', 1), ('ann', 2), ('bob', 2)]
    """
    if not 2 <= len(players) <= 4 or len(set(players)) != len(players):
        raise CardgenError(f"Train is dealt to 2 to 4 different players, not {len(players)}")
    return [(p, 1) for _ in range(HAND - 2) for p in players] + [(p, 2) for p in players]


def pile_sizes(round_number: int, players: int) -> tuple[int, ...]:
    """The face-down piles after the deal, as even as can be, larger first.

    >>> pile_sizes(1, 3), pile_sizes(4, 4)
    ((8, 8, 8, 7), (24,))
    """
    piles, _ = round_setup(round_number)
    if isinstance(players, bool) or players not in range(2, 5):
        raise CardgenError("Train is dealt to 2 to 4 players")
    q, r = divmod(DECK - HAND * players, piles)
    return tuple(q + (i < r) for i in range(piles))


def is_trainwreck(open_piles_remaining: Sequence[int]) -> bool:
    """A Trainwreck: every pile that is not closed has no card left to draw (the round is dealt again).

    >>> is_trainwreck([0, 0]), is_trainwreck([0, 3])
    (True, False)
    """
    counts = list(open_piles_remaining)
    if not 1 <= len(counts) <= 4:
        raise CardgenError(f"give the cards left in each open pile: 1 to 4 piles, not {len(counts)}")
    if any(isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= DECK for n in counts):
        raise CardgenError(f"a pile holds 0 to {DECK} cards")
    return all(n == 0 for n in counts)


def score(results: Sequence[str | None]) -> dict[str, int]:
    """Points: one for each round won (by a Train); a Trainwreck (None) scores nothing.

    >>> score(["ann", None, "bob", "ann"])
    {'ann': 2, 'bob': 1}
    """
    return dict(Counter(r for r in results if r is not None))


def leaders(results: Sequence[str | None]) -> list[str]:
    """The highest totals: once four rounds are won, one leader wins; several play a tie-breaker.

    >>> leaders(["ann", "bob", "ann", None, "cy"]), leaders(["ann", "bob", "ann", "bob"])
    (['ann'], ['ann', 'bob'])
    """
    points = score(results)
    return sorted(p for p, n in points.items() if n == max(points.values(), default=0))
