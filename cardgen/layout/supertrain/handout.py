"""The SuperTrain handout (seed 003): the set, hands, the wild and action tiles, what plays on
what, scoring and the order of rounds, all from ``cardgen.rules.supertrain.dominoes``; the rulings the
play engine plays by (``rules.supertrain.play.DECISIONS``, ``rules.supertrain.lineup.LINEUP_DECISIONS``);
with ``simulate``, figures of that many simulated games for 2, 4, 6 and 8 players
(``rules.supertrain.simulation.handout_figures``: the games ``cardgen simulate supertrain`` plays).

>>> doc = handout()
>>> doc.tables("hands")[0].rows[2]
('4', '18', '39')
>>> [r[0] for r in doc.tables("ends")[0].rows]
['a number (5)', 'a Red Train', 'a letter (A)']
"""

from __future__ import annotations

from collections import Counter

from cardgen.layout.document import Block, Bullets, Columns, Document, Figure, Heading, Paragraph, Steps, Table, rulings
from cardgen.layout.supertrain.diagrams import tile_lines
from cardgen.rules.shared import percent
from cardgen.rules.supertrain.dominoes import (
    ENGINES,
    HAND_SIZES,
    LETTER_WORDS,
    LETTERS,
    MAX_PIP,
    NUMBER_TILES,
    SET_SIZE,
    TRAIN,
    WILD_TILES,
    End,
    HandScore,
    Tile,
    bone_pile,
    exposed_after,
    parse_hand,
    playable_ends,
    round_name,
    tile_set,
)
from cardgen.rules.supertrain.lineup import LINEUP_DECISIONS
from cardgen.rules.supertrain.play import DECISIONS

FIGURES = "Simulated figures"  # a page of its own, after the summary
ACCENT = "#a32020"
TINT = "#f6e2e2"
EXAMPLE_HAND = "12-5, 3-Train, A-Train, 0-0, Train-Train"
EXPOSED: tuple[tuple[str, End], ...] = (("a number (5)", 5), ("a Red Train", TRAIN), ("a letter (A)", "A"))
SAMPLES = (Tile(9, 5), Tile(12, 3), Tile(5, TRAIN), Tile("A", TRAIN), Tile(TRAIN, TRAIN))
DOES = {
    "A": "play it on anyone's train, marked or not, your own or the Mexican Train",
    "D": "the next player draws a tile before playing",
    "R": "play turns the other way round the table from now on",
    "S": "the next player misses a turn",
    "T": "play once more straight away (see below)",
}


def _set_table() -> Table:
    numbered = [t for t in WILD_TILES if not t.is_action and not t.is_double]
    double = [t for t in WILD_TILES if t.is_double]
    actions = Counter(t.name for t in WILD_TILES if t.is_action)
    action_names = ", ".join(f"{n} ×{k}" if k > 1 else n for n, k in actions.items())
    rows = (
        ("number tiles", f"{NUMBER_TILES[-1].name} to {NUMBER_TILES[0].name}, every pair once", str(len(NUMBER_TILES))),
        (
            "Red Train wilds",
            f"{numbered[0].name} to {numbered[-1].name}, {double[0].name}",
            str(len(numbered) + len(double)),
        ),
        ("special action wilds", action_names, str(sum(actions.values()))),
        ("the set", "", str(len(tile_set("full")))),
    )
    return Table(("kind", "tiles", "how many"), rows, (1.4, 3.6, 0.8), role="set")


def _hands_table() -> Table:
    rows = tuple((str(p), str(n), str(bone_pile(p))) for p, n in HAND_SIZES.items())
    return Table(("players", "tiles each", "left in the bone pile"), rows, role="hands")


def _wilds_table() -> Table:
    counts = Counter(WILD_TILES)
    plain = [t for t in WILD_TILES if not t.is_action and not t.is_double]
    double = next(t for t in WILD_TILES if t.is_double)
    rows = [
        (
            f"{plain[0].name} … {plain[-1].name}",
            str(len(plain)),
            "the Red Train end is wild; the number end must match as usual",
            f"{plain[0].points}–{plain[-1].points}",
        ),
        (double.name, str(counts[double]), "a double: laid crosswise, never on another double", str(double.points)),
    ]
    for letter in LETTERS:
        tile = Tile(letter, TRAIN)
        rows.append((f"{tile.name} ({LETTER_WORDS[letter]})", str(counts[tile]), DOES[letter], str(tile.points)))
    return Table(
        ("tile", "how many", "what it does", "points"), tuple(rows), (1.6, 0.7, 4.0, 0.7), role="wilds", mono=(0,)
    )


def _ends_cell(exposed: End, tile: Tile) -> str:
    ends = playable_ends(exposed, tile)
    if not ends:
        return "—"
    if len(ends) == 2:
        return "either end"
    return f"its {ends[0]} end"


def _ends_table() -> Table:
    rows = tuple((label, *(_ends_cell(end, t) for t in SAMPLES)) for label, end in EXPOSED)
    return Table(
        ("the train ends in", *(t.name for t in SAMPLES)),
        rows,
        role="ends",
        caption="Which end of a tile may be laid against the end of a train",
    )


def _lay_figure() -> Figure:
    base = ("12", "3")
    three = Tile(3, TRAIN)
    lines = []
    for end in playable_ends(3, three):
        left = exposed_after(3, three, end)
        shown = (str(end), str(left))
        follow = "anything may follow" if left == TRAIN else f"only a {left} or a wild tile may follow"
        open_end = "the Red Train" if left == TRAIN else f"the {left}"
        lines.append((f"{three.name}, {end} end on", (base, shown), f"{open_end} left open: {follow}"))
    action = Tile("A", TRAIN)
    left = exposed_after(3, action, TRAIN)
    lines.append(
        (
            f"{action.name}, Train end on",
            (base, (TRAIN, str(left))),
            f"the {left} left open: only a wild tile may follow",
        )
    )
    return Figure(
        tile_lines(lines),
        "Laying a wild tile on a train ending in 3: the end you leave open decides what may follow.",
        120,
        role="laying",
    )


def _score_blocks() -> list[Block]:
    hand = parse_hand(EXAMPLE_HAND)
    score = HandScore(tuple(hand))
    rows = tuple((t.name, str(t.points)) for t in hand) + (("total", str(score.total)),)
    return [
        Paragraph.of(
            "When a player goes out, everyone else adds up the tiles left in hand: numbers at face value, **10 for "
            "each Red Train and each letter**, plus the number on the other end. Keep a running total: the "
            "**lowest** total after the last round wins."
        ),
        Table(
            ("tile left in hand", "points"), rows, role="score", caption="Example: a hand left at the end of a round"
        ),
    ]


def _rounds_table() -> Table:
    numbers = [str(r) for r in range(1, len(ENGINES) + 1)]
    return Table(
        ("round", *numbers),
        (("engine", *(round_name(int(r)) for r in numbers)),),
        role="rounds",
        caption="The engine of each round",
    )


def _figures_blocks(games: int) -> list[Block]:
    """A table of simulated figures a player count a row, and how to play the same games."""
    from cardgen.rules.supertrain.simulation import HANDOUT_SEED, handout_figures, sentence

    rows = []
    said = []
    for players, s in handout_figures(games):
        w, p = s.wild, s.plain
        assert w is not None and p is not None and s.diff_mean is not None
        rows.append(
            (
                str(players),
                f"{int(w['turns']['median'] + 0.5)} turns",
                f"{int(p['turns']['median'] + 0.5)} turns",
                f"{s.diff_mean:+.1f}",
                f"{percent(w['blocked_share'])} / {percent(p['blocked_share'])}",
                percent(w["win_share"][0]),
            )
        )
        said.append(sentence(s))
    return [
        Heading(FIGURES),
        Paragraph.of(
            f"Games played by cardgen's good bot in every seat ({games:,} games of 14 rounds for each number of "
            "players), each played again on the same deals without the 21 wild tiles. A round's length counts "
            f"every player's turn. For example: {said[1] if len(said) > 1 else said[0]}."
        ),
        Table(
            (
                "players",
                "a round, median",
                "without wild tiles",
                "wild tiles change",
                "rounds blocked",
                "1st seat wins",
            ),
            tuple(rows),
            role="figures",
            caption=f"cardgen simulate supertrain --players N --games {games} --seed {HANDOUT_SEED} plays the same games",
        ),
    ]


def handout(simulate: int | None = None) -> Document:
    blocks: list[Block] = [
        Heading("The game"),
        Paragraph.of(
            "SuperTrain is Mexican Train with 21 wild tiles added. Everyone tries to get rid of their tiles first, "
            "laying them on their own train, on the shared Mexican Train, or on another player's train when it "
            "is open to all; tiles still in hand count against you. This sheet covers what SuperTrain adds; "
            "everything else follows the usual Mexican Train rules."
        ),
        Columns.of(
            _set_table(),
            Heading("On your turn"),
            Bullets.of(
                [
                    "Play if you can: a playable tile, wild or not, may not be held back to draw instead.",
                    "A **Red Train** end plays on any number, letter or double; a number end must match.",
                    "A **letter** end at the end of a train takes only another wild tile.",
                ]
            ),
            Heading("Getting ready"),
            Steps.of(
                [
                    f"Take out the round's **engine** (the {ENGINES[0].name} in round 1) and put it in the middle.",
                    "Shuffle the rest face down and draw your hand (table below); the rest is the **bone pile**.",
                    "Line your hand up into your **personal train**: starting from the engine's number, ends "
                    "matching (`12-5, 5-7, 7-8, 8-11` …), wild tiles filling the gaps. Tiles that do not fit are "
                    "**extras** for the Mexican Train or other trains.",
                    "With no tile to match the engine, line up the longest run you can, leaving the fewest extras.",
                ]
            ),
            _hands_table(),
        ),
        Heading("Wild and action tiles"),
        _wilds_table(),
        _ends_table(),
        _lay_figure(),
        Paragraph.of(
            "**The T-Train.** Usually one more play. With doubles it can lay up to five tiles: a double, a second "
            "double elsewhere, the T on one of them, a double on the T, and a last tile on an open double. Leave "
            "at most one double open, or none by laying four tiles on one train. Drawing a T after a double you "
            "could not follow lets you play it anywhere, then follow up anywhere legal."
        ),
        Columns.of(
            Heading("Scoring"),
            *_score_blocks(),
            Heading("Rounds"),
            Paragraph.of(
                f"{len(ENGINES)} rounds, one engine each, from {ENGINES[0].name} down to {ENGINES[-1].name}. On the "
                f"last engine, the {ENGINES[-1].name}, any tile in your hand may start your personal train."
            ),
        ),
        _rounds_table(),
        rulings(
            [
                "A Letter end takes only a wild end (a Red Train or a Letter); a number never matches a Letter.",
                "Both ends of an action tile are wild: laid by its Letter, it leaves its Red Train open.",
                f"No extra score for 0-0 or doubles: the {ENGINES[-1].name} counts {Tile(TRAIN, TRAIN).points}.",
                *DECISIONS,
                *LINEUP_DECISIONS,
            ]
        ),
    ]
    if simulate is not None:
        blocks += _figures_blocks(simulate)
    return Document(
        "SuperTrain",
        f"Mexican Train with wild tiles · double-{MAX_PIP} set, {SET_SIZE} tiles · "
        f"{min(HAND_SIZES)} to {max(HAND_SIZES)} players · rules summary",
        tuple(blocks),
        slug="handout-supertrain" + (f"-sim-{simulate}" if simulate is not None else ""),
        meta={"accent": ACCENT, "tint": TINT, **({"summary_ends": FIGURES} if simulate is not None else {})},
    )
