"""A variant of the Game of Trains to play (seed 002), and the facts of its pack.

``Variant`` is what a user chooses; ``rules_of(variant)`` resolves it once
(cached) into ``Rules``: the pack's cards, each number's ability, where each
positional ability can act, how a sequence is judged complete, and how a dealt
hand is arranged. The game itself is ``cardgen.rules.got.play``.

Cards inside the engine are plain ``int``: a card's own number (1 to the
pack's size), or ``WILD_CARD`` (0) for a wild card (§10). A 3×3 arrangement
is kept flat, row by row (spaces AD, AE, AF, BD, ...).

>>> rules = rules_of(Variant())
>>> rules.census, rules.copies, rules.size, len(rules.cards)
(7, 3, 84, 84)
>>> rules.ability_of[57].label, rules.ability_of[10].label   # figure 5: 57AX, 10BD
('A→X', 'B↔D')
>>> rules_of(Variant(pattern="2d")).space_names
('AD', 'AE', 'AF', 'BD', 'BE', 'BF', 'CD', 'CE', 'CF')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, fields
from functools import lru_cache
from itertools import combinations

from cardgen.errors import CardgenError
from cardgen.params import declared
from cardgen.rules.got.abilities import LETTERS, Ability
from cardgen.rules.got.grid_packs import DEFAULT_CATEGORIES, GridAbility, GridMat, GridPack
from cardgen.rules.got.grid_play import deal_start
from cardgen.rules.got.number_abilities import FAMILY, GRID_FAMILY, NumberAbility
from cardgen.rules.got.params import (
    APPLY,
    CENSUS,
    FREEZE,
    MAX_TURNS,
    NUMBERS,
    PACKS,
    PATTERN,
    PLAYERS,
    SAME_SEQUENCE,
    THREE_PARTY,
    WILDS,
    WIN,
)
from cardgen.rules.got.patterns import make_pattern

__all__ = ["AnyAbility", "Rules", "Variant", "WILD_CARD", "rules_of"]

WILD_CARD = 0
"""A wild card inside the engine (card numbers start at 1)."""
AnyAbility = Ability | GridAbility | NumberAbility
PATTERNS = (*PATTERN.choices, "2d")
MIN_PLAYERS, MAX_PLAYERS = int(PLAYERS.low or 0), int(PLAYERS.high or 0)
MAX_PACKS = int(PACKS.high or 0)
MAX_WILDS = int(WILDS.high or 0)
DEFAULT_MAX_TURNS: int = MAX_TURNS.default
GRID_ROWS = GRID_COLS = 3


@dataclass(frozen=True)
class Variant:
    """One way to play: pattern, pack and the optional rules of §5-§11.

    - ``pattern``: ``"one"``, ``"two"``, ``"three"`` (§3, §4, §6) or ``"2d"`` (the 3×3 game of §8).
    - ``census``: cards per sequence; None means 7 (linear) or 9 (3×3, the only census it has).
    - ``copies``: blocks in one pack; None means the pattern's default for this many players,
      raised when needed so that the pack deals everyone and leaves cards to draw.
    - ``players``: 2 to 6. ``packs``: that many identical packs combined (§7), numbers repeat.
    - ``win``: ``"ascending"`` (each card less than every card on its right) or
      ``"never-descending"`` (less than or equal) (§7); for 3×3, every row and column.
    - ``apply``: ``"own"`` (factory: abilities act on one's own sequence) or ``"any"`` (§5).
    - ``same_sequence``, ``three_party``: pattern three's swaps (§6), see ``play.DECISIONS``.
    - ``wilds``: wild cards in the whole pack (§10). ``freeze``: tokens per player (§11).
    - ``numbers``: add the §9 number abilities (``cardgen.rules.got.number_abilities``) to every block.
    - ``categories``: the 3×3 game's ability categories (§8). ``max_turns``: the turn cap.

    >>> Variant(pattern="three", census=5).players
    4
    >>> Variant(players=7)
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: players 7 is out of range: allowed 2 to 6
    """

    # (a field declared by an option of ``rules.got.params.PLAY`` takes its default from there)
    pattern: str = declared(PATTERN)
    census: int | None = None
    copies: int | None = None
    players: int = declared(PLAYERS)
    packs: int = declared(PACKS)
    win: str = declared(WIN)
    apply: str = declared(APPLY)
    same_sequence: bool = declared(SAME_SEQUENCE)
    three_party: bool = declared(THREE_PARTY)
    wilds: int = declared(WILDS)
    freeze: int = declared(FREEZE)
    numbers: bool = declared(NUMBERS)
    categories: tuple[str, ...] = DEFAULT_CATEGORIES
    max_turns: int = declared(MAX_TURNS)

    def __post_init__(self) -> None:
        if not isinstance(self.categories, tuple):  # a list typed in: keep the variant hashable
            object.__setattr__(self, "categories", tuple(self.categories))
        rules_of(self)  # every check: a Variant that exists can be played

    def to_dict(self) -> dict[str, object]:
        """Every field, JSON-ready (``categories`` as a list)."""
        out = asdict(self)
        out["categories"] = list(self.categories)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Variant:
        """The variant ``to_dict`` wrote; unknown keys are refused."""
        known = {f.name for f in fields(cls)}
        extra = sorted(set(data) - known)
        if extra:
            raise CardgenError(f"unknown variant field {extra[0]!r}")
        kw = dict(data)
        if isinstance(kw.get("categories"), list):
            kw["categories"] = tuple(kw["categories"])  # type: ignore[arg-type]
        return cls(**kw)  # type: ignore[arg-type]


@dataclass(frozen=True, eq=False)
class Rules:
    """A variant resolved: its pack and the facts the engine looks up on every move (hashed by identity)."""

    variant: Variant
    census: int
    grid: bool
    copies: int
    abilities: tuple[AnyAbility, ...]  # one block, in order: card k has abilities[(k - 1) % block]
    size: int  # numbers run 1..size in each pack
    cards: tuple[int, ...]  # the whole multiset: each number ``packs`` times, then the wilds
    ability_of: tuple[AnyAbility | None, ...]  # by card number; [0] (wild) is None
    action_of: dict[AnyAbility, str]  # "swap" | "remove" | "rotate"
    static: dict[AnyAbility, tuple[tuple[int, ...], ...]]  # positional abilities: the spaces each can move
    space_names: tuple[str, ...]
    complete: Callable[[Sequence[int]], bool]

    @property
    def block(self) -> int:
        return len(self.abilities)

    def arrange(self, dealt: Sequence[int], seed: int) -> list[int]:
        """A dealt hand as it starts: descending (§1), wild cards first; 3×3 as ``_arrange_grid``."""
        wilds = [c for c in dealt if c == WILD_CARD]
        numbers = sorted((c for c in dealt if c != WILD_CARD), reverse=True)
        if self.grid and not wilds and len(set(numbers)) == len(numbers):
            return [c for row in deal_start(numbers, rows=GRID_ROWS, cols=GRID_COLS, seed=seed) for c in row]
        return wilds + numbers


def _check(variant: Variant) -> None:
    v = variant
    if v.pattern not in PATTERNS:
        raise CardgenError(f"unknown pattern {v.pattern!r}: choose one of {', '.join(PATTERNS)}")
    if not MIN_PLAYERS <= v.players <= MAX_PLAYERS:
        raise CardgenError(f"players {v.players} is out of range: allowed {MIN_PLAYERS} to {MAX_PLAYERS}")
    if not 1 <= v.packs <= MAX_PACKS:
        raise CardgenError(f"packs {v.packs} is out of range: allowed 1 to {MAX_PACKS}")
    if v.win not in WIN.choices:
        raise CardgenError(f"win {v.win!r} is not 'ascending' or 'never-descending'")
    if v.apply not in APPLY.choices:
        raise CardgenError(f"apply {v.apply!r} is not 'own' or 'any'")
    if v.pattern != "three" and (v.three_party or not v.same_sequence):
        raise CardgenError("three_party and same_sequence are pattern three's rules")
    if v.three_party and v.players < 3:
        raise CardgenError("a three-party swap needs at least three players")
    if not 0 <= v.wilds <= MAX_WILDS:
        raise CardgenError(f"wilds {v.wilds} is out of range: allowed 0 to {MAX_WILDS}")
    if v.max_turns < 1:
        raise CardgenError(f"max_turns {v.max_turns} must be at least 1")


def _grid_static(ability: GridAbility, mat: GridMat) -> tuple[tuple[int, ...], ...]:
    """Every way ``ability`` can act (one per choice), as flat spaces in the order cards move."""
    flat = [r * mat.cols + c for r in range(mat.rows) for c in range(mat.cols)]

    def cells(axis: str, line: int) -> list[int]:
        if axis == "row":
            return flat[line * mat.cols : (line + 1) * mat.cols]
        return flat[line :: mat.cols]

    axis = ability.axis or "row"
    lines = range(mat.rows if axis == "row" else mat.cols) if ability.line is None else [ability.line]
    if ability.action == "swap":
        if ability.cells:
            a, b = (r * mat.cols + c for r, c in ability.cells)
            return ((min(a, b), max(a, b)),)
        if ability.ends is None:  # any two cards of one specific line
            return tuple(combinations(cells(axis, lines[0]), 2))
        ends = ability.ends
        return tuple(tuple(sorted((cells(axis, ln)[ends[0]], cells(axis, ln)[ends[1]]))) for ln in lines)
    if ability.action == "rotate":
        steps = (ability.step,) if ability.step else (1, -1)
        out = []
        for line in lines:
            for step in steps:
                line_cells = cells(axis, line)
                out.append(tuple(line_cells if step == 1 else line_cells[::-1]))
        return tuple(out)
    if ability.cells:
        r, c = ability.cells[0]
        return ((r * mat.cols + c,),)
    return tuple((cell,) for cell in cells(axis, lines[0]))


def _completer(size: int, strict: bool, grid: bool) -> Callable[[Sequence[int]], bool]:
    """The win test: ascending (``strict``) or never-descending; a wild may stand for any of 1..size (§10).

    Each wild takes the least number it can (left to right; for 3×3, row by row:
    above the cards on its left and above it); a smaller choice never hurts what follows.
    """

    def line(seq: Sequence[int]) -> bool:
        last = 0
        for card in seq:
            if card == WILD_CARD:
                card = last + 1 if strict else max(last, 1)
                if card > size:
                    return False
            elif card < last or (strict and card == last):
                return False
            last = card
        return True

    def square(seq: Sequence[int]) -> bool:
        value = list(seq)
        for i, card in enumerate(value):
            r, c = divmod(i, GRID_COLS)
            low = max(value[i - 1] if c else 0, value[i - GRID_COLS] if r else 0)
            if card == WILD_CARD:
                value[i] = card = low + 1 if strict else max(low, 1)
                if card > size:
                    return False
            elif card < low or (strict and card == low):
                return False
        return True

    return square if grid else line


def _needed(v: Variant, census: int) -> int:
    """Cards the deal and the opening take, plus one draw for each player."""
    return v.players * census + v.players * (v.players + 1) // 2 + v.players


@lru_cache(maxsize=64)
def rules_of(variant: Variant) -> Rules:
    """``variant`` resolved (checked, cached: call it freely).

    >>> rules_of(Variant(pattern="one", census=2)).copies   # one swap: copies raised to deal four players
    22
    >>> Variant(pattern="one", census=7, copies=1)
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: a pack of 21 cards is too small for 4 players at census 7: it needs at least 42 (the deal, the opening's 10 and one draw each)
    """
    v = variant
    _check(v)
    grid = v.pattern == "2d"
    if grid:
        if v.census not in (None, GRID_ROWS * GRID_COLS):
            raise CardgenError(f"the 3×3 game has census {GRID_ROWS * GRID_COLS}, not {v.census}")
        pack = GridPack(v.categories, 1)
        census = GRID_ROWS * GRID_COLS
        base: tuple[AnyAbility, ...] = pack.abilities + (GRID_FAMILY if v.numbers else ())
        default = pack.default_copies
        names = GridMat(GRID_ROWS, GRID_COLS).spaces()
    else:
        census = CENSUS.default if v.census is None else v.census
        pattern = make_pattern(v.pattern, census, players=v.players)
        base = pattern.abilities + (FAMILY if v.numbers else ())
        default = pattern.copies
        names = tuple(LETTERS[:census])
    if not 0 <= v.freeze <= census:
        raise CardgenError(f"freeze {v.freeze} is out of range: allowed 0 to {census} tokens")
    needed = _needed(v, census)
    if v.copies is None:
        copies = default
        while v.packs * copies * len(base) + v.wilds < needed:
            copies += 1
    else:
        copies = v.copies
        if not 1 <= copies <= 100:
            raise CardgenError(f"copies {copies} is out of range: allowed 1 to 100")
        total = v.packs * copies * len(base) + v.wilds
        if total < needed:
            opening = v.players * (v.players + 1) // 2
            raise CardgenError(
                f"a pack of {total} cards is too small for {v.players} players at census {census}: it needs at "
                f"least {needed} (the deal, the opening's {opening} and one draw each)"
            )
    size = copies * len(base)
    cards = tuple(n for n in range(1, size + 1) for _ in range(v.packs)) + (WILD_CARD,) * v.wilds
    ability_of = (None, *(base[(n - 1) % len(base)] for n in range(1, size + 1)))
    action_of: dict[AnyAbility, str] = {}
    static: dict[AnyAbility, tuple[tuple[int, ...], ...]] = {}
    for ability in base:
        if isinstance(ability, Ability):
            action_of[ability] = ability.kind
            static[ability] = (ability.spaces,)
        elif isinstance(ability, GridAbility):
            action_of[ability] = ability.action
            static[ability] = _grid_static(ability, GridMat(GRID_ROWS, GRID_COLS))
        else:
            action_of[ability] = ability.action
    return Rules(
        variant=v,
        census=census,
        grid=grid,
        copies=copies,
        abilities=base,
        size=size,
        cards=cards,
        ability_of=ability_of,
        action_of=action_of,
        static=static,
        space_names=names,
        complete=_completer(size, v.win == "ascending", grid),
    )
