"""``cardgen simulate`` as a user meets it: what it prints, --json, errors in one line, the same
figures on any number of workers, sweeps, traces written and replayed, the report page, Ctrl-C."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lxml import etree, html

from tests.test_cli import cli

SVG = "{http://www.w3.org/2000/svg}svg"


def run_json(capsys, *args: str) -> dict:  # type: ignore[no-untyped-def, type-arg]
    code, out, err = cli(capsys, "simulate", *args, "--json")
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


# --- what it prints -------------------------------------------------------------------------------


def test_a_run_prints_every_figure(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "simulate", "--census", "5", "--players", "3", "--games", "60", "--seed", "4")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "The Game of Trains: pattern two, census 5, 3 players, 30 cards (2 copies)"
    assert lines[1] == "60 games, seed 4, bot good in every seat"
    names = [ln.split("  ")[0] for ln in lines[3:]]
    assert names == ["turns each", "win share", "no winner", "turns spent", "abilities", "draw pile", "in a sentence"]
    assert re.search(r"median \d+\.\d   10th percentile \d+\.\d   90th percentile \d+\.\d", out)
    assert re.search(r"1st \d+\.\d %   2nd \d+\.\d %   3rd \d+\.\d %", out)
    assert "an even share is 33.3 %" in out and "hit the 2,000-turn cap" in out


def test_the_json_holds_the_same_figures(capsys) -> None:  # type: ignore[no-untyped-def]
    d = run_json(capsys, "--census", "5", "--players", "3", "--games", "60", "--seed", "4")
    assert {"game", "seed", "games", "played", "interrupted", "setting", "summary", "sentence"} <= set(d)
    assert d["game"] == "got" and d["games"] == d["played"] == 60 and d["interrupted"] is False
    s = d["summary"]
    assert s["games"] == 60 and len(s["win_share"]) == 3 and s["won"] + s["capped"] + s["stalled"] == 60
    assert set(s["turns_per_player"]) == {"median", "p10", "p90"}
    assert sum(n for _, n in d["length_histogram"]) == s["won"]
    assert d["setting"]["variant"]["census"] == 5 and d["setting"]["cards"] == 30
    _, text, _ = cli(capsys, "simulate", "--census", "5", "--players", "3", "--games", "60", "--seed", "4")
    assert f"median {s['turns_per_player']['median']:.1f}" in text
    assert d["sentence"] in text


def test_amtrak_solo_and_multiplayer(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "simulate", "amtrak", "--solo", "--games", "80")
    assert code == 0
    assert out.startswith("Amtrak: solo, 52 cards and 2 Jokers\n80 games, seed 1, strategy good")
    assert re.search(r"Full-Staff +\d+\.\d % of games \(95 % interval \d+\.\d % to \d+\.\d %\)", out)
    assert "lost games" in out and "turns to win" in out
    d = run_json(capsys, "amtrak", "--games", "80")  # solo is the default
    assert d["summary"]["players"] == 1 and 0 < d["summary"]["chance"] < 1
    code, out, _ = cli(capsys, "simulate", "amtrak", "--players", "3", "--games", "40", "--jokers", "0")
    assert code == 0 and "3 players, 52 cards and 0 Jokers" in out
    assert re.search(r"score +median \d+", out) and "Silver Meteor" in out and "3rd" in out
    d = run_json(capsys, "amtrak", "--players", "2", "--games", "30")
    assert sum(d["summary"]["win_share"]) == pytest.approx(1.0)
    assert sum(n for _, n in d["score_histogram"]) == 60


def test_the_grid_game_and_options(capsys) -> None:  # type: ignore[no-untyped-def]
    d = run_json(capsys, "--grid", "--categories", "row-swap,col-swap,remove", "--players", "2", "--games", "10")
    assert d["setting"]["variant"]["pattern"] == "2d"
    assert d["setting"]["variant"]["categories"] == ["row-swap", "col-swap", "remove"]
    d = run_json(
        capsys, "--pattern", "three", "--census", "5", "--apply", "any", "--wilds", "2", "--freeze", "1", "--games", "10",
        "--win", "never-descending", "--packs", "2", "--numbers", "--bot", "random", "--max-turns", "300", "--copies", "2",
    )  # fmt: skip
    v = d["setting"]["variant"]
    assert (v["pattern"], v["apply"], v["wilds"], v["freeze"], v["packs"], v["numbers"]) == (
        "three",
        "any",
        2,
        1,
        2,
        True,
    )
    assert d["setting"]["bot"] == "random" and v["max_turns"] == 300 and v["copies"] == 2


# --- the same figures on any number of cores --------------------------------------------------------


@pytest.mark.every_core
@pytest.mark.parametrize(
    "args",
    [
        ["--games", "120", "--seed", "9"],
        ["--sweep", "census=4..5", "players=2,3", "--games", "30"],
        ["amtrak", "--players", "2", "--games", "40"],
        ["amtrak", "--games", "60", "--seed", "3"],
    ],
)
def test_one_worker_or_two_give_the_same_json(capsys, args: list[str]) -> None:  # type: ignore[no-untyped-def]
    one = run_json(capsys, *args, "--workers", "1")
    two = run_json(capsys, *args, "--workers", "2")
    three = run_json(capsys, *args, "--workers", "3")
    assert one == two == three


@pytest.mark.slow
@pytest.mark.every_core
@pytest.mark.parametrize("args", [["--games", "50", "--census", "6"], ["amtrak", "--players", "3", "--games", "20"]])
def test_a_whole_process_gives_the_same_json_as_in_process(capsys, tmp_path, args: list[str]) -> None:  # type: ignore[no-untyped-def]
    here = run_json(capsys, *args, "--workers", "2")
    for hashseed in ("77", "78"):  # another process, other string hashes: the same numbers
        proc = subprocess.run(
            [sys.executable, "-m", "cardgen", "simulate", *args, "--json"], capture_output=True, text=True, check=True,
            cwd=tmp_path, env={**os.environ, "PYTHONHASHSEED": hashseed},
        )  # fmt: skip
        assert json.loads(proc.stdout) == here and proc.stderr == ""


def test_a_swept_bot_is_said_so(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(
        capsys, "simulate", "--sweep", "bot=good,random", "--games", "10", "--report", str(tmp_path / "r")
    )
    assert code == 0 and "10 games a setting, seed 1, the bot as swept" in out
    text = (tmp_path / "r" / "index.html").read_text("utf-8")
    assert "The good bot gives" in text and "The random bot plays" in text


# --- sweeps -------------------------------------------------------------------------------------


def test_a_sweep_prints_a_table(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "simulate", "--sweep", "census=4..6", "players=2,3", "--games", "20")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "The Game of Trains: a sweep of census=4..6 players=2,3"
    assert lines[1] == "20 games a setting, seed 1, bot good in every seat"
    assert lines[3].split()[:2] == ["census", "players"]
    rows = [ln.split()[:2] for ln in lines[4:]]
    assert rows == [["4", "2"], ["4", "3"], ["5", "2"], ["5", "3"], ["6", "2"], ["6", "3"]]
    d = run_json(capsys, "--sweep", "census=4..6 players=2,3", "--games", "20")  # one quoted word works too
    assert d["sweep"] == {"census": [4, 5, 6], "players": [2, 3]}
    assert [r["setting"]["swept"] for r in d["results"]][:2] == [
        {"census": 4, "players": 2},
        {"census": 4, "players": 3},
    ]
    assert all(r["played"] == 20 for r in d["results"])


def test_amtrak_sweeps(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "simulate", "amtrak", "--sweep", "jokers=0,2", "--games", "20")
    assert code == 0 and "Full-Staff" in out.splitlines()[3]
    code, out, _ = cli(capsys, "simulate", "amtrak", "--sweep", "players=2..3", "--games", "10")
    assert code == 0 and "1st seat wins" in out


def test_pattern_threes_open_rule_question_is_an_option(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """§6 leaves open whether a swap may stay within one sequence and whether a player may direct a
    swap between two others: --no-same-sequence and --three-party decide it, and a sweep varies it."""
    base = ("--pattern", "three", "--census", "5", "--players", "3", "--games", "60")
    plain = run_json(capsys, *base)
    crossed = run_json(capsys, *base, "--no-same-sequence", "--three-party")
    v = crossed["setting"]["variant"]
    assert (v["same_sequence"], v["three_party"]) == (False, True)
    assert plain["summary"]["ability_uses"].get("swap", 0) > 0  # the default: swaps within a sequence too
    assert set(crossed["summary"]["ability_uses"]) == {"cross-swap"}  # every swap crosses two sequences
    trace = tmp_path / "t.jsonl"
    assert cli(capsys, "simulate", *base[:-2], "--no-same-sequence", "--three-party", "--trace", str(trace))[0] == 0
    events = [json.loads(line) for line in trace.read_text("utf-8").splitlines()]
    swaps = [e for e in events if e.get("action") == "ability"]
    assert swaps and all("with" in e for e in swaps)
    assert cli(capsys, "simulate", "--replay", str(trace))[0] == 0
    code, out, _ = cli(capsys, "simulate", *base, "--sweep", "same-sequence=on,off", "three-party=off,on")
    assert code == 0
    rows = [line.split() for line in out.splitlines()[4:]]
    assert [r[:2] for r in rows] == [["on", "off"], ["on", "on"], ["off", "off"], ["off", "on"]]
    assert (
        run_json(capsys, *base, "--sweep", "three-party=on")["results"][0]["summary"]
        == run_json(capsys, *base, "--three-party")["summary"]
    )  # a swept value plays what the option plays


def test_the_3x3_games_categories_can_be_swept(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    args = ("--grid", "--players", "2", "--games", "20", "--sweep", "categories=col-swap+row-swap,remove")
    d = run_json(capsys, *args)
    assert d["sweep"] == {"categories": ["row-swap,col-swap", "remove"]}
    assert [r["setting"]["variant"]["categories"] for r in d["results"]] == [["row-swap", "col-swap"], ["remove"]]
    # each setting is what --categories plays
    alone = run_json(capsys, "--grid", "--players", "2", "--games", "20", "--categories", "remove")
    assert d["results"][1]["summary"] == alone["summary"]
    assert set(d["results"][1]["summary"]["ability_uses"]) <= {"remove"}
    out = tmp_path / "rep"
    assert cli(capsys, "simulate", *args, "--report", str(out))[0] == 0
    command = html.parse(str(out / "index.html")).getroot().findtext(".//footer/code")
    assert command.endswith("--sweep categories=row-swap+col-swap,remove")
    assert run_json(capsys, *command.split()[2:]) == d  # the page's command plays the same games


# --- errors: one line, exit 2 ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--pattern", "four"], "unknown pattern 'four'"),
        (["--players", "9"], "players 9 is out of range"),
        (["--census", "30"], "census 30 is out of range: allowed 2 to 26"),
        (["--census", "25"], "census 25 is out of range for pattern two"),
        (["--bot", "clever"], "unknown bot 'clever'"),
        (["chess"], "unknown game 'chess'"),
        (["amtrak", "--census", "5"], "--census is not an option of Amtrak: it takes --solo, --players"),
        (["--solo"], "--solo is not an option of the Game of Trains"),
        (["amtrak", "--solo", "--players", "3"], "--solo is the one-player game"),
        (["amtrak", "--players", "5"], "players 5 is out of range: allowed 1 to 4"),
        (["--players", "1"], "players 1 is out of range: allowed 2 to 6"),  # Amtrak's range is not the got's
        (["--grid", "--pattern", "one"], "--grid is the 3×3 game: it takes no --pattern"),
        (["--categories", "row-swap"], "give --grid too"),
        (["--grid", "--categories", "row-swop"], "unknown 2D ability category 'row-swop'"),
        (["--games", "0"], "games 0 is out of range"),
        (["--workers", "0"], "workers 0 is out of range"),
        (["--sweep", "census=9..4"], "sweep 'census=9..4': the range runs backwards (write 4..9)"),
        (["--sweep", "census=4..x"], "'x' is not a whole number"),
        (["--sweep", "players=2..3", "--players", "2"], "players is both swept and given as --players"),
        (["census=4..9"], "'census=4..9' is a sweep setting: give it after --sweep"),
        (["got", "amtrak"], "unexpected 'amtrak'"),
        (["--sweep", "copies=1,3", "--census", "7"], "copies 1: a pack of 28 cards is too small for 4 players"),
        (["amtrak", "--sweep", "players=1..3"], "players 1 is the solo game"),
        (["amtrak", "--trace", "t.jsonl"], "Amtrak games have no trace"),
        (["--trace", "t.jsonl", "--games", "5"], "--trace writes one game"),
        (["--replay", "t.jsonl", "--census", "5"], "--replay FILE checks a trace: it takes no other option"),
        (["--replay", "no-such.jsonl"], "cannot read trace no-such.jsonl: no such file"),
        (["--games", "many"], "Invalid value for '--games'"),
        (["--three-party"], "--three-party and --no-same-sequence are pattern three's swaps: give --pattern three"),
        (["--no-same-sequence", "--pattern", "one"], "are pattern three's swaps"),
        (["--pattern", "three", "--census", "5", "--three-party", "--players", "2"], "needs at least three players"),
        (["--sweep", "categories=row-swap"], "categories are the 3×3 game's: give --grid to sweep them"),
        (["--grid", "--sweep", "categories=row-swap+nope"], "unknown 2D ability category 'nope'"),
        (["--grid", "--categories", "remove", "--sweep", "categories=row-swap"], "both swept and given"),
        (["--sweep", "colour=red"], "(choose from pattern, census, players, copies, packs, wilds, freeze, win"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, monkeypatch, args: list[str], words: str) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, "simulate", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and words in err, err
    assert list(tmp_path.iterdir()) == []  # nothing written


# --- traces -------------------------------------------------------------------------------------------


def test_a_trace_is_written_and_replays_legal(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    trace = tmp_path / "game.jsonl"
    code, out, err = cli(capsys, "simulate", "--trace", str(trace), "--players", "3", "--seed", "5")
    assert code == 0 and "1 game, seed 5" in out and "wrote" in err
    lines = trace.read_text("utf-8").splitlines()
    events = [json.loads(line) for line in lines]
    assert events[0]["event"] == "setup" and events[-1]["event"] == "end"
    assert {e["event"] for e in events[1:-1]} == {"turn"}
    assert [(e["n"], e.get("opening")) for e in events[1:5]] == [(0, True)] * 3 + [(1, None)]
    assert f"wrote {len(lines)} lines" in err
    code, out, _ = cli(capsys, "simulate", "--replay", str(trace))
    assert code == 0 and out.startswith(f"legal: {len(lines)} lines, 3 players, {events[-1]['turns']} turns")
    code, out, _ = cli(capsys, "simulate", "--replay", str(trace), "--json")
    assert json.loads(out) == {
        "legal": True, "lines": len(lines), "players": 3, "winner": events[-1]["winner"],
        "turns": events[-1]["turns"], "reason": events[-1]["reason"],
    }  # fmt: skip
    # the same game as game 0 of a run: the trace's summary is --games 1's
    assert (
        run_json(capsys, "--players", "3", "--seed", "5", "--games", "1")["summary"]["wins"][events[-1]["winner"]] == 1
    )


def test_a_tampered_trace_is_refused_naming_the_line(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    trace = tmp_path / "game.jsonl"
    assert cli(capsys, "simulate", "--trace", str(trace), "--seed", "2")[0] == 0
    lines = trace.read_text("utf-8").splitlines()
    k = next(i for i, line in enumerate(lines) if '"action":"place"' in line)
    event = json.loads(lines[k])
    event["space"] = "A" if event["space"] != "A" else "B"
    lines[k] = json.dumps(event)
    trace.write_text("\n".join(lines) + "\n", "utf-8")
    code, out, err = cli(capsys, "simulate", "--replay", str(trace))
    assert code == 1 and err == ""
    assert out.startswith(f"illegal: trace line {k + 1}: ") and out.count("\n") == 1
    code, out, _ = cli(capsys, "simulate", "--replay", str(trace), "--json")
    assert code == 1 and json.loads(out)["error"].startswith(f"trace line {k + 1}: ")
    lines[k + 2] = "{not json"
    trace.write_text("\n".join(lines) + "\n", "utf-8")
    code, out, err = cli(capsys, "simulate", "--replay", str(trace))
    assert code == 2 and f"error: trace line {k + 3}: not JSON" in err


def test_replay_takes_the_issues_setup_and_a_swap_either_way_but_not_a_malformed_file(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    trace = tmp_path / "game.jsonl"
    assert cli(capsys, "simulate", "--trace", str(trace), "--seed", "3", "--wilds", "2", "--freeze", "1")[0] == 0
    events = [json.loads(line) for line in trace.read_text("utf-8").splitlines()]
    assert {e["event"] for e in events} == {"setup", "turn", "end"}
    assert events[0]["variant"]["census"] == events[0]["census"] == 7 and events[0]["variant"]["copies"] == 3

    def replayed(lines: list[dict]) -> tuple[int, str, str]:  # type: ignore[type-arg]
        trace.write_text("".join(json.dumps(e) + "\n" for e in lines), "utf-8")
        return cli(capsys, "simulate", "--replay", str(trace))

    issue = {k: events[0][k] for k in ("event", "pattern", "census", "copies", "players", "state")}
    code, out, _ = replayed([issue, *events[1:]])
    assert code == 0 and out.startswith("legal: ")
    swap = next(e for e in events if e.get("action") == "ability" and len(e["spaces"]) == 2 and "with" not in e)
    swap["spaces"].reverse()
    code, out, _ = replayed(events)
    assert code == 0 and out.startswith("legal: ")
    del issue["copies"]
    code, out, err = replayed([issue, *events[1:]])
    assert (code, out, err) == (2, "", "error: trace line 1: the setup line has no 'copies'\n")
    events[3].pop("state")
    code, out, err = replayed(events)
    assert (code, out, err) == (2, "", "error: trace line 4: the turn line has no 'state'\n")


def test_a_trace_never_replaces_a_file_that_is_not_one(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", "utf-8")
    code, _, err = cli(capsys, "simulate", "--trace", str(notes))
    assert code == 2 and "holds something else than a trace" in err
    assert notes.read_text("utf-8") == "my notes\n"
    trace = tmp_path / "t.jsonl"
    assert cli(capsys, "simulate", "--trace", str(trace), "--seed", "1")[0] == 0
    first = trace.read_bytes()
    assert cli(capsys, "simulate", "--trace", str(trace), "--seed", "2")[0] == 0  # a trace: replaced
    assert trace.read_bytes() != first
    assert cli(capsys, "simulate", "--trace", str(tmp_path))[0] == 2  # a folder
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "t.jsonl"]  # no temporary file left


# --- the report page ---------------------------------------------------------------------------------


def _page(folder: Path) -> tuple[html.HtmlElement, list[etree._Element]]:
    text = (folder / "index.html").read_text("utf-8")
    doc = html.fromstring(text)
    svgs = [etree.fromstring(m.encode("utf-8")) for m in re.findall(r"<svg\b.*?</svg>", text, flags=re.S)]
    for svg in svgs:
        assert svg.tag == SVG and svg.get("viewBox") and svg.get("width", "").endswith("mm")
    ids = [e.get("id") for svg in svgs for e in svg.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    return doc, svgs


def test_a_report_page_parses_with_valid_inline_svgs(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "report"
    code, text, err = cli(capsys, "simulate", "--games", "40", "--report", str(out))
    assert code == 0 and f"wrote {out}/index.html" in err
    doc, svgs = _page(out)
    assert doc.findtext(".//h1") == "The Game of Trains, simulated"
    assert [f.get("class") for f in doc.iter("figure")] == ["length", "seats"]
    assert len(svgs) == 2
    bars = [e for e in svgs[0].iter() if e.get("class") == "bar"]
    assert bars, "the histogram has bars"
    figures = {th.text_content(): td.text_content() for th, td in zip(doc.iter("th"), doc.iter("td"))}
    assert "turns each" in figures and "win share" in figures
    assert "cardgen simulate --games 40 --seed 1" in doc.findtext(".//footer/code")
    first = (out / "index.html").read_bytes()
    assert cli(capsys, "simulate", "--games", "40", "--report", str(out))[0] == 0
    assert (out / "index.html").read_bytes() == first  # same command, same bytes
    assert sorted(p.name for p in out.iterdir()) == [".cardgen.json", "index.html"]


def test_a_sweep_report_has_heat_maps_and_the_table(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "sweep"
    code, _, _ = cli(
        capsys, "simulate", "--sweep", "census=4..5", "players=2..3", "--games", "20", "--report", str(out)
    )
    assert code == 0
    doc, svgs = _page(out)
    assert [f.get("class") for f in doc.iter("figure")] == ["heat-map", "heat-map"]
    cells = [e for e in svgs[0].iter() if e.get("class") == "cell-value"]
    assert len(cells) == 4
    rows = doc.findall(".//table[@class='sweep']/tbody/tr")
    assert len(rows) == 4
    command = doc.findtext(".//footer/code")
    assert command == "cardgen simulate --games 20 --seed 1 --sweep census=4,5 players=2,3"
    # the page names the command that makes it: run again, the same figures
    assert run_json(capsys, *command.split()[2:]) == run_json(
        capsys, "--sweep", "census=4..5", "players=2..3", "--games", "20"
    )
    code, _, _ = cli(capsys, "simulate", "amtrak", "--games", "30", "--report", str(tmp_path / "solo"))
    doc, svgs = _page(tmp_path / "solo")
    assert code == 0 and doc.findtext(".//h1") == "Amtrak, simulated" and len(svgs) >= 1


def test_a_sweep_reports_maps_on_shared_scales_and_one_option_as_bars(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from cardgen.layout.charts import ACCENT, UNSURE_CELL

    out = tmp_path / "three"
    sweep = ("--sweep", "census=4,5", "players=2,3", "apply=own,any", "--games", "30")
    assert cli(capsys, "simulate", *sweep, "--report", str(out))[0] == 0
    doc, svgs = _page(out)
    assert [f.get("class") for f in doc.iter("figure")] == ["heat-map"] * 4  # 2 quantities × apply own, any
    fills: dict[str, set[str]] = {}
    maps = []
    for svg in svgs:
        rects = [e.get("fill") for e in svg.iter() if e.get("class") == "cell"]
        texts = ["".join(e.itertext()) for e in svg.iter() if e.get("class") == "cell-value"]
        maps.append(dict(zip(texts, rects)))
        for text, fill in zip(texts, rects):
            fills.setdefault(text, set()).add(fill)
    assert all(len(f) == 1 for f in fills.values()), fills  # the same value, the same colour, in any map
    medians = [float(t) for m in maps[:2] for t in m]
    top = f"{max(medians):.1f}"
    assert [m.get(top) for m in maps[:2]].count(ACCENT) == 1  # the darkest only where the highest is
    results = run_json(capsys, *sweep)["results"]
    for res in results:  # the edge: grey where 30 games cannot tell it from an even share, else its sign's hue
        games, even = res["played"], 1 / res["setting"]["variant"]["players"]
        wins = round(res["summary"]["win_share"][0] * games)
        e = wins / games - even
        (fill,) = fills[f"{e * 100:+.0f} pts"]  # whole points: 30 games say no more
        low, high = _wilson(wins, games)
        if low <= even <= high:
            assert fill == UNSURE_CELL, (e, fill)
        else:
            r, _, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
            assert b > r if e > 0 else r > b, (e, fill)
    out = tmp_path / "one"
    assert cli(capsys, "simulate", "--sweep", "census=4..6", "--games", "30", "--report", str(out))[0] == 0
    doc, svgs = _page(out)
    assert [f.get("class") for f in doc.iter("figure")] == ["bars", "bars"]  # not one-row heat maps
    assert all(len([e for e in svg.iter() if e.get("class") == "bar"]) == 3 for svg in svgs)


def _wilson(k: float, n: float) -> tuple[float, float]:
    """The Wilson score interval, 95 % (z = 1.96), worked from its textbook formula."""
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return max(0.0, centre - half), min(1.0, centre + half)


SANS_FAMILY = "'Atkinson Hyperlegible', sans-serif"


def test_a_report_rounds_its_marks_sets_one_face_and_gives_intervals(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """#33: 40 games at census 4 and 3 players printed "10th 0.633333" and "median 1.33333" in a
    monospace face under sans headings, and win shares without their uncertainty."""
    out = tmp_path / "small"
    args = ("--census", "4", "--players", "3", "--games", "40")
    assert cli(capsys, "simulate", *args, "--report", str(out))[0] == 0
    doc, svgs = _page(out)
    texts = [e for svg in svgs for e in svg.iter(f"{SVG[:-3]}text")]
    assert texts and {e.get("font-family") for e in texts} == {SANS_FAMILY}  # one face, as the page's headings
    css = "".join(doc.xpath("//style/text()"))
    assert re.search(r"body \{ font-family: \"Atkinson Hyperlegible\"", css)
    marks = ["".join(e.itertext()) for e in texts if e.get("class") == "mark-label"]
    assert len(marks) == 3 and all(re.fullmatch(r"(10th|median|90th) \d+\.\d", m) for m in marks), marks
    d = run_json(capsys, *args)
    s = d["summary"]
    want = {"10th": s["turns_per_player"]["p10"], "median": s["turns_per_player"]["median"]}
    for m in marks:
        name, value = m.split()
        if name in want:
            assert float(value) == pytest.approx(want[name], abs=0.05)  # rounded, not another figure
    # win share: each seat's share to a whole per cent, with its 95 % interval, in the table and the chart
    figures = {th.text_content(): td.text_content() for th, td in zip(doc.iter("th"), doc.iter("td"))}
    games = d["played"]
    seats = []
    for i, share in enumerate(s["win_share"]):
        wins = round(share * games)
        low, high = _wilson(wins, games)
        assert f"{wins / games * 100:.0f} % ({low * 100:.0f}-{high * 100:.0f} %)" in figures["win share"], (i, figures)
        seats.append((low, high))
    chart = svgs[1]
    brackets = [e for e in chart.iter() if e.get("class") == "interval"]
    assert len(brackets) == 3 * len(seats)  # a bracket a seat: its line and two ends
    fills = [e.get("fill") for e in chart.iter() if e.get("class") == "bar"]
    from cardgen.layout.charts import ACCENT, UNSURE

    for (low, high), fill in zip(seats, fills):  # grey where 40 games cannot tell the seat from an even share
        assert fill == (UNSURE if low <= 1 / 3 <= high else ACCENT), (low, high, fill)
    assert UNSURE in fills  # (40 games: some seat within chance, so the test can fail)
    values = ["".join(e.itertext()) for e in chart.iter() if e.get("class") == "value"]
    assert all(re.fullmatch(r"\d+ %", v) for v in values), values  # 40 games support whole per cents


def test_a_report_never_replaces_a_folder_cardgen_did_not_write(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.txt").write_text("precious", "utf-8")
    started = time.process_time()
    code, out, err = cli(capsys, "simulate", "--games", "10000000", "--report", str(mine))
    assert time.process_time() - started < 2  # refused before a game is played: 10 million would take hours
    assert (code, out) == (2, "") and err.count("\n") == 1 and "cardgen did not write" in err
    assert err.rstrip().endswith("give another --report") and "--out" not in err
    assert sorted(p.name for p in mine.iterdir()) == ["thesis.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine"]


# --- Ctrl-C ----------------------------------------------------------------------------------------------


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found |= {int(c) for c in (task / "children").read_text().split()}
        except OSError:
            pass
    return found


def _started(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], set[int]]:
    """``cardgen simulate ARGS`` running, once both its workers are up and some games played."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "simulate", *args, "--workers", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
    )  # fmt: skip
    workers: set[int] = set()
    deadline = time.monotonic() + 60
    while len(workers) < 2 and time.monotonic() < deadline:
        workers |= _children(proc.pid)
        time.sleep(0.05)
    assert len(workers) == 2, "the workers did not start"
    time.sleep(1.0)  # some games played
    return proc, workers


def _gone(workers: set[int]) -> bool:
    return all(
        not Path(f"/proc/{pid}").exists() or Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z" for pid in workers
    )


@pytest.mark.slow
@pytest.mark.every_core
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc for the workers")
def test_ctrl_c_stops_with_the_games_played_and_no_worker_left(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # (10 million: the compiled kernel plays 100,000 games in a few seconds on two cores)
    proc, workers = _started(tmp_path, "--games", "10000000")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    m = re.search(r"interrupted: ([\d,]+) of 10,000,000 games played", out)
    assert m and 0 < int(m.group(1).replace(",", "")) < 10_000_000
    assert "turns each" in out and "win share" in out
    assert err.strip().splitlines()[-1].startswith("interrupted:") and "Traceback" not in err
    assert _gone(workers)


@pytest.mark.slow
@pytest.mark.every_core
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc for the workers")
def test_sigterm_stops_at_once_with_the_games_played_and_leaves_no_worker(tmp_path) -> None:  # type: ignore[no-untyped-def]
    proc, workers = _started(tmp_path, "amtrak", "--games", "100000")
    proc.send_signal(signal.SIGTERM)
    started = time.monotonic()
    out, err = proc.communicate(timeout=60)
    assert time.monotonic() - started < 5  # every share stops in its game, not after its 250 games
    assert proc.returncode == 143 and "Traceback" not in err
    m = re.search(r"stopped by SIGTERM: ([\d,]+) of 100,000 games played", err)
    assert m and 0 < int(m.group(1).replace(",", "")) < 100_000 and "Full-Staff" in out
    assert _gone(workers)


# Games that would last minutes each (random moves, a 100,000-turn cap at census 12: a few seconds of
# CPU a game, far more on a loaded machine): a signal must not wait for the games in progress to end.
LONG_GAMES = ("--bot", "random", "--pattern", "one", "--census", "12", "--players", "2", "--max-turns", "100000")


@pytest.mark.slow
@pytest.mark.every_core
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc for the workers")
@pytest.mark.parametrize(
    ("sig", "code", "said"), [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "stopped by SIGTERM")]
)
def test_a_signal_stops_the_games_in_progress_at_once(tmp_path, sig, code, said) -> None:  # type: ignore[no-untyped-def]
    proc, workers = _started(tmp_path, *LONG_GAMES, "--games", "40")
    proc.send_signal(sig)
    started = time.monotonic()
    out, err = proc.communicate(timeout=60)
    assert time.monotonic() - started < 2.5, "the games in progress were waited for"
    assert proc.returncode == code, err
    m = re.search(rf"{said}: ([\d,]+) of 40 games played", err)
    assert m and int(m.group(1)) < 40, err
    assert f"interrupted: {m.group(1)} of 40 games played" in out and "Traceback" not in err
    assert _gone(workers)


@pytest.mark.slow
@pytest.mark.every_core
def test_ctrl_c_to_the_whole_group_stops_a_run_played_here_mid_game(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """One worker plays in the command's own process: Ctrl-C (to the process group, as a terminal
    sends it) abandons the game being played."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "simulate", *LONG_GAMES, "--games", "40", "--workers", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path, start_new_session=True,
    )  # fmt: skip
    time.sleep(2.0)  # in a game: the first takes seconds
    os.killpg(proc.pid, signal.SIGINT)
    started = time.monotonic()
    out, err = proc.communicate(timeout=60)
    assert time.monotonic() - started < 2.5 and proc.returncode == 130, err
    assert re.search(r"interrupted: \d of 40 games played", err) and "Traceback" not in err


def test_the_turn_cap_has_a_maximum(capsys) -> None:  # type: ignore[no-untyped-def]
    for args in (["--max-turns", "100001"], ["amtrak", "--max-turns", "100001"], ["--max-turns", "99999999999"]):
        code, out, err = cli(capsys, "simulate", *args, "--games", "2")
        assert (code, out) == (2, "") and len(err.splitlines()) == 1, args
        assert "max-turns" in err and "allowed 1 to 100,000" in err


def test_the_help_points_to_the_page_which_says_what_the_numbers_mean(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "simulate", "--help")
    assert code == 0 and "docs/commands/simulate.md says what they mean" in " ".join(out.split())
    docs = Path(__file__).resolve().parent.parent / "docs"
    # the command's page, and the page it links to for sweeps, Amtrak, SuperTrain and seeds
    assert "(../simulating.md)" in (docs / "commands" / "simulate.md").read_text("utf-8")
    section = " ".join(
        " ".join((docs / p).read_text("utf-8") for p in ("commands/simulate.md", "simulating.md")).split()
    )
    for words in (
        "median, and the 10th and 90th percentiles",
        "win share",
        "Full-Staff",
        "95 % interval",
        "counts cards",
        "seeded from (seed, i)",
        "exits 130",
        "`random` plays a uniformly random legal move",
    ):
        assert words in section, words
