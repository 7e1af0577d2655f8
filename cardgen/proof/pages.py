"""What a PDF page shows, as plain data: its text and path objects, as ``pdfread`` reads them
with pdfium. Plain values (tuples), so that checkers compare them and a page read in one
process is handed to another cheaply (``packed``, ``unpacked``).
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from typing import NamedTuple

Box = tuple[float, float, float, float]  # left, bottom, right, top
Colour = tuple[int, int, int, int]  # r, g, b, a

FILL = 0  # text render mode cardgen writes: glyphs filled (3 would be invisible)


class TextObject(NamedTuple):  # (a big pack's pages hold tens of thousands of these)
    text: str
    font: str  # base font name, subset prefix removed
    size: float  # effective size in points (font size × scale)
    angle: float  # degrees, counter-clockwise; 180 is upside down
    x: float  # origin of the first glyph
    y: float
    box: Box
    fill: Colour
    mode: int = FILL  # text render mode (0 fill, 1 stroke, 3 invisible, ...)
    embedded: bool = True  # the font program is in the file
    drawn: str = ""  # a right-to-left text's letters as they stand on the page (``pdfread._drawn_orders``)

    @property
    def bold(self) -> bool:
        return "Bold" in self.font


class PathObject(NamedTuple):
    box: Box
    fill: Colour | None  # None when the path is not filled
    stroke: Colour | None


@dataclass(frozen=True)
class PageObjects:
    number: int  # 1-based
    width: float
    height: float
    texts: list[TextObject]
    paths: list[PathObject]
    others: tuple[str, ...] = ()  # kinds of any other objects on the page (image, form, ...)


def packed(page: PageObjects) -> bytes:
    """A page as bytes (pickled), as the process that read it hands it over (``unpacked`` makes
    it a page again): a 1300-card pack's page objects take 7 MB as objects, 1.4 MB as bytes, and
    pickled values cross between processes as bytes anyway."""
    return pickle.dumps(page, pickle.HIGHEST_PROTOCOL)


def unpacked(data: bytes) -> PageObjects:
    """A page ``packed`` by the process that read it (our own worker: plain tuples and strings)."""
    page: PageObjects = pickle.loads(data)
    return page
