"""Deck sheets for Tabletop Simulator (TTS): the cards in a grid, one Drawing a sheet.

TTS's Custom Deck cuts a sheet image into ``width`` × ``height`` equal cells (at most 10 × 7)
and takes its cards from them in reading order; the sheet's last cell (bottom right) is the
"hidden" card, shown to the other players while a card is in someone's hand. So a sheet holds
at most 69 cards, and cardgen puts the back in that last cell (the back is also written on its
own, for TTS's Back field). A sheet is 10 cells wide and as many rows tall as its cards and the
hidden cell need. TTS refuses images over 10 000 px a side; cardgen keeps each sheet within
4096 px (the texture size every graphics card takes, and a quick download), cells the card's
shape in whole pixels (409 × 573 for poker). Cards are cut at their trim: no bleed in TTS.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.layout.shapes import Drawing, Group, Rect

COLS, ROWS = 10, 7  # TTS's largest grid
PER_SHEET = COLS * ROWS - 1  # the last cell is the hidden card
TTS_LIMIT = 10_000  # px a side: TTS's own limit
SHEET_PX = 4096  # px a side: cardgen's, well inside it


@dataclass(frozen=True)
class TtsSheet:
    drawing: Drawing  # the sheet in mm: cells the card's trim size
    pixels: tuple[int, int]  # the image's size
    cell: tuple[int, int]  # one card's size in px
    rows: int
    first: int  # the number (from 1) of its first card
    cards: int  # cards on it (the hidden back not counted)


def cell_pixels(card: tuple[float, float], limit: int = SHEET_PX) -> tuple[int, int]:
    """One cell's size in whole pixels: the card's shape, as large as 10 × 7 of them fit ``limit``.

    >>> cell_pixels((63.5, 88.9)), cell_pixels((57.15, 88.9)), cell_pixels((50.8, 25.4))
    ((409, 573), (376, 585), (409, 204))
    """
    w, h = card
    per_mm = min(limit / (COLS * w), limit / (ROWS * h))
    return int(w * per_mm + 1e-9), int(h * per_mm + 1e-9)


def rows_for(cards: int) -> int:
    """Rows of 10 a sheet of ``cards`` needs, with one cell to spare for the hidden card.

    >>> [rows_for(n) for n in (1, 9, 10, 42, 69)]
    [1, 1, 2, 5, 7]
    """
    return min(ROWS, math.ceil((cards + 1) / COLS))


def trimmed(drawing: Drawing, card: tuple[float, float], dx: float = 0.0, dy: float = 0.0) -> Group:
    """``drawing`` cut at its trim (0, 0, w, h), moved to (dx, dy)."""
    return Group(drawing.shapes, dx=dx, dy=dy, clip=(0.0, 0.0, card[0], card[1]), role="tts-card")


def tts_sheets(faces: Sequence[Drawing], back: Drawing, card: tuple[float, float]) -> list[TtsSheet]:
    """The sheets for ``faces`` (in order, 69 a sheet), each with ``back`` in its last cell."""
    w, h = card
    cw, ch = cell_pixels(card)
    sheets = []
    for first in range(0, len(faces), PER_SHEET):
        chunk = faces[first : first + PER_SHEET]
        rows = rows_for(len(chunk))
        shapes: list[Group | Rect] = [Rect(0.0, 0.0, COLS * w, rows * h, fill="#ffffff", role="tts-ground")]
        for i, face in enumerate(chunk):
            shapes.append(trimmed(face, card, (i % COLS) * w, (i // COLS) * h))
        shapes.append(trimmed(back, card, (COLS - 1) * w, (rows - 1) * h))
        drawing = Drawing(COLS * w, rows * h, tuple(shapes), title=f"Tabletop Simulator sheet {first // PER_SHEET + 1}")
        sheets.append(TtsSheet(drawing, (COLS * cw, rows * ch), (cw, ch), rows, first + 1, len(chunk)))
    return sheets


def back_cell(back: Drawing, card: tuple[float, float]) -> Drawing:
    """The back alone, cut at its trim, for TTS's Back field."""
    return Drawing(card[0], card[1], (trimmed(back, card),), title=back.title)


def sheet_name(i: int) -> str:
    """``deck.png``, then ``deck-2.png`` …"""
    return "deck.png" if i == 0 else f"deck-{i + 1}.png"


def readme(sheets: Sequence[TtsSheet], what: str) -> str:
    """How to bring the sheets into Tabletop Simulator, sheet by sheet."""
    total = sum(s.cards for s in sheets)
    lines = [
        f"{what}: {total} cards for Tabletop Simulator",
        "",
        "In Tabletop Simulator: Objects > Components > Cards > Custom Deck, place it, and fill in",
        "its dialog once for each sheet below. Face and Back take a web address: upload the",
        "images first (TTS's Cloud Manager, Steam Cloud, or any host that serves the file itself).",
        "",
    ]
    for i, s in enumerate(sheets):
        last = s.first + s.cards - 1
        lines += [
            f"{sheet_name(i)}: cards {s.first} to {last}" if s.cards > 1 else f"{sheet_name(i)}: card {s.first}",
            f"  Face: the address of {sheet_name(i)}",
            "  Back: the address of back.png",
            f"  Width: {COLS}",
            f"  Height: {s.rows}",
            f"  Number: {s.cards}",
            "",
        ]
    lines += [
        "Leave Unique Backs and Sideways unticked. The last place on each sheet (bottom right)",
        "holds the back: TTS shows it for a card hidden in another player's hand, so",
        "Back is Hidden may be ticked or not: it looks the same either way. Cards are in",
        "order, 1 first; shuffle in TTS. With more than one sheet, drop one deck on the",
        "other to make one pile.",
        f"Each card is {sheets[0].cell[0]} x {sheets[0].cell[1]} px, cut at its trim (no bleed).",
    ]
    return "\n".join(lines) + "\n"
