"""The Game of Trains handouts describe the game the play engine plays (#22): every decision the
engine makes (``rules.got.play.DECISIONS``) is stated on the written page, in words typed here;
the turn is the engine's; and ``--simulate N`` prints the simulator's own figures (read back from
the page and held to ``cardgen simulate``'s), seeded, in plain words, within the two-page summary."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from lxml import html as lxml_html

from cardgen.layout.handouts import build
from cardgen.options import print_options
from cardgen.products.handout import build_handout
from cardgen.rules.got.handout_simulation import MAX_GAMES, PackFigures, simulate_pack, words
from cardgen.rules.got.patterns import make_pattern
from cardgen.rules.got.play import DECISIONS, Draw, Game, Place, Variant, legal_moves, play
from cardgen.rules.got.simulation import Summary
from cardgen.rules.got.tally import Tally
from cardgen.simulate.run import run
from cardgen.simulate.settings import request
from tests.helpers import handout
from tests.test_cli import cli

# Each of the engine's decisions, found by words of its own, and what a handout prints for it:
# (when it applies, words on the page). "linear": the got handout (patterns one to three, whose
# optional rules cover wilds, several packs and freezing); "grid": the 3×3 handout; "removals",
# "three", "numbers", "wilds", "packs": a got pack that prints them; "single": a got pack of one
# pack; "all": both handouts.
# A decision the engine adds, or rewords past its marker, fails the first test until the
# handout states it.
STATED: dict[str, list[tuple[str, str]]] = {
    "Seat 0 plays first": [("all", "Choose who starts; play goes round."), ("all", "cards to each player")],
    "A dealt sequence is arranged": [
        ("linear", "laid face up in descending order: highest number at A"),
        ("wilds", "wild cards first, from A"),
        ("packs", "equal numbers side by side"),
    ],
    "A dealt 3×3 hand": [("grid", "laid face up so that every row and every column descends"), ("grid", "pick any")],
    "Opening:": [
        ("all", "The opening: the first player draws 1 card, the next 2, the next 3"),
        ("all", "each keeps one, places it as in a turn, and discards the rest"),
    ],
    "during the opening": [("linear", "At the beginning of your turn (not in the opening) you may freeze")],
    "Two face-up cards with the same ability": [
        ("all", "Pairs: whenever a card goes face up beside one with the same ability, both go to the discard pile")
    ],
    "two face-up wild cards are not a pair": [("linear", "A face-up wild has no ability and makes no pair")],
    "A turn is:": [
        ("all", "Your turn: one of two things"),
        ("all", "Either draw and place: draw the top card"),
        ("all", "Or use a face-up card: take one of the face-up cards"),
        ("linear", "you may freeze one card of your sequence by placing a token on it; then take a normal turn"),
    ],
    "A drawn card must be placed": [
        ("all", "choosing the space after you see it (you must place it)"),
        ("linear", "no swap, removal or placed card may move it"),
    ],
    "A face-up wild card cannot be used": [
        ("linear", "instead of drawing, you may take it and place it like a drawn card")
    ],
    "A used card goes to the discard pile": [
        ("all", "take one of the face-up cards, discard it and apply its ability"),
        ("removals", "discards the card and fills its space from the top of the draw pile"),
    ],
    "needs a card in the draw pile": [
        ("all", "Nobody may draw"),
        ("removals", "nor use a removal, while it is empty"),
    ],
    "the discard pile is shuffled": [
        ("all", "The draw pile runs out: as soon as a move empties it, shuffle the discard pile into a new draw pile")
    ],
    "may not pass": [
        ("all", "No move: you must act if you can, else you pass"),
        ("all", "When every player in turn passes, the game ends with no winner"),
    ],
    "Completion is checked": [("all", "dealt complete wins at once"), ("all", "its owner wins")],
    "completed by another player's move": [
        ("all", "you win, not they"),
        ("all", "the mover wins if theirs is among them, else the first player after the mover: there are no ties"),
    ],
    "max_turns": [("all", "played by computer, a game stops unfinished at 2,000 turns")],
    "apply='own'": [
        ("all", "apply its ability to your own"),
        ("all", "A table may agree that it acts on any one player's"),
    ],
    "either way round": [
        ("three", "a swap may also cross two sequences"),
        ("three", "you trade your B card for another player's D card, or your D card for their B"),
    ],
    "same_sequence": [
        ("three", "a swap may still stay within one sequence; a swap between two other players is not allowed")
    ],
    "Combined packs": [
        ("single", "Numbers then repeat, and a table must decide what a win is"),
        ("packs", "so every number is printed"),
        ("linear", "every card to its right"),
    ],
    "wilds=N": [("linear", "it stands for any number some card of this pack carries")],
    "Freezing:": [("linear", "At the beginning of your turn (not in the opening) you may freeze one card")],
    "A frozen card never leaves": [
        ("linear", "A frozen card never leaves its space: no swap, removal or placed card may move it, by you or any")
    ],
    "Number abilities:": [("numbers", "An ability that cannot be carried out may not be chosen: it is simply not")],
}

# the handouts the decisions are checked on: the got packs #21's audit names, and the 3×3 game's
CASES: list[tuple[str, dict[str, object]]] = [
    ("got", {"pattern": "one"}),
    ("got", {"pattern": "two", "numbers": True, "packs": 2, "wilds": 4, "win": "never-descending"}),
    ("got", {"pattern": "three", "census": 5}),
    ("got", {"pattern": "one", "packs": 3, "wilds": 1}),
    ("got2d", {}),
    ("got2d", {"categories": "rs,num"}),
]


def norm(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def pdf_pages(pdf_path: Path) -> list[str]:
    """Each page's text, as pdfium reads it (in the order drawn: column by column)."""
    pdf = pdfium.PdfDocument(pdf_path)
    try:
        return [norm(pdf[i].get_textpage().get_text_range()) for i in range(len(pdf))]
    finally:
        pdf.close()


def written(tmp_path: Path, paper: str = "a4", **kw: object) -> tuple[str, str, Path]:
    """(the page's text, the PDF's text, the folder) of one handout, as a reader gets them."""
    folder = handout(tmp_path, paper, **kw)  # (built once a process for the same options)
    page = norm(lxml_html.parse(str(folder / f"{folder.name}.html")).getroot().text_content())
    return page, " ".join(pdf_pages(folder / f"{folder.name}.pdf")), folder


def applies(when: str, game: str, kw: dict[str, object]) -> bool:
    if game == "got2d":
        return when in ("all", "grid") or (when == "removals")
    spec = make_pattern(str(kw.get("pattern", "one")), int(kw.get("census", 7)))  # type: ignore[call-overload]
    return {
        "all": True,
        "linear": True,
        "grid": False,
        "removals": spec.has_removals,
        "three": spec.cross_players,
        "numbers": bool(kw.get("numbers")),
        "wilds": bool(kw.get("wilds")),
        "packs": int(kw.get("packs", 1)) > 1,  # type: ignore[call-overload]
        "single": int(kw.get("packs", 1)) == 1,  # type: ignore[call-overload]
    }[when]


def test_every_decision_of_the_engine_has_its_words_here():
    for decision in DECISIONS:
        found = [m for m in STATED if m in decision]
        assert len(found) == 1, f"the engine decides, and no handout says (or two markers match): {decision}"
    for marker in STATED:
        assert any(marker in d for d in DECISIONS), f"{marker!r} is no longer one of the engine's decisions"


@pytest.mark.parametrize("game, kw", CASES)
def test_each_decision_the_engine_makes_is_on_the_written_handout(tmp_path, game, kw):
    page, pdf, _ = written(tmp_path, game=game, **kw)
    for decision in DECISIONS:
        marker = next(m for m in STATED if m in decision)
        for when, words_ in STATED[marker]:
            if applies(when, game, kw):
                assert norm(words_) in page, (decision, words_)
                assert norm(words_) in pdf, (decision, words_)


@pytest.mark.parametrize("game, kw", CASES)
def test_the_turn_is_the_engines_not_the_old_summary(tmp_path, game, kw):
    page, pdf, _ = written(tmp_path, game=game, **kw)
    for text in (page, pdf):
        # the turn this sheet used to print, which is not the game the engine plays
        assert "which you discard" not in text and "then discard it" not in text
        assert "Draw the top card of the draw pile." not in text
        assert "on your own sequence or any opponent's" not in text
        # the engine's: draw and place, the displaced card face up; or a face-up card's ability; pairs
        assert "The card it displaces goes face up beside the draw pile" in text
        assert "Or use a face-up card: take one of the face-up cards, discard it and apply its ability" in text
        assert "both go to the discard pile at once" in text
        assert "The opening: the first player draws 1 card, the next 2, the next 3" in text


def test_what_the_handout_says_of_the_turn_is_what_the_engine_does():
    """The claims of the sheet, asked of the engine: seat k draws k + 1 cards in the opening; a
    drawn card must be placed; the card it displaces goes face up (or, paired, to the discard)."""
    variant = Variant(pattern="one", census=7, players=4)
    assert variant.apply == "own"  # the sheet says "your own sequence" because the engine's default is
    for seed in range(5):
        game = Game(variant, seed)
        for seat in range(4):
            assert game.phase == "opening" and game.current == seat and len(game.hand) == seat + 1
            play(game, legal_moves(game)[0])
        assert game.phase == "turn" and game.current == 0
        before = list(game.sequences[0])
        faceup = list(game.faceup)
        play(game, Draw())
        assert game.phase == "place" and all(isinstance(m, Place) for m in legal_moves(game))  # no way out
        drawn = game.hand[0]
        play(game, Place(3))
        assert game.sequences[0][3] == drawn
        displaced = before[3]
        paired = displaced not in game.faceup
        assert (displaced in game.faceup and game.faceup[: len(faceup)] == faceup) or (
            paired and displaced in game.discard
        )


# --- --simulate N ------------------------------------------------------------------------------


def simulated(pattern: str, copies: int, players: int, games: int) -> Summary:
    """What ``cardgen simulate --pattern P --census 7 --copies C --players N --games G --seed 1``
    counts: the summary of its games."""
    req = request("got", {"pattern": pattern, "census": 7, "copies": copies, "players": players}, [],
                  games=games, seed=1)  # fmt: skip
    tally = run(req, workers=1).tallies[0]
    assert isinstance(tally, Tally)
    return tally.summary()


def test_the_handouts_figures_are_the_simulators():
    """The same games as ``cardgen simulate`` with the command the handout prints (seed 1; pattern
    two, census 7 has 3 cards of each ability, seed §4): the same figures."""
    figures = simulate_pack(make_pattern("two", 7), 30)
    assert figures.seed == 1 and [r.players for r in figures.rows] == [2, 3, 4]
    for row in figures.rows:
        assert simulated("two", 3, row.players, 30) == row.summary
        want = f"cardgen simulate --pattern two --census 7 --copies 3 --players {row.players} --games 30 --seed 1"
        assert figures.command(row.players) == want


# "With 3 players a game lasts about 6 turns each (4 to 8); the first seat wins 30 % of games,
# against 33 % for an even share": one sentence of the page's figures
FIGURES = re.compile(
    r"With (\d) players a game lasts about (\d+) turns? each(?: \((\d+) to (\d+)\))?; the first seat wins "
    r"(\d+) % of games, against (\d+) % for an even share"
)


def test_the_figures_are_printed_in_plain_words_marked_as_simulated(tmp_path):
    """The figures read back from the page, held to what ``cardgen simulate`` counts of the same
    games (pattern one, census 7: 4 cards of each ability, seed §3): a won game's turns each, the
    median and the middle 8 games of 10, to a whole turn; the first seat's share of the games, to a
    whole per cent; and an even share, worked out by hand."""
    page, pdf, folder = written(tmp_path, game="got", pattern="one", simulate=40)
    assert folder.name == "handout-got-pattern-one-census-7-sim-40"
    even = {2: 50, 3: 33, 4: 25}
    for text in (page, pdf):
        assert "How long, how fair: simulated" in text
        assert "Simulated by a computer player, the good bot, in every seat, 40 games of this pack for each number of players, " \
            "from seed 1" in text  # fmt: skip
        rows = {int(m[0]): m for m in FIGURES.findall(text)}
        assert sorted(rows) == [2, 3, 4], text
        for players, (_, median, low, high, first, share) in rows.items():
            summary = simulated("one", 4, players, 40)
            whole = lambda x: int(x + 0.5)  # noqa: E731 - half up, as a person rounds
            assert int(median) == whole(summary.turns_per_player_median or 0)
            spread = (whole(summary.turns_per_player_p10 or 0), whole(summary.turns_per_player_p90 or 0))
            assert (int(low), int(high)) == spread if low else spread[0] == spread[1]
            assert abs(int(first) - 100 * summary.win_share[0]) <= 0.5
            assert int(share) == even[players]
        assert (
            "cardgen simulate --pattern one --census 7 --copies 4 --players 4 --games 40 --seed 1 plays the same games"
            in text
        )
    # a handout without --simulate has no figures
    plain, _, _ = written(tmp_path / "plain", game="got", pattern="one")
    assert "simulated" not in plain.lower()
    assert "How long, how fair" not in plain


def test_a_pack_too_small_for_some_players_says_so(tmp_path):
    figures = simulate_pack(make_pattern("one", 3), 5)
    rows = {r.players: r for r in figures.rows}
    assert rows[2].summary is not None and rows[3].summary is None and rows[4].summary is None
    page, _, _ = written(tmp_path, game="got", pattern="one", census=3, simulate=5)
    assert "With 3 players: not played, as a pack of 12 cards is too small for 3 players at census 3" in page


def test_same_command_same_bytes(tmp_path):
    a = build_handout(game="got", pattern="three", census=5, simulate=25, opts=print_options(), out=tmp_path / "a")
    b = build_handout(game="got", pattern="three", census=5, simulate=25, opts=print_options(), out=tmp_path / "b")
    for fa, fb in zip(sorted(a.files), sorted(b.files)):
        assert Path(fa).name == Path(fb).name and Path(fa).read_bytes() == Path(fb).read_bytes()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    "kw",
    [
        {"pattern": "one"},
        {"pattern": "three", "census": 5},
        {"pattern": "two", "numbers": True, "packs": 2, "wilds": 4, "win": "never-descending"},
        {"pattern": "two", "numbers": True},
        {"pattern": "one", "packs": 3, "wilds": 1},
    ],
)
def test_the_summary_with_its_figures_keeps_to_two_pages(tmp_path, paper, kw):
    """Read back from the PDF: the rulings box that ends the summary on page 1 or 2, and the
    figures before it."""
    _, _, folder = written(tmp_path, paper, game="got", simulate=5, **kw)
    pages = pdf_pages(folder / f"{folder.name}.pdf")
    ends = max(n for n, text in enumerate(pages, 1) if "These settle what the original rules leave open" in text)
    assert ends <= 2, pages
    for words_ in ("How long, how fair: simulated", "for an even share"):
        assert any(words_ in text for text in pages[:ends]) and not any(words_ in text for text in pages[ends:])


@pytest.mark.parametrize("bad", ["0", "-3", str(MAX_GAMES + 1)])
def test_a_bad_number_of_games_is_one_line_and_exit_2(tmp_path, capsys, bad):
    code, out, err = cli(capsys, "handout", "got", "--simulate", bad, "--out", str(tmp_path))
    assert code == 2 and out == ""
    assert err.strip().count("\n") == 0 and "simulate" in err and "100,000" in err
    assert list(tmp_path.iterdir()) == []


def test_only_the_got_handout_simulates(tmp_path, capsys):
    code, _, err = cli(capsys, "handout", "train", "--simulate", "10", "--out", str(tmp_path))
    assert code == 2 and "has no option --simulate" in err
    with pytest.raises(Exception, match="simulate"):
        build("got2d", simulate=10)


def test_figures_words_read_plainly():
    figures: PackFigures = simulate_pack(make_pattern("two", 7), 12, players=(4,))
    text = words(figures.rows[0])
    assert text.startswith("with 4 players a game lasts about ") and " turns each (" in text
    assert text.endswith("of games, against 25\u00a0% for an even share")
