"""Game of Trains variant packs, defined from their patterns (seed 002, §3, §4, §6).

Each pattern lists its abilities in the seed's order; card ``k`` (1-based)
carries ability ``(k - 1) mod len(abilities)``, so every block of consecutive
cards (the seed's "quadrants") holds each ability once and every reduced pack
of the first ``b`` blocks is balanced.

>>> pack = PatternOne(7)
>>> len(pack.abilities), pack.copies, pack.size
(21, 4, 84)
>>> [c.ability.code for c in pack.cards()[:3]], pack.card(22).ability.code
(['AB', 'AC', 'AD'], 'AB')
>>> PatternTwo(7).card(12).ability.label   # figure 5: card 12 is BF
'B↔F'
>>> PatternThree(5).size
50

Optional rules change what is printed (``rules.got.printed``): ``numbers`` adds the §9 number
abilities (``rules.got.number_abilities.FAMILY``, cardgen's development) to the end of every block;
``packs`` prints that many identical packs, each card marked with its pack (§7); ``wilds``
adds wild cards (§10); ``win`` is the winning definition the table plays (§7).

>>> spec = PatternTwo(7, numbers=True, packs=2, wilds=2, win="never-descending")
>>> spec.block, spec.size, spec.printed_size, spec.slug
(33, 99, 200, 'got-pattern-two-census-7-numbers-packs-2-wilds-2-win-nd')
>>> spec.card(29).ability.label, spec.card(33).ability.label, spec.card(34).ability.label
('HI→X', 'HI↔LO', 'A→X')
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import ClassVar

from cardgen.errors import CardgenError
from cardgen.rules.got.abilities import MAX_CENSUS, MAX_CENSUS_WITH_REMOVALS, Ability
from cardgen.rules.got.number_abilities import FAMILY, NumberAbility
from cardgen.rules.got.number_abilities import parse as parse_number_ability
from cardgen.rules.got.pack_checks import check_pack, linear_card_problems
from cardgen.rules.got.printed import Item, check_options, printed_items
from cardgen.rules.got.sequences import WINS
from cardgen.rules.shared import Card, CardLike, Violation

__all__ = ["Card", "PackAbility", "Pattern", "PatternOne", "PatternTwo", "PatternThree", "make_pattern"]

PackAbility = Ability | NumberAbility
"""What a linear pack's card may carry: a positional ability, or (with ``numbers``) a number one."""
WIN_SLUGS = {"ascending": "", "never-descending": "-win-nd"}

MIN_CENSUS = 2
MAX_COPIES = 100
MAX_PLAYERS = 40


class Pattern:
    """A pattern for one census and copy count. Subclasses hold the class-level facts."""

    name: ClassVar[str]
    default_copies: ClassVar[int]
    has_removals: ClassVar[bool] = False
    cross_players: ClassVar[bool] = False
    blurb: ClassVar[str]

    def __init__(
        self,
        census: int,
        copies: int | None = None,
        *,
        numbers: bool = False,
        packs: int = 1,
        wilds: int = 0,
        win: str = "ascending",
    ) -> None:
        top = MAX_CENSUS_WITH_REMOVALS if self.has_removals else MAX_CENSUS
        if not MIN_CENSUS <= census <= top:
            why = " (X marks a removal, so no space may be named X)" if self.has_removals and census > top else ""
            raise CardgenError(
                f"census {census} is out of range for pattern {self.name}: allowed {MIN_CENSUS} to {top}{why}"
            )
        copies = self.default_copies if copies is None else copies
        if not 1 <= copies <= MAX_COPIES:
            raise CardgenError(f"copies {copies} is out of range: allowed 1 to {MAX_COPIES}")
        check_options(packs, wilds)
        if win not in WINS:
            raise CardgenError(f"win {win!r} is not one of {', '.join(WINS)}")
        if win != "ascending" and packs == 1 and not wilds:
            raise CardgenError(
                f"--win {win} changes nothing in one pack without wild cards (no number repeats): "
                "add --packs or --wilds"
            )
        self.census = census
        self.copies = copies
        self.numbers = bool(numbers)
        self.packs = packs
        self.wilds = wilds
        self.win = win
        self.abilities: tuple[PackAbility, ...] = (*self._abilities(), *(FAMILY if numbers else ()))

    def _abilities(self) -> list[Ability]:
        raise NotImplementedError

    def __repr__(self) -> str:
        extras = f", numbers={self.numbers}, packs={self.packs}, wilds={self.wilds}, win={self.win!r}"
        plain = not self.numbers and self.packs == 1 and not self.wilds and self.win == "ascending"
        return f"{type(self).__name__}(census={self.census}, copies={self.copies}{'' if plain else extras})"

    @property
    def size(self) -> int:
        """Number of cards in the pack."""
        return self.copies * len(self.abilities)

    @property
    def block(self) -> int:
        """Cards per block: each ability exactly once in each block."""
        return len(self.abilities)

    @property
    def printed_size(self) -> int:
        """Cards printed: every pack's numbered cards and the wilds."""
        return self.packs * self.size + self.wilds

    @property
    def slug(self) -> str:
        """Folder name for the pack, e.g. ``got-pattern-two-census-7``; the optional rules add
        ``-numbers``, ``-packs-K``, ``-wilds-N`` and ``-win-nd`` (never-descending)."""
        base = f"got-pattern-{self.name}-census-{self.census}"
        base += "" if self.copies == self.default_copies else f"-copies-{self.copies}"
        base += "-numbers" if self.numbers else ""
        base += f"-packs-{self.packs}" if self.packs > 1 else ""
        base += f"-wilds-{self.wilds}" if self.wilds else ""
        return base + WIN_SLUGS[self.win]

    def printed(self, width: int = 3) -> list[Item[Card[PackAbility]]]:
        """The cards as printed, pack by pack, wilds after each pack's numbered cards (``rules.got.printed``)."""
        return printed_items(self.cards(), packs=self.packs, wilds=self.wilds, width=width)

    def card(self, number: int) -> Card[PackAbility]:
        if not 1 <= number <= self.size:
            raise CardgenError(f"card {number} is not in a pack of {self.size}")
        return Card(number, self.abilities[(number - 1) % self.block])

    def cards(self) -> list[Card[PackAbility]]:
        """One pack, in number order. Pure and deterministic."""
        return [self.card(n) for n in range(1, self.size + 1)]

    def parse_ability(self, text: str) -> PackAbility:
        """An ability as printed on a card of this census (``BE``, ``B↔E``, ``BX``, ``B→X``), or a
        number ability's code or label (``#LEV``, ``LO EV→X``): the check judges whether it belongs."""
        try:
            return Ability.parse(text, census=self.census)
        except CardgenError:
            try:
                return parse_number_ability(text)
            except CardgenError:
                pass
            raise

    def card_problems(self, card: CardLike) -> list[tuple[str, str]]:
        ability = card.ability
        if isinstance(ability, NumberAbility):
            if ability.dims != 1:
                return [("kinds", f"{ability.code} is a number ability of the 3×3 game, not of a linear mat")]
            if not self.numbers:
                return [("kinds", f"number ability {ability.code} is not in this pack (built without --numbers)")]
            return []
        if not isinstance(ability, Ability):
            return [("kinds", f"{ability.code} is not an ability of a linear mat")]
        return linear_card_problems(self.census, self.has_removals, self.name, ability)

    def check(self, cards: Sequence[CardLike]) -> list[Violation]:
        """Every constraint ``cards`` break as a pack of this pattern (see ``rules.got.pack_checks``)."""
        return check_pack(self, cards)


class PatternOne(Pattern):
    """Every two-space swap in the seed's order: A↔B, A↔C, ..., B↔C, ... (§3)."""

    name = "one"
    default_copies = 4
    blurb = "every two-space swap"

    def _abilities(self) -> list[Ability]:
        return [Ability.swap(a, b) for a, b in combinations(range(self.census), 2)]


class PatternTwo(Pattern):
    """For each space in order: its removal, then its swaps with later spaces (§4).

    The seed's census-7 table prints B↔F 11, B↔G 12, B↔H 13 and no B↔E;
    figure 5 (cards 12 BF, 40 BF, 68 BF, 69 BG) shows B↔E 11, B↔F 12, B↔G 13,
    which is what this definition yields.
    """

    name = "two"
    default_copies = 3
    has_removals = True
    blurb = "every swap plus one removal per space"

    def _abilities(self) -> list[Ability]:
        out: list[Ability] = []
        for a in range(self.census):
            out.append(Ability.removal(a))
            out.extend(Ability.swap(a, b) for b in range(a + 1, self.census))
        return out


class PatternThree(PatternOne):
    """Pattern one's swaps, where a swap may cross two players' sequences (§6)."""

    name = "three"
    default_copies = 5
    cross_players = True
    blurb = "pattern one's swaps, which may cross players"


PATTERNS: dict[str, type[Pattern]] = {p.name: p for p in (PatternOne, PatternTwo, PatternThree)}


def make_pattern(
    name: str,
    census: int,
    copies: int | None = None,
    players: int | None = None,
    *,
    numbers: bool = False,
    packs: int = 1,
    wilds: int = 0,
    win: str = "ascending",
) -> Pattern:
    """Look a pattern up by name.

    ``players`` scales the default (four-player) pack: copies = round(default × P / 4),
    at least 1. For pattern one that is P copies, the seed's 2 → 42, 3 → 63,
    5 → 105 and 6 → 126 cards at census 7.

    >>> make_pattern("one", 7, players=3).size, make_pattern("two", 7, players=6).copies
    (63, 5)
    """
    try:
        cls = PATTERNS[name.strip().lower()]
    except KeyError:
        raise CardgenError(f"unknown pattern {name!r}: choose one of {', '.join(PATTERNS)}") from None
    if copies is not None and players is not None:
        raise CardgenError("give --copies or --players, not both")
    if players is not None:
        if not 2 <= players <= MAX_PLAYERS:
            raise CardgenError(f"players {players} is out of range: allowed 2 to {MAX_PLAYERS}")
        copies = max(1, int(cls.default_copies * players / 4 + 0.5))
    return cls(census, copies, numbers=numbers, packs=packs, wilds=wilds, win=win)
