"""The words the Amtrak scorecard prints (seed 004): its rulings, the reference panel's sentences
and the hints under the headings. Pure data, apart from the drawing in ``layout.amtrak.scorecard``, so that
what a player reads can be read (and reviewed) in one place.

The rulings are the decisions of ``cardgen.rules.amtrak.scoring`` (see its docstring), one short line
each, with what the solo card prints instead.

>>> decisions(solo=True)[0].endswith("Rail does not count.")
True
"""

from __future__ import annotations

from cardgen.rules.amtrak.scoring import ACELA_POINTS_PER_ACE, CREW_POINTS

# (the line, what the solo card prints instead: "" the same, None: about rivals and left off)
DECISIONS: tuple[tuple[str, str | None], ...] = (
    (
        "A car's Type and value come from its Tie; a Single-Level car's Rail counts only in a tie-break.",
        "A car's Type and value come from its Tie; a Single-Level car's Rail does not count.",
    ),
    (f"A Joker may be a Rail and is not wild there: K/JK is a Single-Level Crew car ({CREW_POINTS}).", ""),
    ("Bi-Level means Tie and Rails match in rank, and a Joker has none: JK/JK is a Single-Level Substitute (0).", ""),
    ("A Substitute not needed to make the train Full-Staff stays a Substitute and breaks no bonus condition.", ""),
    (f"Acela: Substitutes stand in for Crew only, never as Coach cars; {ACELA_POINTS_PER_ACE} points per Ace car.", ""),
    ("Empire Builder: a Bi-Level car of any Type with a rank counts (K/K, 7/7); JK/JK does not.", ""),
    ("A player who ends with no Car scores 0.", ""),
)
BONUS_NOTE = "Only one bonus per train: the highest that applies."
TIE_BREAK = (
    "Winner: the highest total. Equal totals: discard each Car's Tie and add up the Rails now showing, "
    "each scored as a Single-Level Tie (see Car values), with no bonus; trains still equal share the "
    "place (places 1, 1, 3)."
)
SOLO_RULE = "Solo: a Full-Staff train before the deck runs out is a win."
FLEET_HINTS = {"Single-Level": "Tie, Rail differ", "Bi-Level": "Tie, Rail match"}
STAFF_HINT = "A Coach car, an Engineer (K), a Conductor (Q) and a Crew (J); Substitute cars (Jokers) may stand in."
SOLO_GOAL = "Goal: a Full-Staff train (any of the three bonuses) before the deck runs out."
RULINGS = "Rulings"  # the decisions' heading: how to score where the rules leave it open
BULLET = "•"


def decisions(solo: bool) -> list[str]:
    """The decisions as a card prints them: all of them, or for solo play only those that apply."""
    if not solo:
        return [d for d, _ in DECISIONS]
    return [solo_text or d for d, solo_text in DECISIONS if solo_text is not None]
