"""Right-to-left text (an Arabic or Hebrew title) as a PDF must draw it.

An SVG holds text in logical order and the viewer orders and joins the letters (bidi and Arabic
shaping), so the SVG writer writes a title as it is typed. A PDF draws glyphs left to right as
it is given them: ``visual`` turns such a text into the order and the joined letter forms to
draw (Arabic reshaped to its presentation forms, then the Unicode bidi algorithm, brackets
paired and mirrored), and leaves every other text as it is. pdfium reads the drawn letters
back in an order of its own guessing, so ``cardgen check`` compares what stands on the page,
left to right, with what ``visual`` draws (``drawn_form``).

>>> visual("Family night")
'Family night'
>>> visual("قطار") == "ﺭﺎﻄﻗ"
True

Brackets and quotation marks in a right-to-left run are mirrored (Unicode's rule L4): the
opening one, first in reading order, stands at the right and faces the text. A bracket pair
takes the direction of what it encloses (rule N0), so "[1]" in an Arabic title stays whole.

>>> visual("(قطار)") == "(ﺭﺎﻄﻗ)", visual("«قطار»") == "«ﺭﺎﻄﻗ»", visual("قطار [1]") == "[1] ﺭﺎﻄﻗ"
(True, True, True)
>>> visual("(مرحبا) abc [1]") == "abc [1] (ﺎﺒﺣﺮﻣ)"  # "1" after Latin letters is Latin (W7)
True
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any

RTL = frozenset({"R", "AL", "AN"})
# Unicode's paired brackets (BidiBrackets.txt) a title may hold, opening then closing
_BRACKETS = "()[]{}⁅⁆⁽⁾₍₎⌈⌉⌊⌋〈〉❨❩❪❫❬❭❮❯❰❱❲❳❴❵⟅⟆⟦⟧⟨⟩⟪⟫⟬⟭⟮⟯⦃⦄⦅⦆〈〉《》「」『』【】〔〕〖〗〘〙〚〛"
OPENING = {_BRACKETS[i]: _BRACKETS[i + 1] for i in range(0, len(_BRACKETS), 2)}
CLOSING = {v: k for k, v in OPENING.items()}
MAX_PAIRS = 63  # BD16: past this many open brackets, no more pairs are looked for


def is_rtl(text: str) -> bool:
    """Whether ``text`` holds a right-to-left letter."""
    if text.isascii():  # (most texts: no letter of them is)
        return False
    return any(unicodedata.bidirectional(c) in RTL for c in text)


@cache
def visual(text: str) -> str:
    """``text`` in the order, and with the letter forms, a left-to-right writer must draw."""
    if not is_rtl(text):
        return text
    # (imported only for a right-to-left text)
    import arabic_reshaper  # type: ignore[import-untyped,unused-ignore]

    # python-bidi's own algorithm, step by step, so that bracket pairs are resolved (N0, which it
    # lacks) before the other neutrals; it mirrors brackets in right-to-left runs (L4), which its
    # faster ``bidi.get_display`` does not: "(قطار)" would print ")قطار("
    from bidi import algorithm as uba  # type: ignore[import-untyped,unused-ignore]

    shaped = arabic_reshaper.reshape(text)
    storage = uba.get_empty_storage()
    level = uba.get_base_level(shaped)
    storage["base_level"], storage["base_dir"] = level, ("L", "R")[level]
    uba.get_embedding_levels(shaped, storage)
    uba.explicit_embed_and_overrides(storage, False)
    uba.resolve_weak_types(storage, False)
    _pair_brackets(storage)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    uba.reorder_resolved_levels(storage, False)
    uba.apply_mirroring(storage, False)
    return "".join(c["ch"] for c in storage["chars"])


def _strong(kind: str) -> str | None:
    """A resolved type as N0 counts it: L, R (numbers count as R), or None (neutral)."""
    return "L" if kind == "L" else "R" if kind in ("R", "AL", "EN", "AN") else None


def _pair_brackets(storage: dict[str, Any]) -> None:
    """Unicode's rule N0 on python-bidi's storage (after the weak types, before N1 and N2): each
    bracket pair (BD16) in a level run takes the run's direction when it encloses a strong
    letter of that direction; else the other direction when it encloses one and the text
    before it has that direction too; else the run's direction; a pair enclosing nothing
    strong is left to the neutral rules."""
    chars = storage["chars"]
    for run in storage["runs"]:
        start, end = run["start"], run["start"] + run["length"]
        direction = ("L", "R")[chars[start]["level"] % 2] if end > start else "L"
        pairs: list[tuple[int, int]] = []
        stack: list[tuple[str, int]] = []
        for i in range(start, end):
            ch = chars[i]
            if ch["type"] != "ON":
                continue
            if ch["ch"] in OPENING:
                if len(stack) == MAX_PAIRS:
                    break
                stack.append((OPENING[ch["ch"]], i))
            elif ch["ch"] in CLOSING:
                found = next((k for k in range(len(stack) - 1, -1, -1) if stack[k][0] == ch["ch"]), None)
                if found is not None:
                    pairs.append((stack[found][1], i))
                    del stack[found:]
        for opening, closing in sorted(pairs):
            inside = {_strong(chars[k]["type"]) for k in range(opening + 1, closing)} - {None}
            if direction in inside:
                chosen = direction
            elif inside:
                before = next(
                    (s for k in range(opening - 1, start - 1, -1) if (s := _strong(chars[k]["type"]))), run["sor"]
                )
                chosen = before if before != direction else direction
            else:
                continue
            chars[opening]["type"] = chars[closing]["type"] = chosen


# each bracket-like character that is mirrored in a right-to-left run, and its mirror
_PAIRS = _BRACKETS + "<>«»‹›"
_ONE_OF_A_PAIR = str.maketrans({_PAIRS[i + 1]: _PAIRS[i] for i in range(0, len(_PAIRS), 2)})


def drawn_form(text: str) -> str:
    """What of ``text`` (its letters in the order they stand on a page, left to right) a reader
    can compare, whatever it makes of joined letter forms and mirrored brackets: compatibility
    forms unfolded (a joined "ﻗ" is "ق"), each bracket one of its pair, spaces single.

    >>> drawn_form(visual("(قطار abc)")) == drawn_form(")abc ﺭﺎﻄﻗ(")
    True
    """
    return " ".join(unicodedata.normalize("NFKC", text).translate(_ONE_OF_A_PAIR).split())
