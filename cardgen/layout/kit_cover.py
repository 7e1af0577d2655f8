"""A kit's cover page, as content (``layout.document``): the first page of a kit's PDF, and all a
newcomer reads before the rules. It says which game and for whom, what is inside page by page,
how to print it, what else the table needs, the steps to make it, and about how long that takes
(with the assumptions behind the figure). Pure: ``products.kit`` gathers the facts from the parts
it built (their pages, cards, sheets), so the cover never says what the kit does not hold.

>>> doc = cover(Cover("Train", "a kit for 3 players", "#8a2323", (Row("1", "this cover", "read it first"),),
...                   "Print on A4 paper at 100 %.", ("a pen",), ("Print it.",), "about 5 minutes", "20 s a card"))
>>> doc.headings()
['What is inside', 'How to print', 'What else you need', 'Making it']
>>> doc.tables("contents")[0].rows
(('1', 'this cover', 'read it first'),)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.layout.art import mix
from cardgen.layout.diagrams import side_by_side
from cardgen.layout.document import (
    Beside,
    Block,
    Bullets,
    Columns,
    Document,
    Figure,
    Heading,
    Note,
    Paragraph,
    SmallPrint,
    Steps,
    Table,
)
from cardgen.layout.shapes import Drawing

COVER_PAGES = 1  # the promise: a cover on one page
PICTURE_WIDTH, PICTURE_HEIGHT = 74.0, 46.0  # mm: the pictured components, at most


@dataclass(frozen=True)
class Row:
    """A line of the contents: the pages ("4–10"), what they hold, and what to do with them."""

    pages: str
    what: str
    how: str


@dataclass(frozen=True)
class Cover:
    """The facts a cover states, gathered from what the kit holds."""

    title: str  # the game's: "Game of Trains"
    subtitle: str  # the kit's: "print-and-play kit · 3 players (Ann, Bob, Cy) · pattern two, census 7"
    accent: str  # the game's colour (its handout's)
    contents: tuple[Row, ...]
    printing: str  # how to print the whole PDF, in sentences
    needs: tuple[str, ...]  # what else the table needs (tools, markers, room)
    steps: tuple[str, ...]  # making it, in order
    time: str  # "about 35 minutes"
    assumptions: str  # what ``time`` is worked out from
    notes: tuple[str, ...] = ()  # anything else worth a line (a choice the kit made)
    pictures: tuple[Drawing, ...] = ()  # a few of its components, as printed
    caption: str = ""  # what they are
    slug: str = "kit-cover"


def _printing(c: Cover) -> list[Block]:
    """How to print, beside a picture of a few components when there is one."""
    said: list[Block] = [Heading("How to print"), Paragraph.of(c.printing)]
    if not c.pictures:
        return said
    row = side_by_side(c.pictures, gap=4.0, title=c.caption)
    width = min(PICTURE_WIDTH, row.width * PICTURE_HEIGHT / row.height)
    return [Beside(Figure(row, c.caption, width, role="components"), tuple(said), share=0.42)]


def cover(c: Cover) -> Document:
    """The cover as a document: one page, the contents across it, the rest in two columns."""
    blocks = (
        Heading("What is inside"),
        Table(
            ("pages", "what", "then"),
            tuple((r.pages, r.what, r.how) for r in c.contents),
            widths=(1.1, 5.0, 3.4),
            role="contents",
        ),  # fmt: skip
        *_printing(c),
        Columns.of(
            Heading("What else you need"),
            Bullets.of(c.needs),
            Heading("Making it"),
            Steps.of(c.steps),
            Paragraph.of(f"Making it takes **{c.time}**."),
        ),
        *([Note.of("Good to know", c.notes)] if c.notes else []),
        SmallPrint.of(f"The time is worked out from what the kit holds: {c.assumptions}."),
    )
    return Document(
        c.title, c.subtitle, blocks, slug=c.slug, meta={"accent": c.accent, "tint": mix(c.accent, "#ffffff", 0.1)}
    )
