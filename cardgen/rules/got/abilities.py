"""Abilities printed on Game of Trains variant cards (seed 002, §3-§4).

Spaces on a linear placemat are lettered A, B, C, ... (§2). A card either swaps
two spaces (printed ``A↔B``, or ``AB`` in the compact style of the seed's
figures) or removes the card at one space and replaces it from the draw pile
(printed ``A→X``, compactly ``AX``).

Decision (seed README: "decide, write it down"): ``X`` is the removal marker,
so a mat may have at most 23 spaces (A..W) when removals are in play; a census
of 24 or more would put a space named X on the mat and make ``AX`` ambiguous.
Patterns with removals refuse such a census (see ``MAX_CENSUS_WITH_REMOVALS``).

>>> Ability.swap(0, 1).code, Ability.swap(0, 1).label
('AB', 'A↔B')
>>> Ability.removal(2).code, Ability.removal(2).label
('CX', 'C→X')
>>> Ability.parse("B ↔ E", census=7) == Ability.swap(1, 4)
True
>>> Ability.parse("bx", census=7)
Ability(kind='remove', spaces=(1,))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from cardgen.errors import CardgenError

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_CENSUS = len(LETTERS)
REMOVAL_MARK = "X"
MAX_CENSUS_WITH_REMOVALS = LETTERS.index(REMOVAL_MARK)  # 23: spaces A..W
SWAP_ARROW = "↔"
REMOVAL_ARROW = "→"

_ARROWS = re.compile(r"\s*(↔|<->|<>|→|->|-)\s*")


def space_letter(index: int) -> str:
    """The letter of the space at 0-based ``index``.

    >>> space_letter(0), space_letter(6)
    ('A', 'G')
    """
    return LETTERS[index]


@dataclass(frozen=True)
class Ability:
    """A swap of two spaces (``spaces=(a, b)``, a < b) or a removal (``spaces=(a,)``)."""

    kind: Literal["swap", "remove"]
    spaces: tuple[int, ...]

    @classmethod
    def swap(cls, a: int, b: int) -> Ability:
        if a == b:
            raise ValueError("a swap needs two different spaces")
        return cls("swap", (min(a, b), max(a, b)))

    @classmethod
    def removal(cls, a: int) -> Ability:
        return cls("remove", (a,))

    @property
    def code(self) -> str:
        """Compact form, as on the seed's figures: ``AB`` or ``AX``."""
        letters = "".join(space_letter(s) for s in self.spaces)
        return letters if self.kind == "swap" else letters + REMOVAL_MARK

    @property
    def label(self) -> str:
        """Printed form with its arrow: ``A↔B`` or ``A→X``."""
        if self.kind == "swap":
            return space_letter(self.spaces[0]) + SWAP_ARROW + space_letter(self.spaces[1])
        return space_letter(self.spaces[0]) + REMOVAL_ARROW + REMOVAL_MARK

    def highest_space(self) -> int:
        return max(self.spaces)

    @classmethod
    def parse(cls, text: str, *, census: int) -> Ability:
        """Read an ability as printed: ``BE``, ``B↔E``, ``B<->E``, ``BX``, ``B→X``, ``B->X``.

        A bare ``X`` second letter means removal while the census leaves X free
        for the marker (census <= 23); with an explicit ``→``/``->`` it always does.
        Letters beyond the census are accepted here (the pack check reports them).
        """
        raw = text.strip().upper()
        match = _ARROWS.search(raw)
        arrow = match.group(1) if match else ""
        letters = _ARROWS.sub("", raw).replace(" ", "")
        if len(letters) != 2 or any(ch not in LETTERS for ch in letters):
            raise CardgenError(f"ability {text.strip()!r} is not two space letters like BE or B↔E")
        first, second = (LETTERS.index(ch) for ch in letters)
        removal_arrow = arrow in ("→", "->")
        if second == LETTERS.index(REMOVAL_MARK) and (removal_arrow or census <= MAX_CENSUS_WITH_REMOVALS):
            return cls.removal(first)
        if removal_arrow:
            raise CardgenError(f"ability {text.strip()!r}: a removal is written like B→X")
        if first == second:
            raise CardgenError(f"ability {text.strip()!r} swaps a space with itself")
        return cls.swap(first, second)
