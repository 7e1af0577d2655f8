"""``cardgen train can-play`` answers every example of the Train seed (000/001) right, and
``cardgen handout`` writes what it says. Exit 0 legal, 1 illegal, 2 unreadable; one line each.

The examples and their verdicts are transcribed by hand from the seed text.
"""

from __future__ import annotations

import pytest

from cardgen.cli import run


def cli(capsys, *args: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# (arguments after "can-play", exit code, words the one-line reason must hold)
SEED = [
    # "5 is in Central Play. A 6 or 7 may be played on it; a 4 may be played on it."
    (["6", "--on", "5"], 0, "1 higher"),
    (["7", "--on", "5"], 0, "2 higher"),
    (["4", "--on", "5"], 0, "1 lower"),
    (["8", "--on", "5"], 1, "3 higher"),
    (["3", "--on", "5"], 1, "2 lower"),
    (["5", "--on", "5"], 1, "same rank"),
    # Sandwich J, 8, J: its bottom card follows the central rule; central and piles
    (["J,8,J", "--on", "10"], 0, "Sandwich"),
    (["J,8,J", "--on", "9"], 0, "2 higher"),
    (["J,8,J", "--on", "10", "--where", "pile"], 0, "on a pile"),
    (["J,8,J", "--on", "5"], 1, "Sandwich"),
    (["J,8,Q", "--on", "10"], 1, "Sandwich"),
    # Double "4" on a "4"; Doubles only in central play
    (["4,4", "--on", "4"], 0, "own value"),
    (["4,4", "--on", "5"], 1, "not on a 5"),
    (["4,4", "--on", "4", "--where", "pile"], 1, "only in central play"),
    # Double Kings only on a 4, Queens only on a 5, Jacks only on a 6
    (["K,K", "--on", "4"], 0, "double Kings"),
    (["Q,Q", "--on", "5"], 0, "double Queens"),
    (["J,J", "--on", "6"], 0, "double Jacks"),
    (["K,K", "--on", "5"], 1, "only on a 4"),
    (["Q,Q", "--on", "6"], 1, "only on a 5"),
    (["J,J", "--on", "J"], 1, "only on a 6"),
    # a set of Doubles (J,J and 4,4) only ever at the beginning of a round
    (["J,J,4,4", "--on", "start"], 0, "two sets of Doubles"),
    (["J,J,4,4", "--on", "10"], 1, "only starts"),
    # every round begins with a 2
    (["2", "--on", "start"], 0, "with a 2"),
    (["5", "--on", "start"], 1, "with a 2 or two sets of Doubles"),
    # Double Sandwich J, 4, 4, J: central play only, 1 or 2 higher / 1 lower
    (["J,4,4,J", "--on", "10"], 0, "Double Sandwich"),
    (["J,4,4,J", "--on", "Q"], 0, "1 lower"),
    (["J,4,4,J", "--on", "10", "--where", "pile"], 1, "only in central play"),
    (["J,4,4,J", "--on", "7"], 1, "Double Sandwich"),
    # an A closes a pile; one deck must always remain open
    (["A", "--on", "9", "--where", "pile"], 0, "closes a pile"),
    (["A", "--on", "9", "--where", "pile", "--open-piles", "1"], 1, "last open pile"),
    (["A", "--on", "start", "--where", "pile"], 0, "closes"),
    # reopening: A, 2, 4, 5, 7, 9, J, K, then a 2 or two sets of Doubles
    (["2", "--on", "A", "--where", "closed"], 0, "reopening sequence"),
    (["4", "--on", "2", "--where", "closed"], 0, "reopening sequence"),
    (["5", "--on", "4", "--where", "closed"], 0, "reopening sequence"),
    (["7", "--on", "5", "--where", "closed"], 0, "reopening sequence"),
    (["9", "--on", "7", "--where", "closed"], 0, "reopening sequence"),
    (["J", "--on", "9", "--where", "closed"], 0, "reopening sequence"),
    (["K", "--on", "J", "--where", "closed"], 0, "restart"),
    (["2", "--on", "K", "--where", "closed"], 0, "restarts with a 2"),
    (["3", "--on", "2", "--where", "closed"], 1, "not a 3"),
    (["6", "--on", "5", "--where", "closed"], 1, "not a 6"),
    (["7", "--on", "K", "--where", "closed"], 1, "restarts"),
    # the Train: 2, 3, 4, 5, 6, the whole hand, on a closed pile with only a bare Ace
    (["2,3,4,5,6", "--on", "A", "--where", "closed", "--hand", "2,3,4,5,6"], 0, "wins the round"),
    (["2,3,4,5,6", "--on", "A", "--where", "closed", "--hand", "2,3,4,5,6,9"], 1, "whole hand"),
    (["2,3,4,5,6", "--on", "4", "--where", "central", "--hand", "2,3,4,5,6"], 1, "closed pile"),
    (["3,4,5,6", "--on", "A", "--where", "closed", "--hand", "3,4,5,6"], 1, "begin with a 2"),
    (["2,3,5,6", "--on", "A", "--where", "closed", "--hand", "2,3,5,6"], 1, "climbs by one"),
]


@pytest.mark.parametrize("args, code, words", SEED, ids=[" ".join(a) for a, _, _ in SEED])
def test_seed_examples(capsys, args, code, words):
    got, out, err = cli(capsys, "train", "can-play", *args)
    assert got == code, (out, err)
    lines = out.strip().splitlines()
    assert len(lines) == 1 and err == ""
    assert lines[0].startswith("legal: " if code == 0 else "illegal: ")
    assert words in lines[0]


UNREADABLE = [
    (["1", "--on", "5"], "write A for an Ace"),
    (["7", "--on", "Z"], "unknown card 'Z'"),
    (["7", "--on", "5,6"], "one card"),
    (["7", "--on", "5", "--where", "moon"], "unknown where 'moon': choose one of central, pile, closed"),
    (["7", "--on", "5", "--open-piles", "9"], "open piles"),
    (["2,3,4,5,6", "--on", "A", "--where", "closed"], "give the hand"),
    (["5,5,5,5,5", "--on", "5"], "four"),
    (["J,,8", "--on", "10"], "missing between two commas"),
    (["7"], "--on"),
    (["7", "--on", "x" * 500], "too much text"),
]


@pytest.mark.parametrize("args, words", UNREADABLE, ids=[" ".join(a)[:30] for a, _ in UNREADABLE])
def test_unreadable_input_is_one_line_and_exit_2(capsys, args, words):
    got, out, err = cli(capsys, "train", "can-play", *args)
    assert got == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err
    assert "Traceback" not in err


def test_help_has_examples(capsys):
    for args in (["train", "--help"], ["train", "can-play", "--help"], ["handout", "--help"]):
        code, out, _ = cli(capsys, *args)
        assert code == 0 and "Example" in out and "cardgen " + args[0] in out


def test_handout_command_writes_html_and_pdf(tmp_path, capsys):
    code, out, err = cli(capsys, "handout", "train", "--paper", "letter", "--out", str(tmp_path))
    assert code == 0, err
    folder = tmp_path / "handout-train-letter"  # paper other than A4 is in the folder's name
    ours = sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))  # dot files: Staging's own
    assert ours == ["figure-1.svg", "handout-train-letter.html", "handout-train-letter.pdf"]  # named as their folder
    assert "3 pages on letter (summary 2 + 1)" in out
    code, out, _ = cli(capsys, "handout", "--list")
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == [
        "got",
        "got2d",
        "supertrain",
        "amtrak",
        "train",
    ]


@pytest.mark.parametrize(
    "args, words",
    [
        (["handout"], "name a game"),
        (["handout", "chess"], "unknown game 'chess'"),
        (["handout", "train", "--census", "7"], "no option --census"),
        (["handout", "got", "--census", "24", "--pattern", "two"], "X marks a removal"),
        (["handout", "got2d", "--categories", "fly"], "unknown 2D ability category"),
        (["handout", "amtrak", "--paper", "napkin"], "paper 'napkin'"),
    ],
)
def test_handout_bad_input(tmp_path, monkeypatch, capsys, args, words):
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, *args)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []
