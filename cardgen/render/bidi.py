"""Right-to-left text (an Arabic or Hebrew title) as a PDF must draw it.

An SVG holds text in logical order and the viewer orders and joins the letters (bidi and Arabic
shaping), so the SVG writer writes a title as it is typed. A PDF draws glyphs left to right as
it is given them: ``visual`` turns such a text into the order and the joined letter forms to
draw (Arabic reshaped to its presentation forms, then the Unicode bidi algorithm), and leaves
every other text as it is. pdfium reads the drawn letters back in logical order, so
``cardgen check`` compares them with the SVG's text as typed.

>>> visual("Family night")
'Family night'
>>> visual("قطار") == "ﺭﺎﻄﻗ"
True
"""

from __future__ import annotations

import unicodedata
from functools import cache

RTL = frozenset({"R", "AL", "AN"})


def is_rtl(text: str) -> bool:
    """Whether ``text`` holds a right-to-left letter."""
    return any(unicodedata.bidirectional(c) in RTL for c in text)


@cache
def visual(text: str) -> str:
    """``text`` in the order, and with the letter forms, a left-to-right writer must draw."""
    if not is_rtl(text):
        return text
    # (imported only for a right-to-left text)
    import arabic_reshaper  # type: ignore[import-untyped,unused-ignore]
    from bidi import get_display  # type: ignore[import-untyped,unused-ignore]

    shown: str = get_display(arabic_reshaper.reshape(text))
    return shown
