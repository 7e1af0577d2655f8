"""The "Train" handout (seeds 000, 001): a two-page summary and a one-page quick reference.

Every table and example comes from ``cardgen.rules.train.referee``: the piles from
``PILES_BY_ROUND``/``pile_sizes``, the deal from ``deal_order``, the reopening
sequence from ``REOPENING``, the face Doubles from ``FACE_DOUBLES``, every verdict
from ``judge`` and the "what can I play" table from ``what_can_i_play``.

>>> doc = handout()
>>> [t.role for t in doc.tables()]
['piles', 'plays', 'doubles', 'can-play', 'closed-pile']
>>> doc.tables("can-play")[0].rows[4]
('5', '4, 6, 7', '5, Q', 'A, 4, 6, 7')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardgen.layout.document import (
    Block,
    Bullets,
    Columns,
    Document,
    Figure,
    Heading,
    PageBreak,
    Paragraph,
    Steps,
    Table,
    rulings,
)
from cardgen.layout.train.diagrams import card_sequence, plays, round_setups
from cardgen.rules.train.referee import (
    CLOSED_BY_ROUND,
    DECK,
    FACE_DOUBLES,
    HAND,
    PILES_BY_ROUND,
    RANKS,
    REOPENING,
    ROUNDS,
    deal_order,
    judge,
    parse_cards,
    pile_sizes,
    what_can_i_play,
)

ACCENT = "#8a2323"
TINT = "#f3e3e3"
NONE = "—"
QUICK = "Quick reference"
# (name, cards laid, a top card it goes on, what it is) for the special plays
PLAYS: tuple[tuple[str, str, str | None, str], ...] = (
    ("Sandwich", "J,8,J", "10", "a card, any card, the first again"),
    ("Double", "4,4", "4", "two of a rank"),
    ("Double Sandwich", "J,4,4,J", "10", "a Double inside a Sandwich"),
    ("Set of Doubles", "J,J,4,4", None, "two Doubles together"),
)
TRAIN_HAND = "2,3,4,5,6"


def _cards(ranks: Sequence[str]) -> str:
    return ", ".join(ranks) if ranks else NONE


def _says(play: str, on: str | None, **kw: object) -> str:
    """The referee's reason for a play, in quotes, as the handout cites it."""
    v = judge(parse_cards(play), on=on, **kw)  # type: ignore[arg-type]
    return f"“{v.reason}”"


def _deal() -> str:
    order = deal_order(["1", "2", "3"])
    singles = Counter(p for p, n in order if n == 1)["1"]
    together = next(n for p, n in order if n > 1)
    return (
        f"Deal {HAND} cards each **“Train fashion”**: one card at a time round the table, {singles} times, "
        f"then the last {together} cards to each player together."
    )


def _where(cards: str, on: str | None) -> str:
    """Where a play may go, asked of the referee: central, piles, or only to open."""
    played = parse_cards(cards)
    central = judge(played, on=on).legal
    pile = on is not None and judge(played, on=on, where="pile").legal
    if on is None:
        return "only to open a round or restart a pile"
    return "central and piles" if central and pile else "central only" if central else "piles only"


def _plays_table() -> Table:
    rows = []
    for name, cards, on, what in PLAYS:
        rule = (
            "the first card follows the central rule; the middle is free"
            if "Sandwich" in name
            else "on a card of its own rank; face Doubles as in the table below"
            if name == "Double"
            else "opens a round (or a restarted pile) instead of a 2"
        )
        rows.append((name, f"{cards} ({what})", _where(cards, on), rule))
    hand = parse_cards(TRAIN_HAND)
    ok = judge(hand, on="A", where="closed", hand=hand).legal
    rows.append(
        (
            "Train",
            f"{TRAIN_HAND} (your whole hand, from 2 up by one)",
            "a closed pile showing only its Ace" if ok else NONE,
            "ends the round: you win it",
        )
    )
    return Table(("play", "cards laid at once", "where", "rule"), tuple(rows), (1.1, 2.0, 1.6, 2.6), role="plays")


def _doubles_table() -> Table:
    rows = [(f"{face},{face}", need) for face, need in FACE_DOUBLES.items()]
    numbers = [r for r in RANKS if r not in FACE_DOUBLES]
    # a number Double goes on its own rank: ask the referee for each
    own = [r for r in numbers if judge((r, r), on=r).legal]
    rows.append((f"{own[0]},{own[0]} … {own[-1]},{own[-1]}", "a card of the same rank"))
    return Table(("Double", "goes only on"), tuple(rows), role="doubles", caption="Doubles (central play only)")


def _can_play_table() -> Table:
    """Every rank on top: what goes on it. Kinds of play that always agree share a column."""
    central = {top: what_can_i_play(top) for top in RANKS}
    columns: list[list[str]] = []
    for kind in central[RANKS[0]]:
        for group in columns:
            if all(central[t][group[0]] == central[t][kind] for t in RANKS):
                group.append(kind)
                break
        else:
            columns.append([kind])
    names = {"single": "a card", "sandwich": "Sandwich", "double": "a Double", "double sandwich": "Double Sandwich"}

    def heading(group: list[str]) -> str:
        if group[0] == "single" and len(group) > 1:
            return "a card, or the first card of a " + " or ".join(names[k] for k in group[1:])
        return " / ".join(names[k] for k in group)

    header = ("on top", *(heading(g) for g in columns), "on a pile (A closes it)")
    rows = [
        (top, *(_cards(central[top][g[0]]) for g in columns), _cards(what_can_i_play(top, "pile")["single"]))
        for top in RANKS
    ]
    widths = (0.8, *(2.6 if len(g) > 1 else 1.2 for g in columns), 1.6)
    return Table(header, tuple(rows), widths, role="can-play", caption="What can I play on this card?")


def _nothing_yet() -> str:
    start, face_down = what_can_i_play(None), what_can_i_play(None, "pile")
    return (
        f"**Nothing laid yet**: the central area takes only {_cards(start['single'])} (or two Doubles at once); "
        f"a face-down pile takes only {_cards(face_down['single'])}, which closes it."
    )


def _closed_table() -> Table:
    nexts = [_cards(what_can_i_play(top, "closed")["single"]) for top in REOPENING]
    return Table(
        ("a closed pile shows", *REOPENING),
        (("lay next", *nexts),),
        role="closed-pile",
        caption="Reopening a closed pile",
    )


def _summary() -> list[Block]:
    counts = {r: pile_sizes(r, 4) for r in PILES_BY_ROUND}
    most_closed = ", ".join(str(CLOSED_BY_ROUND[r]) for r in sorted(CLOSED_BY_ROUND))
    on_five = what_can_i_play("5")["single"]
    on_king = what_can_i_play("K")["single"]
    train = parse_cards(TRAIN_HAND)
    longer = (*train, "9")
    return [
        Heading("The game in a nutshell"),
        Paragraph.of(
            f"{ROUNDS} rounds, a {DECK}-card deck without Jokers, 3 or 4 players. There are **no turns**: everyone "
            "plays whenever they can. Cards go onto the **central area** and onto face-down **piles** around it. "
            "The only way to win a round is a **Train**: your whole hand, from 2 upwards, laid on a closed pile "
            "that shows nothing but its Ace. Most rounds won wins the game."
        ),
        Heading("Setting up a round"),
        Figure(
            round_setups(PILES_BY_ROUND, CLOSED_BY_ROUND, counts),
            "One pile fewer each round; the numbers are the cards in each pile with four players.",
            170,
            role="round-setups",
        ),
        Columns.of(
            Steps.of(
                [
                    "Shuffle the 52 cards.",
                    _deal(),
                    "Split the rest into the round's face-down piles around the central area, as even as they come:",
                ]
            ),
            Table(
                ("round", "piles", "may close", "3 players", "4 players"),
                tuple(
                    (
                        str(r),
                        str(PILES_BY_ROUND[r]),
                        str(CLOSED_BY_ROUND[r]),
                        _cards([str(n) for n in pile_sizes(r, 3)]),
                        _cards([str(n) for n in pile_sizes(r, 4)]),
                    )
                    for r in sorted(PILES_BY_ROUND)
                ),
                role="piles",
            ),
            Heading("Opening the round"),
            Paragraph.of(
                "Anyone holding a **2** lays it in the central area. With no 2 about, a player may "
                f"open with **two Doubles at once** (`{PLAYS[3][1]}`). If nobody can, everyone draws one card from "
                "any pile, and the first who can open does."
            ),
            Heading("Central play"),
            Paragraph.of(
                "A card goes on the top card when it is **1 or 2 higher, or 1 lower**. A is 1, J 11, Q 12, K 13, "
                f"and nothing wraps round: on a 5 go {_cards(on_five)}; on a King only {_cards(on_king)}."
            ),
            Heading("Piles"),
            Bullets.of(
                [
                    "Draw from any **open** pile whenever you like.",
                    "An **Ace** closes a pile, whatever shows on it. A closed pile cannot be drawn from. One pile "
                    f"must always stay open, so rounds 1 to {ROUNDS} allow at most {most_closed} closed at once.",
                    "To **reopen** a closed pile, lay on its Ace, face up and in this order, the cards shown below. "
                    "Several in a row may go down at once.",
                    "Once the K is down the pile restarts like a round, with a 2 or two Doubles; after that it is "
                    "played like the central area, but **without Doubles** or Double Sandwiches.",
                ]
            ),
        ),
        Figure(
            card_sequence(REOPENING, first_note="the closing Ace", last_note="then restart with a 2"),
            "The reopening sequence: each card goes on the one before it.",
            105,
            role="reopening",
        ),
        Heading("Special plays"),
        Figure(
            plays(
                [(name, parse_cards(cards), what) for name, cards, _, what in PLAYS] + [("Train", train, "whole hand")]
            ),
            "Cards are laid left to right; the red-edged card goes down first and must follow the rule.",
            160,
            role="plays",
        ),
        _plays_table(),
        Columns.of(
            _doubles_table(),
            Heading("The Train"),
            Bullets.of(
                [
                    "Call **“Choo choo!”**: play stops while you lay it.",
                    "Lay your **whole hand**, starting with a 2 and going up by one, on a closed pile that shows "
                    f"**only its Ace**: {_says(TRAIN_HAND, 'A', where='closed', hand=train)}.",
                    f"With one card more in hand it fails: {_says(TRAIN_HAND, 'A', where='closed', hand=longer)}.",
                ]
            ),
            Heading("Trainwreck"),
            Paragraph.of(
                "When every pile that is not closed has run out of cards, the round is a **Trainwreck**: throw the "
                "cards in and deal the same round again. Nobody scores for it."
            ),
            Heading("Scoring and winning"),
            Paragraph.of(
                f"Winning a round scores **1 point**. After {ROUNDS} rounds the most points wins. Players who tie "
                f"play a **tie-breaker**, dealt {HAND} cards each and set up like Round 1 "
                f"({PILES_BY_ROUND[1]} piles; with two players {_cards([str(n) for n in pile_sizes(1, 2)])} cards); "
                "whoever wins it wins the game."
            ),
        ),
        rulings(
            [
                "Values run A = 1 to K = 13 with no wrap-around, and the central rule holds for face cards too. "
                f"In central play an Ace is simply low: {_says('A', '2')}; `A,A` is a Double that goes on an Ace.",
                "On a pile an Ace is always the closing move, laid alone; "
                f"{_says('A', '7', where='pile', open_piles=1)}.",
                f"A round, or a restarted pile, opens with a lone 2 or exactly two Doubles: {_says('2,8,2', None)}.",
                f"A Sandwich's middle is free, so `J,4,4,J` lays `4,4` on a Jack: {_says('J,4,4,J', '10')}.",
                f"Reopening cards may go down several at once: {_says('2,4,5', 'A', where='closed')}. A lone 2 on a "
                "bare Ace is reopening, not a Train: a Train is two cards at least.",
                "Two players play only in a tie-breaker; every round after the fourth is a tie-breaker.",
            ]
        ),
    ]


def _quick() -> list[Block]:
    counts = {r: pile_sizes(r, 4) for r in PILES_BY_ROUND}
    return [
        PageBreak(QUICK),
        Heading(QUICK),
        Paragraph.of(
            "No turns: play whenever you can. **Central rule**: 1 or 2 higher, or 1 lower. "
            "**Sandwich** `X,?,X` and **Double Sandwich** `X,Y,Y,X`: only the first card follows the rule. "
            "**Doubles** and Double Sandwiches: central only. **Set of Doubles** `J,J,4,4`: only to open."
        ),
        _can_play_table(),
        Paragraph.of(_nothing_yet()),
        _closed_table(),
        Figure(
            plays(
                [(name, parse_cards(cards), what) for name, cards, _, what in PLAYS]
                + [("Train", parse_cards(TRAIN_HAND), "whole hand")]
            ),
            "The red-edged card goes down first.",
            150,
        ),
        Bullets.of(
            [
                "**Ace on a pile**: closes it; one pile always stays open.",
                "**Train**: call “Choo choo!”, then your whole hand from 2 up by one on a closed pile showing only its "
                "Ace. It wins the round, the only way to.",
                "**Trainwreck**: every open pile empty; redeal the same round, no point.",
                "**Scoring**: 1 point a round; ties play a tie-breaker set up like Round 1.",
            ]
        ),
        Figure(round_setups(PILES_BY_ROUND, CLOSED_BY_ROUND, counts), "Piles in each round (four players).", 150),
    ]


def handout() -> Document:
    """The Train handout: summary, then a quick reference on a page of its own."""
    return Document(
        "Train",
        f"the 52-card game in {ROUNDS} rounds · rules summary and quick reference",
        tuple(_summary() + _quick()),
        slug="handout-train",
        meta={"accent": ACCENT, "tint": TINT, "summary_ends": QUICK},
    )
