"""Playing the Game of Trains and its variants (seed 002): state, legal moves, turns.

The seed defers to the factory game for the turn: a player either draws the
top card of the draw pile and puts it into one of their spaces (the card it
displaces goes face up beside the draw pile), or takes a face-up card,
discards it and applies its ability. ``Game`` holds the whole state; a bot (or
a person) asks ``legal_moves(game)`` and gives one to ``play(game, move)``,
which refuses anything else with ``CardgenError``.

A turn is one or two moves: an optional ``Freeze`` first (§11), then either
``Draw`` (or ``TakeWild``) followed by ``Place``, or one ``UseAbility``, or a
forced ``Pass``. During the opening each player makes one ``Place`` choosing
which drawn card to keep (``keep``). Spaces are 0-based; a 3×3 arrangement is
flat, row by row (AD, AE, AF, BD, ...); a wild card is ``WILD_CARD`` (0).

>>> game = Game(Variant(), seed=1)
>>> game.phase, game.current, [len(s) for s in game.sequences]
('opening', 0, [7, 7, 7, 7])
>>> while game.phase == "opening":
...     _ = play(game, legal_moves(game)[0])
>>> game.phase, game.current, len(game.faceup) + len(game.discard)
('turn', 0, 10)

The rule decisions (``DECISIONS``, for the handout), each tested:
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from cardgen.errors import CardgenError
from cardgen.rules.got.moves import Draw, Freeze, Move, Pass, Place, Step, TakeWild, UseAbility
from cardgen.rules.got.number_abilities import NumberAbility, designate, designate_grid
from cardgen.rules.got.sequences import WILD, Card
from cardgen.rules.got.variant import GRID_COLS, GRID_ROWS, WILD_CARD, AnyAbility, Rules, Variant, rules_of

__all__ = [
    "DECISIONS",
    "Draw",
    "Freeze",
    "Game",
    "Move",
    "Pass",
    "Place",
    "Step",
    "TakeWild",
    "UseAbility",
    "Variant",
    "WILD_CARD",
    "legal_moves",
    "play",
]

DECISIONS: tuple[str, ...] = (
    "Seat 0 plays first and turns go in seat order; each player in turn takes the next census cards from the top of the shuffled pack.",
    "A dealt sequence is arranged descending from space A, wild cards first; with repeated numbers it is never-ascending.",
    "A dealt 3×3 hand is arranged uniformly at random among the arrangements whose rows and columns descend; with wild cards or repeated numbers, wilds first and then the numbers descending row by row.",
    "Opening: seat by seat, seat k draws k + 1 cards, keeps one and puts it into any space; the others go to the discard pile, and the card it displaces goes face up.",
    "No one may freeze a card during the opening.",
    "Two face-up cards with the same ability are looked for each time a card goes face up; the pair goes to the discard pile at once, the older card first.",
    "A wild card has no ability, so two face-up wild cards are not a pair.",
    "A turn is: at most one freeze, then one action: draw and place, take a face-up wild card and place it, or use a face-up card's ability.",
    "A drawn card must be placed, in one of the player's unfrozen spaces, chosen after seeing the card.",
    "A face-up wild card cannot be used for an ability; instead of drawing, a player may take it and place it like a drawn card.",
    "A used card goes to the discard pile; a removed card goes to the discard pile and the top card of the draw pile takes its space.",
    "Drawing, and any removal, needs a card in the draw pile when the move is made.",
    "When an action leaves the draw pile empty, the discard pile is shuffled with the game's random generator to form a new draw pile.",
    "A player may not pass while any action is open to them; one who has none passes, and when every player passes in a row the game ends with no winner (stalled).",
    "Completion is checked after the deal, after every placement and after every ability, for each sequence that changed.",
    "A sequence completed by another player's move wins for its owner; when one move completes several, the mover wins if theirs is among them, else the first in seat order after the mover: there are no ties.",
    "A game reaching max_turns turns (a pass is a turn; a freeze is part of one) without a winner ends there and is reported as capped.",
    "With apply='own' an ability acts on the mover's own sequence; with apply='any' on any one player's sequence, the mover's included.",
    "Pattern three: a swap may exchange the mover's card at one of its two spaces with another player's card at the other space, either way round.",
    "Pattern three: swaps within one sequence stay allowed (same_sequence=True, the default); a three-party swap between two other players only with three_party=True.",
    "Combined packs: packs=K puts every number in the pack K times; win='ascending' needs each card less than every card on its right, win='never-descending' allows equal cards.",
    "wilds=N puts N wild cards in the whole pack (not per pack); a wild stands for any number from 1 to the pack's highest, so a sequence is complete if some such choice makes it so.",
    "Freezing: at the start of their own turn a player with a token left may freeze one of their own unfrozen cards, at most one per turn.",
    "A frozen card never leaves its space: no swap, rotation, removal or placement may move it, whoever plays it; such a move is not legal.",
    "Number abilities: one that cannot be carried out may not be chosen; it is simply not a legal move.",
)

__doc__ = (__doc__ or "") + "\n" + "".join(f"* {d}\n" for d in DECISIONS)


_DRAW, _TAKE_WILD, _PASS = Draw(), TakeWild(), Pass()


# ---------------------------------------------------------------- the game


class Game:
    """The whole state of one game, and the only way to change it: ``play``.

    Public attributes are for reading (bots, traces); never change them directly.

    - ``sequences[p]``: player p's cards by space; ``faceup``: the face-up cards, oldest first;
      ``discard``: the discard pile, oldest first; ``draw_pile``: the draw pile, top first.
    - ``frozen[p]``: player p's frozen spaces; ``tokens[p]``: freeze tokens left.
    - ``current``: whose move; ``phase``: ``"opening"``, ``"turn"``, ``"place"`` or ``"over"``;
      ``hand``: the cards drawn and not yet placed; ``turn``: turns completed.
    - ``winner`` (seat or None), ``capped``, ``stalled``; ``exhaustions`` (times the draw pile
      ran out), ``reshuffles``; ``kinds``: abilities used, by kind.
    """

    _draw: list[int]  # the draw pile, top card last

    def __init__(self, variant: Variant, seed: int) -> None:
        self._setup(variant, random.Random(seed))
        pile = list(self.rules.cards)
        self.rng.shuffle(pile)  # pile[0] is the top card
        self._draw = pile[::-1]  # drawing is pop()
        census = self.rules.census
        for p in range(self.players):
            dealt = [self._draw.pop() for _ in range(census)]
            self.sequences[p] = self.rules.arrange(dealt, self.rng.getrandbits(64))
        self._begin()

    def _setup(self, variant: Variant, rng: random.Random) -> None:
        self.variant = variant
        self.rules: Rules = rules_of(variant)
        self.rng = rng
        self.players = variant.players
        self.sequences: list[list[int]] = [[] for _ in range(self.players)]
        self._draw = []
        self.faceup: list[int] = []
        self.discard: list[int] = []
        self.frozen: list[set[int]] = [set() for _ in range(self.players)]
        self.tokens = [variant.freeze] * self.players
        self.hand: list[int] = []
        self.current = 0
        self.phase = "opening"
        self.turn = 0
        self.froze = False
        self.from_faceup = False
        self.winner: int | None = None
        self.capped = self.stalled = False
        self.exhaustions = self.reshuffles = self.passes = self.passes_in_row = 0
        self.kinds: dict[str, int] = {}
        self._cache: dict[int, list[UseAbility]] = {}

    def _begin(self) -> None:
        """After the deal: a sequence complete already wins (seat order), else the opening starts."""
        self._settle(range(self.players), mover=0)
        if self.phase != "over":
            self.phase = "opening"
            self.current = 0
            self.hand = [self._take() for _ in range(1)]

    @classmethod
    def from_state(
        cls,
        variant: Variant,
        state: dict[str, object],
        *,
        player: int = 0,
        turn: int = 0,
        seed: int = 0,
        opening: bool = False,
    ) -> Game:
        """A game at a given position: ``state`` as in a trace (``sequences``, ``draw`` top first,
        ``faceup``, ``discard``; ``frozen`` as space letters and ``tokens`` optional; ``"W"`` a wild).

        ``opening=True`` starts the opening from a dealt position (seat 0 draws);
        otherwise it is ``player``'s turn, ``turn`` turns having been played.
        """
        game = cls.__new__(cls)
        game._setup(variant, random.Random(seed))
        rules = game.rules

        def cards(key: str) -> list[int]:
            raw = state.get(key, [])
            if not isinstance(raw, list):
                raise CardgenError(f"state {key!r} is not a list")
            return [_card(c, rules.size) for c in raw]

        seqs = state.get("sequences")
        if not isinstance(seqs, list) or len(seqs) != game.players:
            raise CardgenError(f"state needs {game.players} sequences")
        for p, seq in enumerate(seqs):
            if not isinstance(seq, list) or len(seq) != rules.census:
                raise CardgenError(f"sequence {p} must have {rules.census} cards")
            game.sequences[p] = [_card(c, rules.size) for c in seq]
        game._draw = cards("draw")[::-1]
        game.faceup, game.discard = cards("faceup"), cards("discard")
        everything = sorted([c for s in game.sequences for c in s] + game._draw + game.faceup + game.discard)
        if everything != sorted(rules.cards):
            raise CardgenError("the state's cards are not the pack's: some are missing or repeated")
        frozen, tokens = state.get("frozen"), state.get("tokens")
        if isinstance(frozen, list):
            names = rules.space_names
            if len(frozen) != game.players or any(not isinstance(f, list) or set(f) - set(names) for f in frozen):
                raise CardgenError(f"state 'frozen' must list each player's frozen spaces ({', '.join(names)})")
            game.frozen = [{names.index(s) for s in f} for f in frozen]
        if isinstance(tokens, list):
            if len(tokens) != game.players or any(type(t) is not int or t < 0 for t in tokens):
                raise CardgenError("state 'tokens' must give each player's tokens left")
            game.tokens = list(tokens)
        if not 0 <= player < game.players:
            raise CardgenError(f"player {player} is not a seat of a {game.players}-player game")
        if opening:
            game._begin()
        else:
            game.phase, game.current, game.turn = "turn", player, turn
        return game

    # ------------------------------------------------------------ reading

    @property
    def draw_pile(self) -> list[int]:
        """The draw pile, top first."""
        return self._draw[::-1]

    @property
    def draw_count(self) -> int:
        return len(self._draw)

    def set_draw_pile(self, top_first: Sequence[int]) -> None:
        """Put the draw pile in this order (replaying a recorded shuffle); the cards must be the same."""
        if sorted(top_first) != sorted(self._draw):
            raise CardgenError("the draw pile given is not the same cards as the draw pile")
        self._draw = list(top_first)[::-1]

    def snapshot(self) -> dict[str, object]:
        """The position as plain lists: ``sequences``, ``draw`` (top first), ``faceup``, ``discard``;
        with freezing, ``frozen`` (space letters per player) and ``tokens``. A wild card is ``"W"``."""
        out: dict[str, object] = {
            "sequences": [[_shown(c) for c in s] for s in self.sequences],
            "draw": _all_shown(self._draw[::-1]),
            "faceup": _all_shown(self.faceup),
            "discard": _all_shown(self.discard),
        }
        if self.variant.freeze:
            names = self.rules.space_names
            out["frozen"] = [[names[s] for s in sorted(f)] for f in self.frozen]
            out["tokens"] = list(self.tokens)
        return out

    # ------------------------------------------------------------ legal moves

    def ability_moves(self, card: int) -> list[UseAbility]:
        """Every legal way the current player can use face-up ``card`` now (empty if none)."""
        if self.phase != "turn" or card == WILD_CARD or card not in self.faceup:
            return []
        found = self._cache.get(card)
        if found is None:
            found = self._cache[card] = self._ability_moves(card)
        return found

    def _ability_moves(self, card: int) -> list[UseAbility]:
        rules, m = self.rules, self.current
        ability = rules.ability_of[card]
        assert ability is not None
        if rules.action_of[ability] == "remove" and not self._draw:
            return []
        targets = (m,) if self.variant.apply == "own" else range(self.players)
        frozen = self.frozen
        out: list[UseAbility] = []
        if isinstance(ability, NumberAbility):
            for t in targets:
                for spaces in self._number_spaces(ability, self.sequences[t]):
                    if not any(s in frozen[t] for s in spaces):
                        out.append(UseAbility(card, t, spaces))
            return out
        options = rules.static[ability]
        cross = self.variant.pattern == "three"
        if not cross or self.variant.same_sequence:
            for t in targets:
                ft = frozen[t]
                out.extend(UseAbility(card, t, sp) for sp in options if not any(s in ft for s in sp))
        if cross:
            a, b = options[0]
            pairs = [(m, q) for q in range(self.players) if q != m]
            if self.variant.three_party:
                others = [p for p in range(self.players) if p != m]
                pairs += [(p, q) for i, p in enumerate(others) for q in others[i + 1 :]]
            for p, q in pairs:
                for x, y in ((a, b), (b, a)):
                    if x not in frozen[p] and y not in frozen[q]:
                        out.append(UseAbility(card, p, (x, y), q))
        return out

    def _number_spaces(self, ability: NumberAbility, seq: list[int]) -> list[tuple[int, ...]]:
        cards: list[Card] = [WILD if c == WILD_CARD else c for c in seq]
        if not self.rules.grid:
            found = designate(ability, cards)
            return [] if found is None else [found]
        rows = [cards[r * GRID_COLS : (r + 1) * GRID_COLS] for r in range(GRID_ROWS)]
        out = []
        for line in range(GRID_ROWS if ability.axis == "row" else GRID_COLS):
            cells = designate_grid(ability, rows, line)
            if cells is not None:
                out.append(tuple(r * GRID_COLS + c for r, c in cells))
        return out

    def can_freeze(self) -> bool:
        return self.phase == "turn" and not self.froze and self.tokens[self.current] > 0

    def _has_room(self) -> bool:
        return len(self.frozen[self.current]) < self.rules.census

    def legal_moves(self) -> list[Move]:
        """Every legal move now, in a fixed order (freezes, draw, take a wild, abilities by face-up card)."""
        census, p = self.rules.census, self.current
        if self.phase == "opening":
            keeps = [i for i, c in enumerate(self.hand) if c not in self.hand[:i]]
            return [Place(s, k) for k in keeps for s in range(census)]
        if self.phase == "place":
            return [Place(s) for s in range(census) if s not in self.frozen[p]]
        if self.phase != "turn":
            return []
        moves: list[Move] = []
        if self.can_freeze():
            moves.extend(Freeze(s) for s in range(census) if s not in self.frozen[p])
        actions = self._actions()
        return moves + (actions or [_PASS])

    def _actions(self) -> list[Move]:
        out: list[Move] = []
        if self._draw and self._has_room():
            out.append(_DRAW)
        if WILD_CARD in self.faceup and self._has_room():
            out.append(_TAKE_WILD)
        for card in self.faceup:
            out.extend(self.ability_moves(card))
        return out

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` may be played now (what ``play`` checks)."""
        kind, phase, p = type(move), self.phase, self.current
        census = self.rules.census
        if kind is Place:
            assert isinstance(move, Place)
            if not 0 <= move.space < census:
                return False
            if phase == "opening":
                return 0 <= move.keep < len(self.hand)
            return phase == "place" and move.keep == 0 and move.space not in self.frozen[p]
        if phase != "turn":
            return False
        if kind is UseAbility:
            assert isinstance(move, UseAbility)
            return move in self.ability_moves(move.card)
        if kind is Draw:
            return bool(self._draw) and self._has_room()
        if kind is TakeWild:
            return WILD_CARD in self.faceup and self._has_room()
        if kind is Freeze:
            assert isinstance(move, Freeze)
            return self.can_freeze() and 0 <= move.space < census and move.space not in self.frozen[p]
        return kind is Pass and not self._actions()

    # ------------------------------------------------------------ playing

    def play(self, move: Move) -> Step:
        """Play ``move`` for the current player; ``CardgenError`` if it is not legal now."""
        if self.phase == "over":
            raise CardgenError("the game is over")
        if not self.is_legal(move):
            raise CardgenError(f"{move} is not a legal move for player {self.current} now ({self.phase})")
        self._cache.clear()
        p, kind = self.current, type(move)
        if kind is Place:
            assert isinstance(move, Place)
            return self._place(p, move)
        if kind is UseAbility:
            assert isinstance(move, UseAbility)
            return self._use(p, move)
        if kind is Draw:
            self.hand = [self._take()]
            self.phase, self.from_faceup = "place", False
        elif kind is TakeWild:
            self.faceup.remove(WILD_CARD)
            self.hand = [WILD_CARD]
            self.phase, self.from_faceup = "place", True
        elif kind is Freeze:
            assert isinstance(move, Freeze)
            self.frozen[p].add(move.space)
            self.tokens[p] -= 1
            self.froze = True
            return Step("freeze", p, self.turn + 1, space=move.space)
        else:
            self.passes += 1
            return self._end_turn(Step("turn", p, self.turn + 1, "pass"), (), passed=True)
        return Step("", p)

    def _place(self, p: int, move: Place) -> Step:
        seq, hand = self.sequences[p], self.hand
        card, old = hand[move.keep], seq[move.space]
        seq[move.space] = card
        if self.phase == "opening":
            drawn = tuple(hand)
            self.discard.extend(c for i, c in enumerate(hand) if i != move.keep)
            self.hand = []
            self._face_up(old)
            step = Step("opening", p, 0, "place", card, move.space, drawn=drawn)
            self._settle((p,), p)
            if self.phase != "over":
                if p + 1 < self.players:
                    self.current = p + 1
                    self.hand = [self._take() for _ in range(p + 2)]
                else:
                    self.current, self.phase = 0, "turn"
            return step
        self.hand = []
        self._face_up(old)
        step = Step("turn", p, self.turn + 1, "place", card, move.space, from_faceup=self.from_faceup)
        return self._end_turn(step, (p,))

    def _use(self, p: int, move: UseAbility) -> Step:
        ability = self.rules.ability_of[move.card]
        assert ability is not None
        self.faceup.remove(move.card)
        self.discard.append(move.card)
        kind = _kind(ability, self.rules.action_of[ability], move.other)
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        seq, spaces = self.sequences[move.target], move.spaces
        if move.other is not None:
            theirs = self.sequences[move.other]
            a, b = spaces
            seq[a], theirs[b] = theirs[b], seq[a]
        elif len(spaces) == 1:
            self.discard.append(seq[spaces[0]])
            seq[spaces[0]] = self._take()
        elif len(spaces) == 2:
            a, b = spaces
            seq[a], seq[b] = seq[b], seq[a]
        else:  # a rotation: the card at spaces[k] moves to spaces[k + 1]
            moved = [seq[s] for s in spaces]
            for k, card in enumerate(moved):
                seq[spaces[(k + 1) % len(spaces)]] = card
        changed = (move.target,) if move.other is None else (move.target, move.other)
        step = Step("turn", p, self.turn + 1, "ability", move.card, None, move.target, spaces, move.other)
        return self._end_turn(step, changed)

    def _end_turn(self, step: Step, changed: Sequence[int], passed: bool = False) -> Step:
        p = self.current
        self.passes_in_row = self.passes_in_row + 1 if passed else 0
        self._settle(changed, p)
        reshuffled = False
        if not self._draw and self.discard:
            self._draw, self.discard = self.discard, []
            self.rng.shuffle(self._draw)
            self.reshuffles += 1
            reshuffled = True
        self.turn += 1
        if self.phase != "over":
            if self.turn >= self.variant.max_turns:
                self.phase, self.capped = "over", True
            elif self.passes_in_row >= self.players:
                self.phase, self.stalled = "over", True
            else:
                self.current = (p + 1) % self.players
                self.phase, self.froze = "turn", False
        if reshuffled:
            step = replace(step, reshuffled=True)
        return step

    def _settle(self, changed: Sequence[int], mover: int) -> None:
        """The winner among the sequences ``changed``: the mover first, then seat order after the mover."""
        complete = self.rules.complete
        done = [q for q in changed if complete(self.sequences[q])]
        if done:
            self.winner = min(done, key=lambda q: (q - mover) % self.players)
            self.phase = "over"

    def _take(self) -> int:
        card = self._draw.pop()
        if not self._draw:
            self.exhaustions += 1
        return card

    def _face_up(self, card: int) -> None:
        """``card`` goes face up; a card already face up with the same ability goes with it to the discard."""
        ability = self.rules.ability_of[card]
        if ability is not None:
            of = self.rules.ability_of
            for other in self.faceup:
                if of[other] == ability:
                    self.faceup.remove(other)
                    self.discard.extend((other, card))
                    return
        self.faceup.append(card)


def _kind(ability: AnyAbility, action: str, other: int | None) -> str:
    if isinstance(ability, NumberAbility):
        return "number"
    return "cross-swap" if other is not None else action


def _card(raw: object, size: int) -> int:
    if raw == "W":
        return WILD_CARD
    if type(raw) is not int or not 1 <= raw <= size:
        raise CardgenError(f"card {raw!r} is not a card of this pack (1 to {size}, or W)")
    return raw


def _shown(card: int) -> int | str:
    return "W" if card == WILD_CARD else card


def _all_shown(cards: list[int]) -> list[int | str]:
    """``_shown`` of each card; a pile without a wild card copied whole (a trace shows the draw pile
    on every line, and a big pack's is hundreds of thousands of cards)."""
    return [_shown(c) for c in cards] if WILD_CARD in cards else list(cards)


def legal_moves(game: Game) -> list[Move]:
    """Every legal move for ``game.current`` now."""
    return game.legal_moves()


def play(game: Game, move: Move) -> Step:
    """Play ``move`` (``CardgenError`` if illegal) and say what it did."""
    return game.play(move)
