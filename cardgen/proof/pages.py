"""What a PDF page shows, as plain data: its text and path objects, as ``pdfread`` reads them
with pdfium. Plain frozen values, so that checkers compare them and a page read in one process
can be handed to another.
"""

from __future__ import annotations

from dataclasses import dataclass

Box = tuple[float, float, float, float]  # left, bottom, right, top
Colour = tuple[int, int, int, int]  # r, g, b, a

FILL = 0  # text render mode cardgen writes: glyphs filled (3 would be invisible)


@dataclass(frozen=True, slots=True)  # slots: a big pack's pages hold tens of thousands of these
class TextObject:
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

    @property
    def bold(self) -> bool:
        return "Bold" in self.font


@dataclass(frozen=True, slots=True)
class PathObject:
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
