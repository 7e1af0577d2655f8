"""``cardgen supertrain lineup``, ``supertrain can-play`` and ``cardgen simulate supertrain`` as a user
meets them: what they print, --json, exit statuses, errors in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lxml import html

from tests.test_cli import cli


def test_lineup_prints_the_line_and_the_extras(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "supertrain", "lineup", "--engine", "12", "12-5 5-7 7-8 3-Train A-Train 9-9 2-4")
    assert code == 0 and err == ""
    # worked by hand: 12-5 5-7 7-8 from the engine; 9-9 and 2-4 need a jump each, and only the A-Train
    # can make one (no tile has a 3 for the 3-Train to jump from); the 3-Train comes before the A-Train
    assert out.splitlines() == [
        "line-up  12-5 5-7 7-8 Train-3 A-Train 9-9",
        "         6 tiles, from the engine (12)",
        "extras   4-2",
    ]


def test_lineup_json(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "supertrain", "lineup", "--engine", "12-12", "12-5 9-9 3-4", "--json")
    data = json.loads(out)
    assert code == 0 and data["from_engine"] is True and data["length"] == 1
    assert data["line"] == [{"tile": "12-5", "laid": 12, "left": 5}] and data["extras"] == ["9-9", "4-3"]


def test_lineup_train_train_engine(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "supertrain", "lineup", "--engine", "Train", "9-9 9-4", "--json")
    assert code == 0 and json.loads(out)["length"] == 2


@pytest.mark.parametrize(
    "args, message",
    [
        (["--engine", "13", "12-5"], "no SuperTrain end '13'"),
        (["--engine", "A", "12-5"], "no engine 'A'"),
        (["--engine", "12-11", "12-5"], "is not a double"),
        (["--engine", "12", "12-12 12-5"], "holds the engine 12-12"),
        (["--engine", "12", "12-5 12-5"], "holds tile 12-5 2 times"),
    ],
)
def test_lineup_errors_are_one_line(capsys, args, message) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "supertrain", "lineup", *args)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_can_play_yes_both_ways_round(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "supertrain", "can-play", "--end", "3", "--tile", "Train-3")
    assert code == 0
    assert out.splitlines() == [
        "yes: 3-Train may be laid on 3",
        "  by its 3 end: yes, the number end of a wild domino may be played onto a matching number, leaving the "
        "Red Train exposed; the Red Train is left exposed: anything may follow",
        "  by its Red Train end: yes, a Red Train end can be played onto any number, symbol or double; 3 is left "
        "exposed: only a 3 or a wild tile may follow",
    ]


def test_can_play_no_exits_1_with_the_seeds_reason(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "supertrain", "can-play", "--end", "A", "--tile", "12-5")
    assert code == 1 and out.startswith("no: 12-5 may not be laid on the Letter A")
    code, out, _ = cli(
        capsys, "supertrain", "can-play", "--end", "5", "--tile", "Train-Train", "--double-open", "--json"
    )
    data = json.loads(out)
    assert code == 1 and data["legal"] is False and "cannot be played onto another double" in data["ways"][0]["reason"]


def test_can_play_bad_tile_is_one_line(capsys) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli(capsys, "supertrain", "can-play", "--end", "5", "--tile", "A-5")
    assert code == 2 and "a letter end pairs only with a Red Train" in err


# --- cardgen simulate supertrain ---


def test_simulate_prints_every_figure(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli(
        capsys, "simulate", "supertrain", "--players", "3", "--rounds", "2", "--games", "6", "--seed", "2"
    )
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "SuperTrain: 3 players, 2 rounds, with the 21 wild tiles (and the same deals without them)"
    assert lines[1] == "6 games, seed 2, bot good in every seat"
    names = [ln.split("  ")[0] for ln in lines[3:]]
    assert names == [
        "round length", "blocked", "score", "win share", "going out", "action tiles", "what they did",
        "without wilds", "wild tiles", "in a sentence",
    ]  # fmt: skip


def test_simulate_no_wilds_json(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "simulate", "supertrain", "--no-wilds", "--rounds", "14", "--games", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["game"] == "supertrain" and data["played"] == 3
    assert data["setting"]["setup"] == {"players": 4, "rounds": 14, "wilds": False}
    assert "with_wilds" not in data["summary"] and data["summary"]["without_wilds"]["rounds"] == 3 * 13


def test_simulate_options_of_other_games_are_refused(capsys) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli(capsys, "simulate", "supertrain", "--census", "7")
    assert code == 2 and "--census is not an option of SuperTrain" in err
    code, _, err = cli(capsys, "simulate", "--rounds", "3")
    assert code == 2 and "--rounds is not an option of the Game of Trains" in err


def test_simulate_sweep_of_players(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "simulate", "supertrain", "--rounds", "1", "--games", "2", "--sweep", "players=2,8")
    rows = out.splitlines()[3:]
    assert code == 0 and rows[0].split()[0] == "players" and [r.split()[0] for r in rows[1:]] == ["2", "8"]


def test_trace_and_replay(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "g.jsonl"
    code, _, err = cli(capsys, "simulate", "supertrain", "--players", "2", "--rounds", "1", "--trace", str(path))
    assert code == 0 and err.startswith("wrote ")
    code, out, _ = cli(capsys, "simulate", "supertrain", "--replay", str(path))
    assert code == 0 and out.startswith("legal: ")
    events = [json.loads(x) for x in path.read_text("utf-8").splitlines()]
    events[-1]["totals"] = [1, 2]
    path.write_text("".join(json.dumps(e) + "\n" for e in events), "utf-8")
    code, out, _ = cli(capsys, "simulate", "supertrain", "--replay", str(path), "--json")
    assert code == 1 and json.loads(out)["legal"] is False
    path.write_text("nonsense\n", "utf-8")
    code, out, err = cli(capsys, "simulate", "supertrain", "--replay", str(path))
    assert code == 2 and out == "" and "trace line 1: not JSON" in err


def test_report_page(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dest = tmp_path / "sim"
    code, _, err = cli(capsys, "simulate", "supertrain", "--rounds", "2", "--games", "4", "--report", str(dest))
    assert code == 0 and "index.html" in err
    page = html.fromstring((dest / "index.html").read_bytes())
    assert page.findtext(".//h1") == "SuperTrain, simulated"
    text = (dest / "index.html").read_text("utf-8")
    assert text.count("<svg") >= 3 and "Rule decisions" in text and "without the wild tiles" in text
