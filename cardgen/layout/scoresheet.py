"""A score sheet to fill in with a pen: one row per round, two cells per player (the round's
score and the running total), a totals row. Pure; lengths in mm, y down.

Made to be photocopied: black lines, no heavy fills (only a pale tint on the running-total
cells so the eye finds them), rows at least 8 mm tall and cells wide enough for three digits
in handwriting. Wide tables (more than five players) turn the page to landscape.

>>> sheet = score_sheet(players=3, rounds=["12", "11", "Train-Train"], paper=(210, 297), margin=5)
>>> [t.text for t in texts(sheet, "round")]
['12', '11', 'Train-Train']
>>> [t.text for t in texts(sheet, "player")]
['Player 1', 'Player 2', 'Player 3']
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.errors import CardgenError
from cardgen.layout.shapes import CAP_HEIGHT, Drawing, Line, Rect, Shape, Text, fit_size, text_width, walk

INK = "#1a1a1a"
GREY = "#666666"
TINT = "#efefef"  # running-total cells: pale enough for any copier
PAD = 3.0  # mm inside the printer's margin
MIN_ROW = 8.0
MAX_ROW = 12.0
NAME_ROW = 13.0
HEAD_ROW = 6.0
LANDSCAPE_FROM = 6  # players


def texts(drawing: Drawing, role: str) -> list[Text]:
    """The texts of ``drawing`` with ``role``, in drawing order."""
    return [s for s, _, _ in walk(drawing.shapes) if isinstance(s, Text) and s.role == role]


def score_sheet(
    *,
    players: int,
    rounds: Sequence[str],
    paper: tuple[float, float],
    margin: float,
    heading: str = "Score sheet",
    subtitle: str = "",
    notes: Sequence[str] = (),
) -> Drawing:
    """The sheet for ``players`` players and ``rounds`` (row labels, in playing order)."""
    pw, ph = (max(paper), min(paper)) if players >= LANDSCAPE_FROM else (min(paper), max(paper))
    left, top = margin + PAD, margin + PAD
    width = pw - 2 * left
    shapes: list[Shape] = []

    # Heading and subtitle.
    head = fit_size(heading, 6.0, width)
    y = top + CAP_HEIGHT * head
    shapes.append(Text(left, y, heading, head, "start", fill=INK, bold=True, role="title"))
    if subtitle:
        sub = fit_size(subtitle, 3.2, width)
        y += 2.0 + CAP_HEIGHT * sub + 1.0
        shapes.append(Text(left, y, subtitle, sub, "start", fill=GREY, role="subtitle"))
    table_top = y + 4.0

    # Room kept for the notes under the table.
    note_size = min((fit_size(n, 2.8, width) for n in notes), default=2.8)
    foot = len(notes) * note_size * 1.5 + (4.0 if notes else 0.0)
    bottom_limit = ph - top - foot

    # Columns: round, then score and total for each player.
    label_size = 3.6
    longest = max(rounds, key=len)
    round_w = text_width(f"{len(rounds)}", 2.6) + text_width(longest, label_size) + 5.0
    player_w = (width - round_w) / players
    rows = len(rounds) + 1  # rounds and the totals row
    row_h = min(MAX_ROW, (bottom_limit - table_top - NAME_ROW - HEAD_ROW) / rows)
    if row_h < MIN_ROW or player_w < 16.0:
        raise CardgenError(f"a score sheet for {players} players does not fit on this paper: choose a larger one")
    body_top = table_top + NAME_ROW + HEAD_ROW
    table_bottom = body_top + rows * row_h
    right = left + round_w + players * player_w

    # Running-total cells first, so the lines are drawn over their tint.
    for p in range(players):
        x = left + round_w + p * player_w + player_w / 2
        shapes.append(Rect(x, body_top, player_w / 2, rows * row_h, fill=TINT, role="total-cell"))

    # Header: a name line per player, then the column captions.
    cap = 2.4
    for p in range(players):
        x = left + round_w + p * player_w
        shapes.append(Text(x + 1.5, table_top + 1.2 + CAP_HEIGHT * cap, f"Player {p + 1}", cap, "start", fill=GREY, role="player"))  # fmt: skip
        shapes.append(Line(x + 2.0, table_top + NAME_ROW - 2.5, x + player_w - 2.0, table_top + NAME_ROW - 2.5, stroke=GREY, stroke_width=0.2, role="name-line"))  # fmt: skip
        for k, word in enumerate(("score", "total")):
            size = fit_size(word, 2.6, player_w / 2 - 1.0)
            shapes.append(Text(x + player_w * (k + 0.5) / 2, table_top + NAME_ROW + HEAD_ROW / 2 + CAP_HEIGHT * size / 2, word, size, "middle", fill=INK, role="column"))  # fmt: skip
    shapes.append(Text(left + round_w / 2, table_top + NAME_ROW + HEAD_ROW / 2 + CAP_HEIGHT * 1.3, "engine", 2.6, "middle", fill=INK, role="column"))  # fmt: skip

    # Round rows and the totals row.
    for r, name in enumerate(rounds):
        baseline = body_top + r * row_h + row_h / 2 + CAP_HEIGHT * label_size / 2
        shapes.append(Text(left + 1.5, baseline, str(r + 1), 2.6, "start", fill=GREY, role="round-number"))
        shapes.append(Text(left + round_w - 2.0, baseline, name, label_size, "end", fill=INK, bold=True, role="round"))
    baseline = table_bottom - row_h / 2 + CAP_HEIGHT * label_size / 2
    shapes.append(Text(left + round_w - 2.0, baseline, "Total", label_size, "end", fill=INK, bold=True, role="total"))

    for i, note in enumerate(notes):
        baseline = table_bottom + 4.0 + CAP_HEIGHT * note_size + i * note_size * 1.5
        shapes.append(Text(left, baseline, note, note_size, "start", fill=INK, role="note"))

    # Rules: hairlines inside, heavier lines round each player and the totals row.
    thin, thick = 0.2, 0.6
    for r in range(rows):
        y_line = body_top + r * row_h
        shapes.append(Line(left, y_line, right, y_line, stroke=INK, stroke_width=thick if r in (0, rows - 1) else thin))
    shapes.append(
        Line(left + round_w, table_top + NAME_ROW, right, table_top + NAME_ROW, stroke=INK, stroke_width=thin)
    )
    for p in range(players):
        x = left + round_w + p * player_w
        shapes.append(Line(x, table_top, x, table_bottom, stroke=INK, stroke_width=thick))
        mid = x + player_w / 2
        shapes.append(Line(mid, table_top + NAME_ROW, mid, table_bottom, stroke=INK, stroke_width=thin))
    shapes.append(
        Rect(left, table_top, right - left, table_bottom - table_top, fill=None, stroke=INK, stroke_width=thick)
    )
    return Drawing(pw, ph, tuple(shapes), title=heading)
