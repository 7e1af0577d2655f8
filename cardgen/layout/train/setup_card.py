"""Train's round-setup card (seeds 000, 001): a poker-size card for the table that says, for the
players at it, how each of the four rounds is set up: how many face-down piles, how many cards in
each (``rules.train.referee.pile_sizes``), and how many may be closed at once. Pure; mm, y down.

The seed gives the piles and the closing limits per round ("Round 1: 3 decks closed, 1 open" …);
the pile sizes are the referee's (the rest of the deck after the deal, split as evenly as it
goes, larger piles first), so the card never disagrees with the rules or the handout.

>>> card = setup_card(3)
>>> [t.text for t in texts(card, "round")]
['Round 1', 'Round 2', 'Round 3', 'Round 4']
>>> [t.text for t in texts(card, "pile-count")][:4], [t.text for t in texts(card, "closing")]
(['8', '8', '8', '7'], ['3 may close', '2 may close', '1 may close', 'none may close'])
"""

from __future__ import annotations

from cardgen.layout.diagrams import BACK, BACK_EDGE, GREY, INK, PAPER, centred
from cardgen.layout.shapes import Drawing, Group, Line, Rect, Shape, Text, text_width, walk
from cardgen.layout.typescale import BODY, HEAD, LEAD, NOTE, fit_step
from cardgen.rules.train.referee import HAND, ROUNDS, pile_sizes, round_setup

SIZE = (63.5, 88.9)  # mm: a poker card, the deck's own size, to keep in its box
ACCENT = "#8a2323"  # Train's colour, as its handout's
INSET = 3.5  # mm: every word this far inside the cut
CHIP = (6.6, 9.2)  # a pile, mm
CHIP_GAP = 1.6


def texts(drawing: Drawing, role: str) -> list[Text]:
    """The texts of ``drawing`` with ``role``, in drawing order."""
    return [s for s, _, _ in walk(drawing.shapes) if isinstance(s, Text) and s.role == role]


def _pile(x: float, y: float, count: int) -> Group:
    """A face-down pile at (x, y) (its top-left) with its count of cards on it."""
    w, h = CHIP
    shapes: list[Shape] = [
        Rect(0.7, 0.7, w, h, fill=BACK, stroke=BACK_EDGE, stroke_width=0.25, radius=0.8, role="pile-edge"),
        Rect(0, 0, w, h, fill=BACK, stroke=BACK_EDGE, stroke_width=0.25, radius=0.8, role="pile"),
        centred(w / 2, h / 2, str(count), LEAD, bold=True, fill=PAPER, role="pile-count", family="sans"),
    ]
    return Group(tuple(shapes), dx=x, dy=y, role="pile")


def _wrapped(text: str, size: float, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` at ``size`` (sans), broken between words."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, family="sans") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def setup_card(players: int, *, title: str = "") -> Drawing:
    """The round-setup card for ``players`` players (3 or 4; 2 in a tie-breaker), ``title``
    (a name of the user's) printed at its foot."""
    w, h = SIZE
    inner = w - 2 * INSET
    shapes: list[Shape] = [Rect(0, 0, w, h, fill=PAPER, role="card")]
    band = 15.0
    shapes += [
        Rect(0, 0, w, band, fill=ACCENT, role="band"),
        Text(INSET, 7.4, "Train", HEAD, "start", fill=PAPER, bold=True, role="heading", family="sans"),
        Text(INSET, 12.0, f"setting up a round · {players} players", NOTE, "start", fill="#f3dede", role="players",
             family="sans"),
    ]  # fmt: skip
    y = band + 5.0
    for line in _wrapped(f"Deal {HAND} each: 5 one at a time, then 2 together. The rest go into the piles:", NOTE,
                         inner):  # fmt: skip
        shapes.append(Text(INSET, y, line, NOTE, "start", fill=INK, role="deal", family="sans"))
        y += NOTE * 1.3
    y += 1.2
    row = 12.2
    for rnd in range(1, ROUNDS + 1):
        piles, closing = round_setup(rnd)
        sizes = pile_sizes(rnd, players)
        top = y + (rnd - 1) * row
        if rnd > 1:
            shapes.append(Line(INSET, top - 1.2, w - INSET, top - 1.2, stroke="#dddddd", stroke_width=0.2, role="rule"))
        shapes.append(Text(INSET, top + 4.2, f"Round {rnd}", BODY, "start", fill=INK, bold=True, role="round",
                           family="sans"))  # fmt: skip
        said = f"{closing} may close" if closing else "none may close"
        shapes.append(Text(INSET, top + 8.2, said, NOTE, "start", fill=GREY, role="closing", family="sans"))
        x = w - INSET - len(sizes) * CHIP[0] - (len(sizes) - 1) * CHIP_GAP
        for k, count in enumerate(sizes):
            shapes.append(_pile(x + k * (CHIP[0] + CHIP_GAP), top, count))
    y = y + ROUNDS * row + 1.0
    foot = "One pile always stays open. A tie-breaker is set up as Round 1, dealt to the tied players only."
    for line in _wrapped(foot, NOTE, inner):
        shapes.append(Text(INSET, y, line, NOTE, "start", fill=GREY, role="foot", family="sans"))
        y += NOTE * 1.3
    if title:
        shapes.append(
            Text(w / 2, h - INSET, title, fit_step(title, NOTE, inner), fill=GREY, role="title", family="sans")
        )
    return Drawing(w, h, tuple(shapes), title=f"Train: setting up a round, {players} players",
                   meta={"set": f"Train round set-up, {players} players"})  # fmt: skip
