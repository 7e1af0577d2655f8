"""Simulated SuperTrain: tallies that merge in any order, the same figures on any number of workers,
the same deals without the wild tiles, and traces that replay legally (and illegal ones caught)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardgen.errors import CardgenError
from cardgen.rules.shared import game_seed
from cardgen.rules.supertrain.play import NAME, WILD, deal
from cardgen.rules.supertrain.simulation import Setup, Tally, play_game, play_pair, sentence
from cardgen.rules.supertrain.traces import Replayer, TraceError
from cardgen.simulate import supertrain as st


def events_of(setup: Setup, seed: int, bot: str = "good") -> list[dict]:  # type: ignore[type-arg]
    out: list[dict] = []  # type: ignore[type-arg]
    play_game(setup, seed, bot, on_event=out.append)
    return out


def replay(events: list[dict]) -> None:  # type: ignore[type-arg]
    r = Replayer()
    for n, e in enumerate(events, 1):
        r.feed(e, n)
    r.finish(len(events) + 1)


# --- counting ---


def test_tallies_merge_to_the_same_figures_in_any_order() -> None:
    pairs = [play_pair(Setup(players=3, rounds=3), game_seed(9, i)) for i in range(8)]
    whole = Tally(3)
    for a, b in pairs:
        whole.add(a, b)
    parts = [Tally(3) for _ in range(3)]
    for k, (a, b) in enumerate(pairs):
        parts[k % 3].add(a, b)
    shuffled = parts[2].merge(parts[0]).merge(parts[1])
    assert shuffled.summary() == whole.summary() and shuffled.summary().games == 8


def test_a_game_depends_only_on_its_seed() -> None:
    assert play_game(Setup(players=4, rounds=2), 77) == play_game(Setup(players=4, rounds=2), 77)
    assert events_of(Setup(players=4, rounds=2), 77) == events_of(Setup(players=4, rounds=2), 77)


def test_the_plain_game_is_played_on_the_same_deals() -> None:
    wild = events_of(Setup(players=2, rounds=2), 5)
    plain = events_of(Setup(players=2, rounds=2, wilds=False), 5)
    deals = [e for e in wild if e["event"] == "round"], [e for e in plain if e["event"] == "round"]
    for w, p in zip(*deals):
        for hand, new in zip(w["hands"], p["hands"]):
            kept = [t for t in hand if "Train" not in t]
            assert new[: len(kept)] == kept and not any("Train" in t for t in new)


def test_the_paired_difference_is_the_rounds_turns_with_less_without() -> None:
    a, b = play_pair(Setup(players=4, rounds=3), 3)
    assert b is not None
    t = Tally(4)
    t.add(a, b)
    diffs = [x.turns - y.turns for x, y in zip(a.rounds, b.rounds)]
    s = t.summary()
    assert s.pairs == 3 and s.diff_mean == pytest.approx(sum(diffs) / 3)
    assert sentence(s).startswith(f"a round takes about {int(s.wild['turns']['median'] + 0.5)} turns with 4 players")  # type: ignore[index]


def test_without_wilds_there_are_no_action_figures_and_13_rounds_at_most() -> None:
    g = play_game(Setup(players=3, rounds=14, wilds=False), 1)
    assert len(g.rounds) == 13
    t = Tally(3)
    t.add(g)
    s = t.summary()
    assert s.wild is None and s.plain is not None and "actions" not in s.plain and s.pairs == 0


@pytest.mark.every_core
def test_the_same_figures_on_one_worker_or_two() -> None:
    req = st.request({"players": 3, "rounds": 2}, [], games=12, seed=4)
    one = st.report_json(st.run(req, workers=1))
    two = st.report_json(st.run(req, workers=2))
    assert one == two and json.loads(one)["played"] == 12


def test_a_sweep_of_players_gives_one_row_each() -> None:
    req = st.request({"rounds": 1}, ["players=2..4"], games=3, seed=1)
    out = st.run(req, workers=1)
    header, rows = st.sweep_rows(out)
    assert header[0] == "players" and [r[0] for r in rows] == ["2", "3", "4"]


@pytest.mark.parametrize(
    "options, sweep, message",
    [
        ({"census": 5}, [], "--census is not an option of SuperTrain"),
        ({"players": 9}, [], "players 9 is out of range"),
        ({"rounds": 15}, [], "rounds 15 is out of range"),
        ({"bot": "clever"}, [], "unknown bot 'clever'"),
        ({}, ["wilds=1"], "no option 'wilds' to sweep"),
        ({"players": 3}, ["players=2..4"], "players is given twice"),
        ({}, ["players=x"], "players 'x' is not a whole number"),
    ],
)
def test_bad_requests_are_one_line(options, sweep, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CardgenError, match=message):
        st.request(options, sweep, games=1, seed=1)


# --- traces ---


@pytest.mark.parametrize("players, wilds, bot", [(2, True, "good"), (5, True, "random"), (8, False, "good")])
def test_traces_replay_legally(players: int, wilds: bool, bot: str) -> None:
    replay(events_of(Setup(players=players, rounds=4, wilds=wilds), 21, bot))


def _first(events: list[dict], kind: str) -> int:  # type: ignore[type-arg]
    return next(i for i, e in enumerate(events) if e["event"] == kind)


def test_a_play_the_rules_refuse_names_its_line() -> None:
    events = events_of(Setup(players=3, rounds=1), 2)
    i = _first(events, "play")
    bad = dict(events[i], tile="0-0" if events[i]["tile"] != "0-0" else "1-0")
    with pytest.raises(CardgenError, match=f"trace line {i + 1}: "):
        replay([*events[:i], bad, *events[i + 1 :]])


def test_a_draw_the_pile_does_not_give_is_caught() -> None:
    events = events_of(Setup(players=2, rounds=2), 6)
    i = _first(events, "draw")
    bad = dict(events[i], tile="Train-Train" if events[i]["tile"] != "Train-Train" else "0-0")
    with pytest.raises(CardgenError, match=f"trace line {i + 1}: the rules make this happen next"):
        replay([*events[:i], bad, *events[i + 1 :]])


def test_a_dealt_tile_twice_is_not_a_deal() -> None:
    events = events_of(Setup(players=2, rounds=1), 3)
    deal_line = dict(events[1])
    hands = [list(h) for h in deal_line["hands"]]
    hands[1][0] = hands[0][0]
    with pytest.raises(CardgenError, match="trace line 2: not a deal of the set"):
        replay([events[0], dict(deal_line, hands=hands), *events[2:]])


def test_a_trace_cut_short_or_with_a_wrong_total_is_illegal() -> None:
    events = events_of(Setup(players=2, rounds=1), 3)
    with pytest.raises(CardgenError, match="stops before the end of the game"):
        replay(events[:-1])
    with pytest.raises(CardgenError, match="the game ends as"):
        replay([*events[:-1], dict(events[-1], totals=[0, 0])])


@pytest.mark.parametrize(
    "line, message",
    [
        ({"event": "setup", "game": "got"}, "not a SuperTrain trace"),
        ({"event": "setup", "game": "supertrain", "players": "4", "rounds": 1, "wilds": True}, "players must be"),
        ({"event": "setup", "game": "supertrain", "players": 4, "rounds": 1}, "has no 'wilds'"),
        (["not", "an", "object"], "not a JSON object"),
        ({"event": "turn"}, "starts with a setup event"),
    ],
)
def test_a_line_that_is_no_event_is_a_trace_error(line, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TraceError, match=message):
        Replayer().feed(line, 1)


def test_a_trace_file_is_written_whole_and_replayed(tmp_path: Path) -> None:
    req = st.request({"players": 3, "rounds": 2}, [], games=1, seed=8)
    path = tmp_path / "game.jsonl"
    outcome, lines = st.write_trace(path, req)
    text = path.read_text("utf-8").splitlines()
    assert len(text) == lines and json.loads(text[0])["event"] == "setup" and outcome.played == 1
    assert [p.name for p in tmp_path.iterdir()] == ["game.jsonl"]  # no hidden file left
    found = st.replay_file(path)
    assert found.legal and found.rounds == 2 and found.players == 3
    events = [json.loads(x) for x in text]
    i = _first(events, "play")
    events[i]["laid"] = events[i]["left"]
    path.write_text("".join(json.dumps(e) + "\n" for e in events), "utf-8")
    bad = st.replay_file(path)
    assert not bad.legal and bad.error.startswith(f"trace line {i + 1}:")


def test_a_trace_never_replaces_a_file_that_is_not_one(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", "utf-8")
    req = st.request({"players": 2, "rounds": 1}, [], games=1, seed=1)
    with pytest.raises(CardgenError, match="holds something else than a trace"):
        st.write_trace(notes, req)
    assert notes.read_text("utf-8") == "my notes\n"


@pytest.mark.parametrize(
    "data, message",
    [(b"", "is empty"), (b"{not json\n", "trace line 1: not JSON"), (b"\xff\xfe\n", "trace line 1: not UTF-8")],
)
def test_a_file_that_is_no_trace_is_one_line(tmp_path: Path, data: bytes, message: str) -> None:
    path = tmp_path / "x.jsonl"
    path.write_bytes(data)
    with pytest.raises(TraceError, match=message):
        st.replay_file(path)


def test_deals_are_the_engines_whatever_the_bot() -> None:
    rng = random.Random(0)
    for _ in range(5):
        seed, r = rng.randrange(1 << 30), rng.randrange(1, 14)
        a, b = (
            events_of(Setup(players=3, rounds=r), seed, "good"),
            events_of(Setup(players=3, rounds=r), seed, "random"),
        )
        assert [e for e in a if e["event"] == "round"] == [e for e in b if e["event"] == "round"]
        hands, pile = deal(3, 1, seed)
        assert a[1]["hands"][0] == [NAME[t] for t in hands[0]] and not all(WILD[t] for t in pile)
