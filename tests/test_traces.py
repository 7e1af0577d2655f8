"""Trace files as a referee meets them (``cardgen.simulate.traces``, ``trace_lines``): the limits every
trace keeps, decided together; a line checked for form before the engine sees it; exit 2 for a file
that is not a trace, 1 only for a well-formed trace of an illegal game; written and read a line at a time."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.got.play import Variant
from cardgen.rules.got.simulation import TraceError, play_game
from cardgen.rules.got.variant import rules_of
from cardgen.rules.shared import game_seed
from cardgen.simulate import traces
from cardgen.simulate.trace_file import TraceFile
from cardgen.simulate.trace_lines import MAX_CARD, MAX_CARDS, MAX_DEPTH, MAX_LINE_BYTES, MAX_LINES, _depth, event
from cardgen.simulate.traces import replay_file
from tests.test_cli import cli
from tests.test_play import variants

Events = list[dict[str, object]]


def trace(variant: Variant | None = None, seed: int = 1, bots: str = "good") -> Events:
    record = play_game(variant or Variant(), game_seed(seed, 0), bots, trace=True)
    return json.loads(json.dumps(list(record.events)))  # type: ignore[no-any-return]


def lines(events: Events) -> bytes:
    return b"".join(json.dumps(e).encode() + b"\n" for e in events)


class _Enough(Exception):
    pass


def first_events(variant: Variant, count: int) -> Events:
    """The first ``count`` events of a game, as the game makes them (the rest never played)."""
    got: Events = []

    def keep(ev: dict[str, object]) -> None:
        got.append(ev)
        if len(got) == count:
            raise _Enough

    with pytest.raises(_Enough):
        play_game(variant, game_seed(1, 0), "random", trace=keep)
    return got


# --- the limits ------------------------------------------------------------------------------------------


def _largest(pattern: str, **kw: Any) -> Variant:
    """The largest pack of ``pattern`` the command line accepts: the highest census it has, every
    option at its largest (--copies 100, --packs 10, --wilds 100, --numbers, 6 players)."""
    for census in range(26, 1, -1):
        try:
            return Variant(
                pattern=pattern, census=census, copies=100, packs=10, wilds=100, numbers=True, players=6, **kw
            )
        except CardgenError:
            continue
    raise AssertionError(pattern)


def test_the_limits_are_the_largest_games_the_command_line_accepts() -> None:
    every = ("row-swap", "col-swap", "diag-swap", "row-rotate", "col-rotate", "remove", "any-row-swap",
             "any-col-swap", "row-pair-swap", "col-pair-swap", "h-rotate", "v-rotate", "row-rotate-either",
             "col-rotate-either", "row-remove", "col-remove", "number")  # fmt: skip
    packs = [rules_of(_largest(p)) for p in ("one", "two", "three")] + [rules_of(_largest("2d", categories=every))]
    assert max(r.size for r in packs) == MAX_CARD == 33_000  # 100 copies of 325 swaps and 5 numbers
    assert max(len(r.cards) for r in packs) == MAX_CARDS == 330_100
    # every card written in 7 bytes at most (5 digits, a comma and a space), and 64 KiB for the rest
    assert MAX_CARDS * 7 + 65536 <= MAX_LINE_BYTES
    assert MAX_LINES == 1 + 6 + 100_000 + 1  # the setup, 6 players' openings, the 100,000-turn cap, the end


def test_the_largest_games_lines_are_within_the_limits_however_written() -> None:
    events = first_events(_largest("one", freeze=26), 10)  # the setup, 6 openings, 3 turns
    for n, ev in enumerate(events, 1):
        for text in (json.dumps(ev, separators=(",", ":")), json.dumps(ev)):  # cardgen's, and json.dumps' spaces
            raw = text.encode() + b"\n"
            assert len(raw) <= MAX_LINE_BYTES
            assert event(raw, n) == ev
    assert len(json.dumps(events[0])) > 2_000_000  # the whole pack on a line: megabytes


def test_a_capped_game_has_the_lines_the_limit_counts() -> None:
    events = trace(Variant(pattern="one", census=12, players=6, max_turns=40), 2, "random")
    assert events[-1]["reason"] == "capped"
    assert len(events) == 1 + 6 + 40 + 1  # MAX_LINES at the 100,000-turn cap


@settings(max_examples=40, deadline=None)
@given(
    variants
    | st.builds(
        Variant,
        pattern=st.just("three"),
        players=st.just(3),
        three_party=st.booleans(),
        same_sequence=st.booleans(),
        max_turns=st.just(80),
    ),
    st.integers(0, 2**64 - 1),
    st.sampled_from(["random", "good"]),
)
def test_every_trace_cardgen_writes_is_read_back_line_by_line(tmp_path_factory, variant, seed, bots) -> None:  # type: ignore[no-untyped-def]
    file = tmp_path_factory.mktemp("t") / "t.jsonl"
    out = TraceFile(file, traces._is_trace, MAX_LINE_BYTES)  # the writer --trace uses
    record = play_game(variant, seed, bots, trace=out.write)
    out.commit()
    written = file.read_bytes().splitlines(keepends=True)
    assert len(written) == out.lines <= 1 + variant.players + record.turns + 1  # (a game may be won in its opening)
    assert [event(raw, n) for n, raw in enumerate(written, 1)] == [json.loads(raw) for raw in written]
    found = replay_file(file)
    assert found.legal and found.lines == len(written) and found.turns == record.turns, found.text()


# --- a line -------------------------------------------------------------------------------------------------


@settings(max_examples=200)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ a,:\n\u00e9'),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet='[]{}"\\a'), inner, max_size=3),
        max_leaves=30,
    )
)
def test_the_depth_of_a_line_is_its_nesting(value: object) -> None:
    def nesting(v: object) -> int:
        if isinstance(v, list):
            return 1 + max(map(nesting, v), default=0)
        if isinstance(v, dict):
            return 1 + max(map(nesting, v.values()), default=0)
        return 0

    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False, indent=1)):
        assert _depth(text.encode()) == nesting(value)


def _said(raw: bytes, n: int = 1) -> str:
    with pytest.raises(TraceError) as caught:
        event(raw, n)
    message = str(caught.value)
    assert message.startswith(f"trace line {n}: ") and "\n" not in message and len(message) < 160, message
    return message


def test_a_line_is_at_most_the_longest_a_trace_has_and_nested_at_most_four_deep() -> None:
    setup = trace()[0]
    text = json.dumps(setup)
    padded = (text[:-1] + " " * (MAX_LINE_BYTES - len(text)) + "}").encode()  # whitespace is JSON's
    assert len(padded) == MAX_LINE_BYTES and event(padded + b"\n", 1) == event(padded, 1) == setup
    assert "longer than 3,145,728 bytes" in _said(padded[:-1] + b" }")
    assert "longer than" in _said(padded[:-1] + b" }\n")
    assert MAX_DEPTH == 4 == max(_depth(json.dumps(e).encode()) or 0 for e in trace())  # as deep as a trace goes
    deeper = json.loads(text)
    deeper["state"]["sequences"][0][0] = [1]
    assert "brackets nested 5 deep: a trace's lines nest 4 at most" in _said(json.dumps(deeper).encode())
    deeper["state"]["sequences"][0][0] = "[[[[[1]]]]]"
    assert "is not a card" in _said(json.dumps(deeper).encode())  # brackets in a string: no nesting
    assert "nested 100,000 deep" in _said(b"[" * 100_000 + b"]" * 100_000)
    assert "nested 100,000 deep" in _said(b"[" * 100_000)
    assert "not JSON" in _said(b'["' + b"[" * 100_000)  # inside a string (never closed): no nesting


@pytest.mark.parametrize(
    ("line", "change", "words"),
    [
        (1, lambda e: e.update(seed="x"), 'seed "x" is not a whole number from 0 to 18,446,744,073,709,551,615'),
        (1, lambda e: e.update(seed=-1), "seed -1 is not a whole number"),
        (1, lambda e: e.update(seed=2**64), "seed 18446744073709551616 is not"),
        (1, lambda e: e.update(seed=1.0), "seed 1.0 is not"),
        (1, lambda e: e.update(seed=True), "seed true is not"),
        (
            1,
            lambda e: e["variant"].update(max_turns=10**9),
            "variant.max_turns 1000000000 is not a whole number from 1 to 100,000",
        ),
        (1, lambda e: e["variant"].update(max_turns=100_001), "variant.max_turns 100001 is not"),
        (1, lambda e: e["variant"].update(max_turns=0), "variant.max_turns 0 is not"),
        (1, lambda e: e["variant"].update(census="x"), 'variant.census "x" is not a whole number from 2 to 26 or null'),
        (1, lambda e: e["variant"].update(players=7), "variant.players 7 is not a whole number from 2 to 6"),
        (
            1,
            lambda e: e["variant"].update(categories=["row-swop"]),
            'variant.categories[0] "row-swop" is not the name of a 3×3 ability category',
        ),
        (1, lambda e: e["variant"].update(colour="red"), 'the variant has an unknown key "colour"'),
        (1, lambda e: e.update(census="x"), 'census "x" is not a whole number from 2 to 26'),
        (1, lambda e: e.update(copies=101), "copies 101 is not a whole number from 1 to 100"),
        (1, lambda e: e.pop("copies"), "the setup line has no 'copies'"),
        (1, lambda e: e.update(event="turn"), "a trace starts with a setup event"),
        (1, lambda e: e["state"]["draw"].append("x"), '] "x" is not a card (a number from 1 to 33,000, or "W")'),
        (1, lambda e: e["state"]["draw"].append(33_001), "] 33001 is not a card"),
        (1, lambda e: e["state"]["draw"].append(True), "] true is not a card"),
        (1, lambda e: e["state"]["draw"].append(0), "] 0 is not a card"),
        (1, lambda e: e["state"]["draw"].append(1.5), "] 1.5 is not a card"),
        (1, lambda e: e["state"]["sequences"][0].append(None), "state.sequences[0][7] null is not a card"),
        (1, lambda e: e["state"]["sequences"][0].append([5]), "brackets nested 5 deep"),
        (1, lambda e: e["state"].update(draw="123"), 'state.draw "123" is not a list of cards'),
        (1, lambda e: e["state"].pop("faceup"), "the state has no 'faceup'"),
        (1, lambda e: e["state"].update(colour=1), 'the state has an unknown key "colour"'),
        ("turn", lambda e: e.update(n="1"), 'n "1" is not a whole number from 0 to 100,000'),
        ("turn", lambda e: e.update(n=100_001), "n 100001 is not"),
        ("turn", lambda e: e.update(player=6), "player 6 is not a whole number from 0 to 5"),
        (
            "turn",
            lambda e: e.update(action="x" * 1_000_000),
            'action "xxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxx" (1,000,002 characters) is not one of place, ability, pass',
        ),
        ("turn", lambda e: e.update(note="x" * 1_000_000), 'the turn line has an unknown key "note"'),
        (
            "turn",
            lambda e: e.update({"x" * 1_000_000: 1}),
            'unknown key "xxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxx" (1,000,002 characters)',
        ),
        ("turn", lambda e: e.update(action="pass", card=None), "card null is not a card"),
        ("turn", lambda e: e.pop("space"), "the turn line has no 'space'"),
        ("opening", lambda e: e.pop("drawn"), "the turn line has no 'drawn'"),
        ("turn", lambda e: e.update(space="AAA"), 'space "AAA" is not a space\'s name'),
        ("turn", lambda e: e.update(event="setup"), "a second setup line"),
        (
            "turn",
            lambda e: e.update(event="x" * 100),
            'unknown event "xxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxx" (102 characters)',
        ),
        ("end", lambda e: e.update(winner=6), "winner 6 is not a whole number from 0 to 5 or null"),
        ("end", lambda e: e.update(reason="bored"), 'reason "bored" is not one of won, capped, stalled'),
    ],
)
def test_a_value_of_the_wrong_type_or_out_of_range_is_one_short_line(line: int | str, change, words: str) -> None:  # type: ignore[no-untyped-def]
    events = trace(Variant(players=3))
    turn = next(i for i, e in enumerate(events, 1) if e.get("action") == "place" and not e.get("opening"))
    n = {"opening": 2, "turn": turn, "end": len(events)}[line] if isinstance(line, str) else line
    ev = events[n - 1]
    change(ev)
    assert words in _said(json.dumps(ev).encode(), n)


def test_a_value_within_the_form_is_for_the_game_to_judge(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    events = trace(Variant(players=3))
    events[-1]["winner"] = 5  # a seat of six players: well formed, and not this game's
    assert event(json.dumps(events[-1]).encode(), len(events))["winner"] == 5
    file = tmp_path / "t.jsonl"
    file.write_bytes(lines(events))
    code, out, err = _replayed(capsys, file)
    assert (code, err) == (1, "") and out == f"illegal: trace line {len(events)}: the end disagrees with the game\n"


def test_what_is_not_a_json_object_is_one_line() -> None:
    assert "not UTF-8" in _said(b'{"event": "setup\xff"}')
    assert "not JSON" in _said(b"{not json")
    assert "not JSON" in _said(b"")  # an empty line
    assert "not JSON" in _said(b"[" + b"1" * 5000 + b"]")  # a number longer than Python reads
    assert "seed NaN is not a whole number" in _said(json.dumps(trace()[0] | {"seed": float("nan")}).encode())
    assert "not a JSON object" in _said(b"[1, 2]")
    assert "a trace starts with a setup event" in _said(b"{}")
    assert "unknown event" in _said(b'{"event": "opening"}', 3)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_value_changed_anywhere_is_replayed_or_refused_in_one_line(tmp_path_factory, data) -> None:  # type: ignore[no-untyped-def]
    events = trace(Variant(players=2, census=5, wilds=1, freeze=1), 4)
    k = data.draw(st.integers(0, len(events) - 1))
    target: object = events[k]
    path: list[object] = []
    while isinstance(target, dict | list) and target and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(target) if isinstance(target, dict) else range(len(target))))
        path.append(key)
        target = target[key]
    new = data.draw(
        st.none()
        | st.booleans()
        | st.integers(-(2**70), 2**70)
        | st.text(max_size=50)
        | st.lists(st.integers(), max_size=3)
    )
    if not path:
        events[k] = new
    else:
        holder: object = events[k]
        for key in path[:-1]:
            holder = holder[key]  # type: ignore[index]
        holder[path[-1]] = new  # type: ignore[index]
    file = tmp_path_factory.mktemp("t") / "t.jsonl"
    file.write_bytes(lines(events))
    try:
        found = replay_file(file)
    except CardgenError as e:
        message = str(e)  # not a trace: exit 2
    else:
        message = found.text()
    assert "\n" not in message and len(message) < 200, message


# --- replaying a file: exit 2, 1 or 0 -----------------------------------------------------------------------


def _replayed(capsys, file: Path) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    return cli(capsys, "simulate", "--replay", str(file))


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"[" * 100_000 + b"]" * 100_000 + b"\n", "trace line 1: brackets nested 100,000 deep"),
        (b"{}\n" * 3_000_000, "trace line 1: a trace starts with a setup event"),  # refused at once, not all read
        (b"", "is empty"),
        (b"\n", "trace line 1: not JSON"),
        (b"x" * (MAX_LINE_BYTES + 10), "trace line 1: longer than 3,145,728 bytes"),
    ],
)
def test_a_file_that_is_not_a_trace_is_exit_2_in_one_line(capsys, tmp_path, content: bytes, words: str) -> None:  # type: ignore[no-untyped-def]
    file = tmp_path / "t.jsonl"
    file.write_bytes(content)
    code, out, err = _replayed(capsys, file)
    assert (code, out) == (2, "") and err.count("\n") == 1 and words in err and len(err) < 160, err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a FIFO")
def test_a_pipe_or_a_device_is_refused_without_reading_it(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    fifo = tmp_path / "t.jsonl"
    os.mkfifo(fifo)
    for file in (fifo, Path("/dev/zero")):
        code, out, err = _replayed(capsys, file)
        assert (code, out) == (2, "") and err.count("\n") == 1 and "not a regular file" in err, err


def test_wrong_types_are_exit_2_never_1_nor_legal(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The issue's cases: a seed "x" and a max_turns of 10^9 were legal, a card "x" in a state illegal."""
    file = tmp_path / "t.jsonl"
    cases: list[tuple[int, Callable[[Any], object], str]] = [
        (0, lambda e: e.update(seed="x"), 'seed "x"'),
        (0, lambda e: e["variant"].update(max_turns=10**9), "variant.max_turns 1000000000"),
        (3, lambda e: e["state"]["draw"].__setitem__(0, "x"), 'state.draw[0] "x" is not a card'),
        (6, lambda e: e.update(player="0"), 'player "0" is not'),
        (6, lambda e: e.update(action="x" * 1_000_000), "(1,000,002 characters)"),
    ]
    for k, change, words in cases:
        events = trace()
        change(events[k])
        file.write_bytes(lines(events))
        code, out, err = _replayed(capsys, file)
        assert (code, out) == (2, "") and err.startswith(f"error: trace line {k + 1}: ") and words in err, err
        assert len(err) < 160


def test_exit_1_is_only_for_a_well_formed_trace(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    events = trace()
    k = next(i for i, e in enumerate(events) if e.get("action") == "place" and not e.get("opening"))
    events[k]["space"] = "A" if events[k]["space"] != "A" else "B"  # an illegal game, well formed
    file = tmp_path / "t.jsonl"
    file.write_bytes(lines(events))
    code, out, err = _replayed(capsys, file)
    assert (code, err) == (1, "") and out.startswith(f"illegal: trace line {k + 1}: ")
    assert f'"lines": {len(events)}' in cli(capsys, "simulate", "--replay", str(file), "--json")[1]  # all read
    file.write_bytes(lines(events) + b"{not json\n")  # and a line after it that is not a trace's
    code, out, err = _replayed(capsys, file)
    assert (code, out) == (
        2,
        "",
    ) and err == f"error: trace line {len(events) + 1}: not JSON (a trace holds one JSON object a line)\n"
    file.write_bytes(lines(events) + b"[" * 100_000 + b"\n")
    assert _replayed(capsys, file)[0] == 2


def test_a_trace_has_at_most_the_lines_of_the_longest_game(capsys, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    events = trace()
    file = tmp_path / "t.jsonl"
    file.write_bytes(lines(events))
    monkeypatch.setattr(traces, "MAX_LINES", len(events))
    assert _replayed(capsys, file)[0] == 0
    monkeypatch.setattr(traces, "MAX_LINES", len(events) - 1)
    code, out, err = _replayed(capsys, file)
    assert (code, out) == (2, "") and f"trace line {len(events)}: a trace has at most {len(events) - 1} lines" in err
    # a trace whose game is illegal, with more lines than any game has: not a trace (read for form to the end)
    monkeypatch.setattr(traces, "MAX_LINES", len(events) + 5)
    file.write_bytes(lines(events[:-1] + events[-2:-1] * 10))
    code, out, err = _replayed(capsys, file)
    assert code == 2 and f"trace line {len(events) + 6}: a trace has at most" in err


def test_a_trace_written_with_spaces_and_an_issue_only_end_replays(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    events = trace(Variant(players=3), 5)
    del events[-1]["reason"]
    file = tmp_path / "t.jsonl"
    file.write_bytes(b"".join(json.dumps(e, indent=None, separators=(", ", ": ")).encode() + b"\r\n" for e in events))
    code, out, _ = _replayed(capsys, file)
    assert code == 0 and out.startswith(f"legal: {len(events)} lines, 3 players, {events[-1]['turns']} turns")
    assert "ended" not in out


# --- writing and reading a line at a time ------------------------------------------------------------------


_PEAK = (  # a command run in a child forked from a small Python, whose peak memory (ru_maxrss) is then its own
    "import os, resource, sys\n"
    "from cardgen.cli import run\n"
    "pid = os.fork()\n"
    "if pid == 0:\n"
    "    code = run(sys.argv[1:])\n"
    "    sys.stdout.flush(), sys.stderr.flush()\n"
    "    os._exit(code)\n"
    "_, status = os.waitpid(pid, 0)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    "sys.exit(os.waitstatus_to_exitcode(status))\n"
)


def _peak(tmp_path: Path, *args: str) -> int:
    """Peak memory of ``cardgen simulate ARGS``, in bytes."""
    done = subprocess.run(
        [sys.executable, "-c", _PEAK, "simulate", *args], capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return int(done.stdout.split()[-1]) * 1024  # (kB on Linux)


def test_a_trace_is_written_and_replayed_in_memory_that_does_not_grow_with_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Random moves on a pack of 13,000 cards (a line of 75 kB, the draw pile on every line) until the turn
    cap: a long game's trace is written and replayed in the memory of a short one's (keeping the events,
    or the file, would take several times the trace's size more)."""
    game = ("--pattern", "one", "--census", "26", "--copies", "40", "--bot", "random", "--trace", "t.jsonl")
    short = _peak(tmp_path, *game, "--max-turns", "5")
    first = (tmp_path / "t.jsonl").read_bytes().split(b"\n")[0]
    assert len(first) > 1 << 16  # a first line longer than 64 KiB: the file is still known for a trace
    long = _peak(tmp_path, *game, "--max-turns", "100")  # over the short one's trace
    size = (tmp_path / "t.jsonl").stat().st_size
    assert size > 7_000_000 and len((tmp_path / "t.jsonl").read_bytes().splitlines()) == 1 + 4 + 100 + 1
    replayed = _peak(tmp_path, "--replay", "t.jsonl")
    assert long - short < size / 2, (short, long, size)
    assert replayed - short < size / 2, (short, replayed, size)


def test_a_stopped_trace_leaves_nothing_and_grew_while_the_game_was_played(tmp_path) -> None:  # type: ignore[no-untyped-def]
    args = ("--bot", "random", "--pattern", "one", "--census", "12", "--players", "2", "--max-turns", "100000")
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "simulate", *args, "--trace", "t.jsonl"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    growing: list[Path] = []
    while time.monotonic() < deadline and not any(p.stat().st_size > 100_000 for p in growing):
        growing = [p for p in tmp_path.iterdir() if p.name.startswith(f".cardgen-trace-{proc.pid}-")]
        time.sleep(0.05)
    assert growing and growing[0].name.endswith(".tmp"), "no trace written while the game was played"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err, err
    assert "interrupted: 0 of 1 games played" in err and "wrote" not in err
    assert os.listdir(tmp_path) == []  # no trace, no hidden file
