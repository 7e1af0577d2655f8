"""The Amtrak handout (seed 004): Tracks, Cars, Fleets, values, the Full-Staff bonuses, the
tie-break and solo play, with tables and worked examples from ``cardgen.rules.amtrak.scoring``.

>>> doc = handout()
>>> doc.tables("values")[0].rows[0]
('Crew', 'Engineer K, Conductor Q, Crew J', '11 points', '22 points')
>>> [r[0] for r in doc.tables("bonuses")[0].rows]
['Silver Meteor', 'Empire Builder', 'Acela']
"""

from __future__ import annotations

from cardgen.layout.amtrak.diagrams import track_and_car
from cardgen.layout.document import (
    Beside,
    Block,
    Bullets,
    Columns,
    Document,
    Figure,
    Heading,
    Paragraph,
    Steps,
    Table,
    rulings,
)
from cardgen.rules.amtrak.scoring import (
    BONUSES,
    COACH,
    FULL_STAFF,
    ROLE_NAMES,
    SOLO_START_PILE,
    VALUES,
    compare,
    parse_car,
    parse_train,
    score_train,
)

ACCENT = "#1b4f8a"
TINT = "#e1eaf5"
EXAMPLE = "K/4 Q/2 J/9 7/7 5/3"
TIES = ("K/7 9/3", "J/4 9/2")


def _values_table() -> Table:
    return Table(
        ("Car type", "its Tie", "Single-Level", "Bi-Level"),
        tuple((v.kind, v.ties, v.single_level, v.bi_level) for v in VALUES),
        (1.0, 1.6, 2.0, 1.2),
        role="values",
        caption="What a Car is worth",
    )


def _bonus_table() -> Table:
    return Table(
        ("Full-Staff train", "also needs", "bonus"),
        tuple((b.name, "; ".join(b.conditions), b.points) for b in BONUSES),
        (1.2, 3.0, 1.2),
        role="bonuses",
    )


def _example() -> list[Block]:
    score = score_train(parse_train(EXAMPLE))
    rows = [(c.car, c.kind, c.fleet, str(c.value)) for c in score.cars]
    if score.bonus is not None:
        rows.append((f"bonus: {score.bonus.name}", "", "", str(score.bonus.points)))
    rows.append(("total", "", "", str(score.total)))
    return [
        Table(
            ("Car (Tie/Rail)", "type", "Fleet", "points"),
            tuple(rows),
            role="example",
            caption=f"Example: the train {EXAMPLE}",
        ),
        Paragraph.of(f"Why the bonus: {score.bonus.reason}." if score.bonus else "No bonus."),
    ]


def _tie_break() -> str:
    a, b = TIES
    first, second = compare([parse_train(a), parse_train(b)])
    return (
        f"**Ties.** When trains score the same, take the top card (the Tie) off every Car and add up the Rails now "
        f"showing, every Car counted as Single-Level. `{a}` and `{b}` both score {first.total}; their Rails make "
        f"{first.tie_break} and {second.tie_break}, so `{a if first.place < second.place else b}` wins."
    )


def handout() -> Document:
    bi = parse_car("7/7")
    blocks: list[Block] = [
        Heading("The game"),
        Paragraph.of(
            "Each player builds a train of **Cars** from cards. A Car is made from a **Track**: three face-up cards, "
            "a **Tie** between two **Rails**. Match the Rails to make a Car; the Cars' values and a bonus for a "
            "full crew decide the winner. For 1 to 4 players, with a deck of 52 cards and two Jokers."
        ),
        Beside(
            Figure(
                track_and_car([("Rail", "7"), ("Tie", "K"), ("Rail", "7")], ("K", "7")),
                "A Track whose Rails match becomes a Car: the pile's top card is the Tie, with a Rail under it.",
                95,
                role="track",
            ),
            (
                Heading("Setting up"),
                Steps.of(
                    [
                        "Shuffle. Turn one card face up: the discard pile.",
                        "Each player **lays a Track**: draw three cards and lay them face up in a row, Rail, Tie, "
                        "Rail.",
                    ]
                ),
                Heading("Your turn: one move with your own Track"),
                Steps.of(
                    [
                        "**Switch** the Tie with a Rail; or",
                        "**draw** from the deck, then discard that card or put it in your Track in place of any "
                        "card; or",
                        "take the **top discard** and put it in your Track in place of any card.",
                    ]
                ),
            ),
            share=0.42,
        ),
        Paragraph.of(
            "A card you replace goes on the discard pile. When your **two Rails match**, you must make a **Car**: "
            "stack the Track face up with the Tie on top, then lay a new Track and take another turn. Your Cars "
            "stand in a row: your Amtrak train."
        ),
        Columns.of(
            Heading("Cars: type and Fleet"),
            Bullets.of(
                [
                    f"The **Tie** gives the type (the printed deck names it on every card): **Crew** (the King is the "
                    f"{ROLE_NAMES['K']}, "
                    f"the Queen the {ROLE_NAMES['Q']}, any Jack {ROLE_NAMES['J']}), **{COACH}** (an Ace or a number "
                    f"card) or **{ROLE_NAMES['JK']}** (a Joker).",
                    "The **Fleet**: **Single-Level** when the Tie and Rails differ in rank; **Bi-Level** when they "
                    f"match (leave one Rail showing). A Bi-Level Car counts double: `{bi.text}` scores {bi.value}.",
                ]
            ),
            _values_table(),
            Heading("End of the line"),
            Paragraph.of(
                "The turn in which someone draws the deck's **last card** ends the game; unfinished Tracks are "
                "discarded. Each train scores its Cars' values plus at most **one** bonus. The highest score wins."
            ),
            Heading("Full-Staff bonuses"),
            Paragraph.of(f"A **Full-Staff** train has {FULL_STAFF[0].lower()}{FULL_STAFF[1:]}"),
            _bonus_table(),
            *_example(),
            Paragraph.of(_tie_break()),
            Heading("Riding solo"),
            Paragraph.of(
                f"Before your first Track, draw **{SOLO_START_PILE} cards** face down into a pile out of play, and "
                "add one more at the end of every turn. Aim for a Full-Staff train, any of the three, before the "
                "deck runs out."
            ),
            rulings(
                [
                    "A Track is laid Rail, Tie, Rail: the Tie in the middle, between the two cards that must match.",
                    "A Joker may be a Rail and is not wild there: "
                    f"`K/JK` is a Single-Level Crew Car worth {parse_car('K/JK').value}.",
                    "Substitutes fill any missing role (a Coach, the King, the Queen, the Jack); a spare Substitute "
                    "stays a Substitute Car and breaks no condition.",
                    "In an Acela, Substitutes stand in only for Crew, never for the Aces, and the bonus counts the Ace "
                    "Cars.",
                    "Bi-Level means Tie and Rails match **in rank**, and a Joker has no rank: `JK/JK` is a "
                    f"{parse_car('JK/JK').fleet} Substitute Car worth {parse_car('JK/JK').value}, so it makes no "
                    "Empire Builder and spoils no Acela.",
                    "The tie-break recounts Car values only, not bonuses; trains still equal share a place.",
                ]
            ),
        ),
    ]
    return Document(
        "Amtrak",
        "the card game · Tracks, Cars and Fleets · 1 to 4 players · rules summary",
        tuple(blocks),
        slug="handout-amtrak",
        meta={"accent": ACCENT, "tint": TINT},
    )
