"""The Game of Trains as cardgen's play engine plays it, in the handouts' words (seed 002).

The seed defers the turn to the factory game; ``rules.got.play`` decides what it leaves open
(``rules.got.play.DECISIONS``). These blocks say the same for a table: the set-up and the
opening, the turn (draw and place, the displaced card face up; or use a face-up card;
face-up pairs discarded), what happens when the draw pile runs out, who wins a sequence
another player completed, a game nobody can move in, the options a table chooses (where
abilities go, pattern three's swaps) and, when asked, the figures of simulated games of
the pack (``rules.got.handout_simulation``). The engine's defaults (``Variant()``) are the handout's
defaults, so the simulated figures are those of the game the sheet describes.
``tests/test_handout_play.py`` holds each of the engine's decisions to a sentence here.

>>> from cardgen.rules.got.patterns import make_pattern
>>> [b.text for b in turn_blocks(make_pattern("two", 7)) if isinstance(b, Heading)]
['Setting up', 'Your turn: one of two things']
"""

from __future__ import annotations

from cardgen.layout.document import Block, Bullets, Heading, Paragraph, Steps
from cardgen.rules.got.abilities import REMOVAL_MARK, space_letter
from cardgen.rules.got.figures import PackFigures, words
from cardgen.rules.got.patterns import Pattern
from cardgen.rules.got.variant import DEFAULT_MAX_TURNS, Variant

DEFAULTS = Variant()  # the engine's defaults: a table's, unless it agrees otherwise


def _on_whom(grid: bool = False) -> str:
    """Where an ability acts by the engine's default (``Variant().apply``)."""
    row = "mat" if grid else "sequence"
    return f"**your own {row}**" if DEFAULTS.apply == "own" else f"**any one player's {row}**, yours included"


def setup_steps(census: int, spaces: str, *, wilds: bool, packs: int, grid: bool = False) -> list[str]:
    """Setting up, the deal and the opening, as the engine deals (linear or 3×3)."""
    lay = "so that **every row and every column descends**" if grid else "in **descending** order: highest number at A"
    firsts = []
    if wilds:
        firsts.append("wild cards first" + ("" if grid else ", from A"))
    if packs > 1 and not grid:
        firsts.append("equal numbers side by side")
    return [
        f"Each player takes a placemat ({spaces}). Choose who starts; play goes round.",
        f"Shuffle and deal {census} cards to each player, laid face up {lay}"
        + (f" ({'; '.join(firsts)})" if firsts else "")
        + ". Everyone sees everyone's cards.",
        "The rest is the **draw pile**, face down. Beside it go the **face-up cards** and a **discard pile**.",
        "**The opening**: the first player draws 1 card, the next 2, the next 3 …; each keeps one, places it "
        "as in a turn, and discards the rest.",
    ]


def turn_steps(goal: str, *, removals: bool, grid: bool = False) -> list[str]:
    """One turn: draw and place, or use a face-up card; pairs; the win."""
    where = "on your mat" if grid else "into any space of your sequence"
    mark = "" if grid else f" (`{REMOVAL_MARK}`)"
    removal = (
        f" A removal{mark} discards the card and fills its space from the top of the draw pile." if removals else ""
    )
    return [
        f"**Either draw and place**: draw the top card and put it {where}, choosing the space after you see "
        "it (you must place it). The card it displaces goes **face up** beside the draw pile.",
        f"**Or use a face-up card**: take one of the face-up cards, discard it and apply its ability to "
        f"{_on_whom(grid)}.{removal}",
        "**Pairs**: whenever a card goes face up beside one with the **same ability**, both go to the discard "
        "pile at once.",
        f"Whenever {goal}, its owner wins.",
    ]


def turn_blocks(spec: Pattern) -> list[Block]:
    """Setting up and the turn, for a linear pack (patterns one, two and three)."""
    last = space_letter(spec.census - 1)
    swap = "`A↔B` swaps the cards at spaces A and B."
    steps = turn_steps(f"a sequence is **{spec.win}** from A to {last}", removals=spec.has_removals)
    steps[1] = steps[1].replace(" A removal", f" {swap} A removal") if spec.has_removals else f"{steps[1]} {swap}"
    return [
        Heading("Setting up"),
        Steps.of(setup_steps(spec.census, f"spaces A to {last}", wilds=bool(spec.wilds), packs=spec.packs)),
        Heading("Your turn: one of two things"),
        Steps.of(steps),
        *([cross_paragraph()] if spec.cross_players else []),
    ]


def cross_paragraph() -> Paragraph:
    """Pattern three's swaps across sequences (§6), and the options a table chooses."""
    on = "" if DEFAULTS.same_sequence else "not "
    three = "" if DEFAULTS.three_party else "not "
    return Paragraph.of(
        "**Pattern three**: a swap may also cross two sequences: with `B↔D` you trade your B card for another "
        f"player's D card, or your D card for their B. Unless a table agrees otherwise, a swap may "
        f"{on}still stay within one sequence; a swap between two other players is {three}allowed."
    )


def questions_blocks(*, removals: bool = True, grid: bool = False) -> list[Block]:
    """What the table meets that the rules leave open (``rules.got.play.DECISIONS``), briefly."""
    row = "mat" if grid else "sequence"
    nor = ", nor use a removal," if removals else ""
    return [
        Heading("When the rules are silent"),
        Bullets.of(
            [
                "**The draw pile runs out**: as soon as a move empties it, shuffle the discard pile into a new "
                f"draw pile (the face-up cards stay). Nobody may draw{nor} while it is empty.",
                f"**Another player completes your {row}**: you win, not they. If one move completes several, the "
                "mover wins if theirs is among them, else the first player after the mover: there are no ties. "
                f"A {row} dealt complete wins at once.",
                "**No move**: you must act if you can, else you pass. When every player in turn passes, the "
                "game ends with no winner.",
                "**A game that never ends**: a table agrees a draw; played by computer, a game stops "
                f"unfinished at {DEFAULT_MAX_TURNS:,} turns.",
            ]
        ),
    ]


def where_abilities_go(*, grid: bool = False, cross: bool = False) -> list[Block]:
    """§5's option, with the default the engine (and so the simulations) plays."""
    other = "any one player's mat" if grid else "any one player's sequence"
    return [
        Heading("Abilities on anyone", level=3),
        Paragraph.of(
            f"An ability acts on {_on_whom(grid)}{' (or across two, as above)' if cross else ''}, as in the "
            f"original game. A table may agree that it acts on **{other}**, yours included."
        ),
    ]


def figures_blocks(figures: PackFigures) -> list[Block]:
    """The simulated figures in plain words, marked as simulated: the bot, the games, the seed."""
    rows = [f"{words(r)[:1].upper()}{words(r)[1:]}." for r in figures.rows]
    return [
        Heading("How long, how fair: simulated"),
        Paragraph.of(
            f"**Simulated** by a computer player, the **good bot**, in every seat, **{figures.games:,} "
            f"game{'s' if figures.games != 1 else ''}** of this pack for each number of players, from seed "
            f"{figures.seed}, by this sheet's rules (abilities on your own sequence, no freezing). A turn is one "
            "player's move; a range holds the middle 8 games of 10:"
        ),
        Bullets.of(rows),
        Paragraph.of(
            "The bot plans one move ahead: players who plan further may finish sooner, and the first seat's edge "
            "depends on how well everyone plays."
        ),
    ]
