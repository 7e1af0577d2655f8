"""Tests of the simulation core (cardgen.rules.got.simulation): records, summaries, seeds, traces, replay."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace as dc_replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.got.play import Variant
from cardgen.rules.got.simulation import GameRecord, TraceError, play_game, play_games, replay, summarise
from cardgen.rules.got.variant import rules_of
from cardgen.rules.shared import game_seed
from tests.test_play import variants

STATE_KEYS = {"sequences", "draw", "faceup", "discard"}


DEFAULT = Variant()


def trace(variant: Variant = DEFAULT, seed: int = 1, bots: str = "good") -> list[dict[str, object]]:
    record = play_game(variant, game_seed(seed, 0), bots, trace=True)
    return json.loads(json.dumps(list(record.events)))  # as a JSON Lines reader would see it


# --- seeds and determinism ----------------------------------------------------------------------


def test_game_seeds_are_fixed_and_distinct() -> None:
    seeds = {game_seed(s, i) for s in range(5) for i in range(200)}
    assert len(seeds) == 1000
    assert all(0 <= x < 2**64 for x in seeds)
    assert game_seed(-1, 3) == game_seed(-1, 3)


def test_splitting_a_run_gives_the_same_games() -> None:
    v = Variant(players=3)
    whole = play_games(v, 42, range(12))
    parts = play_games(v, 42, range(5, 12)) + play_games(v, 42, range(0, 5))
    assert sorted(whole, key=lambda r: r.seed) == sorted(parts, key=lambda r: r.seed)
    shuffled = list(whole)
    random.Random(0).shuffle(shuffled)
    assert summarise(shuffled) == summarise(whole)


def test_same_seed_in_another_process_gives_the_same_record() -> None:
    """Hash randomisation differs between processes: the game must not depend on it."""
    code = (
        "from cardgen.rules.got.simulation import play_game; from cardgen.rules.shared import game_seed; from cardgen.rules.got.play import Variant;"
        "r = play_game(Variant(pattern='three', census=5, apply='any', wilds=2, freeze=1), game_seed(3, 4), trace=True);"
        "import json; print(json.dumps([r.winner, r.turns, list(r.kinds), r.events[-2]['state']]))"
    )
    outs = set()
    for hashseed in ("1", "2"):
        env = {"PYTHONHASHSEED": hashseed, "PATH": ""}
        outs.add(
            subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
        )
    assert len(outs) == 1


@settings(max_examples=15)
@given(variants, st.integers(0, 2**32), st.sampled_from(["random", "good"]))
def test_same_seed_same_record(variant: Variant, seed: int, bots: str) -> None:
    assert play_game(variant, seed, bots, trace=True) == play_game(variant, seed, bots, trace=True)


# --- records --------------------------------------------------------------------------------------


def test_a_record_counts_what_its_trace_shows() -> None:
    v = Variant(pattern="one", census=3, players=2, freeze=1, apply="any", max_turns=400)
    for i in range(10):
        record = play_game(v, game_seed(5, i), "random", trace=True)
        turns = [e for e in record.events if e["event"] == "turn" and not e.get("opening")]
        assert len(turns) == record.turns
        abilities = [e for e in turns if e["action"] == "ability"]
        assert sum(n for _, n in record.kinds) == len(abilities)
        assert record.places == sum(e["action"] == "place" for e in turns)
        assert record.passes == sum(e["action"] == "pass" for e in turns)
        assert record.freezes == sum("freeze" in e for e in turns)
        assert record.reshuffles == sum(bool(e.get("reshuffled")) for e in turns)
        assert record.exhaustions >= record.reshuffles
        end = record.events[-1]
        assert end == {"event": "end", "winner": record.winner, "turns": record.turns, "reason": record.reason}


def test_capped_games_are_reported() -> None:
    record = play_game(Variant(max_turns=3), 1, "random")
    assert record.capped and record.winner is None and record.turns == 3 and record.reason == "capped"


def test_a_small_pack_runs_out() -> None:
    records = play_games(Variant(pattern="one", census=3, players=2, max_turns=300), 8, range(20), "random")
    assert any(r.exhaustions for r in records)
    assert all(r.reshuffles <= r.exhaustions for r in records)


def test_bots_per_seat() -> None:
    record = play_game(Variant(players=3), 1, ["good", "random", "good"])
    assert record.bots == ("good", "random", "good")
    with pytest.raises(CardgenError, match="2 bots for 3 players"):
        play_game(Variant(players=3), 1, ["good", "random"])


# --- summaries --------------------------------------------------------------------------------------


def _record(winner: int | None, turns: int, **kw: object) -> GameRecord:
    base = GameRecord(
        seed=0,
        variant=Variant(players=2),
        bots=("good", "good"),
        winner=winner,
        turns=turns,
        capped=winner is None,
        stalled=False,
        exhaustions=0,
        reshuffles=0,
        kinds=(),
        places=turns,
        passes=0,
        freezes=0,
    )
    return dc_replace(base, **kw)  # type: ignore[arg-type]


def test_summary_by_hand() -> None:
    records = [
        _record(0, 8, kinds=(("swap", 3),)),
        _record(1, 12, kinds=(("remove", 1), ("swap", 2)), exhaustions=2, reshuffles=2),
        _record(0, 16),
        _record(None, 100),
    ]
    s = summarise(records)
    # turns per player over the won games: 4, 6, 8
    assert (s.turns_per_player_median, s.turns_per_player_p10, s.turns_per_player_p90) == pytest.approx((6, 4.4, 7.6))
    assert s.games == 4 and s.won == 3 and s.capped == 1 and s.stalled == 0
    assert s.wins == (2, 1) and s.win_share == (0.5, 0.25)
    assert dict(s.ability_uses) == {"swap": 5, "remove": 1}
    assert s.exhausted_games == 1 and s.exhaustions == 2
    d = json.loads(json.dumps(s.to_dict()))
    assert d["turns_per_player"]["median"] == 6
    assert d["ability_uses_per_game"] == {"remove": 0.25, "swap": 1.25}
    assert d["ability_share"]["swap"] == pytest.approx(5 / 6)
    assert d["exhausted_share"] == 0.25


def test_summary_of_no_winner_and_of_nothing() -> None:
    s = summarise([_record(None, 10)])
    assert s.turns_per_player_median is None and s.to_dict()["turns_per_player"]["p90"] is None
    with pytest.raises(CardgenError):
        summarise([])


# --- traces ----------------------------------------------------------------------------------------


def test_trace_shape() -> None:
    events = trace(Variant(), 3)
    setup, end = events[0], events[-1]
    assert set(setup) == {"event", "pattern", "census", "copies", "players", "variant", "seed", "state"}
    assert (setup["pattern"], setup["census"], setup["copies"], setup["players"]) == ("two", 7, 3, 4)
    assert set(end) == {"event", "winner", "turns", "reason"}
    assert [e["event"] for e in events] == ["setup"] + ["turn"] * (len(events) - 2) + ["end"]  # the issue's events only
    assert setup["variant"]["census"] == 7 and setup["variant"]["copies"] == 3  # type: ignore[index]
    opening = [e for e in events if e.get("opening")]
    turns = [e for e in events if e["event"] == "turn" and not e.get("opening")]
    assert events[1 : 1 + len(opening)] == opening and [e["n"] for e in opening] == [0, 0, 0, 0]
    assert [e["n"] for e in turns] == list(range(1, len(turns) + 1)) and len(turns) == end["turns"]
    for e in events[1:-1]:
        assert set(e["state"]) == STATE_KEYS  # type: ignore[arg-type]
        if e["event"] == "turn" and e["action"] == "place":
            assert {"event", "n", "player", "action", "card", "space", "state"} <= set(e)
            assert isinstance(e["space"], str) and len(e["space"]) == 1
        if e["event"] == "turn" and e["action"] == "ability":
            assert {"event", "n", "player", "action", "card", "target", "spaces", "state"} <= set(e)
            assert e["target"] == e["player"]  # factory rules: one's own sequence
    assert [e["player"] for e in opening] == [0, 1, 2, 3] and {e["action"] for e in opening} == {"place"}
    assert [len(e["drawn"]) for e in opening] == [1, 2, 3, 4]
    assert all(e["card"] in e["drawn"] for e in opening)  # type: ignore[operator]


def test_setup_state_is_the_deal_and_every_state_is_the_whole_pack() -> None:
    events = trace(Variant(players=3), 9)
    size = 56  # pattern two for three players: 2 copies of its 28 abilities
    for e in events[:-1]:
        state = e["state"]
        cards = [c for s in state["sequences"] for c in s] + state["draw"] + state["faceup"] + state["discard"]  # type: ignore[index, operator]
        assert sorted(cards) == list(range(1, size + 1))
    setup = events[0]["state"]
    assert setup["faceup"] == [] and setup["discard"] == []  # type: ignore[index]
    assert all(s == sorted(s, reverse=True) for s in setup["sequences"])  # type: ignore[index]


def test_3x3_freeze_and_wild_traces_say_so() -> None:
    events = trace(Variant(pattern="2d", wilds=4, freeze=2, apply="any", max_turns=200), 4, "random")
    assert all(len(s) == 9 for s in events[0]["state"]["sequences"])  # type: ignore[index]
    assert "frozen" in events[0]["state"] and "tokens" in events[0]["state"]  # type: ignore[operator]
    spaces = [s for e in events if e.get("action") == "ability" for s in e["spaces"]]  # type: ignore[attr-defined]
    assert spaces and all(len(s) == 2 and s[0] in "ABC" and s[1] in "DEF" for s in spaces)
    freezes = [e for e in events if "freeze" in e]
    assert freezes and all(e["event"] == "turn" for e in freezes)
    for e in freezes:
        assert e["freeze"] in e["state"]["frozen"][e["player"]]  # type: ignore[index]
    assert replay(events)


@settings(max_examples=30)
@given(variants, st.integers(0, 2**32), st.sampled_from(["random", "good"]))
def test_every_trace_replays(variant: Variant, seed: int, bots: str) -> None:
    record = play_game(variant, seed, bots, trace=True)
    events = json.loads(json.dumps(list(record.events)))
    assert replay(events)
    pack = sorted(rules_of(variant).cards)
    for e in events[:-1]:  # every state holds the whole pack, each sequence its census
        state = e["state"]
        assert all(len(seq) == rules_of(variant).census for seq in state["sequences"])
        cards = [c for seq in state["sequences"] for c in seq] + state["draw"] + state["faceup"] + state["discard"]
        assert sorted(0 if c == "W" else c for c in cards) == pack


def _tampered(events: list[dict[str, object]], line: int, words: str) -> None:
    with pytest.raises(CardgenError, match=rf"trace line {line}: .*{words}"):
        replay(events)


def _first(events: list[dict[str, object]], **match: object) -> int:
    return next(i for i, e in enumerate(events) if all(e.get(k) == v for k, v in match.items()))


def test_a_tampered_card_is_refused_naming_the_line() -> None:
    events = trace()
    i = _first(events, event="turn", action="place")
    events[i]["card"] = 999
    _tampered(events, i + 1, "")


def test_a_tampered_space_or_target_is_refused() -> None:
    events = trace()
    i = _first(events, event="turn", action="ability")
    events[i]["target"] = (events[i]["player"] + 1) % 4  # type: ignore[operator]
    _tampered(events, i + 1, "not a legal move")
    events = trace()
    i = _first(events, event="turn", action="place")
    events[i]["space"] = "A" if events[i]["space"] != "A" else "B"
    _tampered(events, i + 1, "state")


def test_a_tampered_state_or_order_is_refused() -> None:
    events = trace()
    i = _first(events, event="turn")
    events[i]["state"]["draw"] = list(reversed(events[i]["state"]["draw"]))  # type: ignore[index]
    _tampered(events, i + 1, "state")
    events = trace()
    i = _first(events, event="turn")
    events[i], events[i + 1] = events[i + 1], events[i]
    _tampered(events, i + 1, "")


def test_a_tampered_setup_opening_or_end_is_refused() -> None:
    events = trace()
    seqs = events[0]["state"]["sequences"]  # type: ignore[index]
    seqs[0][0], seqs[0][1] = seqs[0][1], seqs[0][0]
    _tampered(events, 1, "descending")
    events = trace()
    events[1]["drawn"] = [999]
    _tampered(events, 2, "drawn")
    events = trace()
    events[-1]["winner"] = (events[-1]["winner"] + 1) % 4  # type: ignore[operator]
    _tampered(events, len(events), "end")
    events = trace()
    _tampered(events[:-1], len(events), "no end")
    events = trace()
    events.append(events[-1])
    _tampered(events, len(events) - 1, "follow the end")


def test_a_forged_reshuffle_is_refused() -> None:
    v = Variant(pattern="one", census=3, players=2, max_turns=300)
    for i in range(40):
        events = json.loads(json.dumps(list(play_game(v, game_seed(8, i), "random", trace=True).events)))
        hits = [k for k, e in enumerate(events) if e.get("reshuffled")]
        if hits:
            break
    else:
        pytest.fail("no reshuffle in 40 games")
    k = hits[0]
    events[k]["state"]["draw"][0] = events[k]["state"]["sequences"][0][0]  # a card that was not discarded
    _tampered(events, k + 1, "draw pile")


def test_every_share_is_played_when_all_in_flight_finish_at_once(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A loaded machine may see every share in flight finish before the run looks: the run
    must go on handing out the rest (it once stopped there, with a quarter of the games)."""
    import concurrent.futures

    from cardgen.simulate import run as running
    from cardgen.simulate.settings import request

    def all_at_once(futures, timeout, return_when):  # type: ignore[no-untyped-def]
        done, _ = concurrent.futures.wait(futures, return_when=concurrent.futures.ALL_COMPLETED)
        return done, set()

    monkeypatch.setattr(running, "wait", all_at_once)
    req = request("got", {}, ["census=4..5", "players=2..3"], games=20, seed=1)
    outcome = running.run(req, workers=2)
    assert not outcome.interrupted
    assert [t.games for t in outcome.tallies] == [20, 20, 20, 20]


# --- traces as the issue writes them ---------------------------------------------------------------


ISSUE_SETUP = {"event", "pattern", "census", "copies", "players", "state"}


def _issue_only(events: list[dict[str, object]]) -> list[dict[str, object]]:
    """The trace with its setup cut to the issue's keys (a referee's own writer would stop there)."""
    return [{k: v for k, v in events[0].items() if k in ISSUE_SETUP}, *events[1:]]


@pytest.mark.parametrize(
    "variant",
    [
        Variant(),
        Variant(pattern="one", census=5, players=3, wilds=2, freeze=1),
        Variant(pattern="three", census=5, players=3, packs=2),
        Variant(pattern="2d", players=2),
    ],
)
def test_a_setup_with_only_the_issues_keys_replays(variant: Variant) -> None:
    events = trace(variant, 6)
    played = rules_of(variant)
    assert (events[0]["variant"]["census"], events[0]["variant"]["copies"]) == (played.census, played.copies)  # type: ignore[index]
    assert rules_of(Variant.from_dict(events[0]["variant"])).cards == played.cards  # type: ignore[arg-type]
    assert replay(_issue_only(events))


def test_a_setup_without_an_issue_key_is_not_a_trace() -> None:
    for key in ("pattern", "census", "copies", "players", "state"):
        events = _issue_only(trace())
        del events[0][key]
        with pytest.raises(TraceError, match=f"^trace line 1: the setup line has no '{key}'$"):
            replay(events)


def test_lines_that_are_not_a_traces_are_trace_errors_and_illegal_games_are_not() -> None:
    def broken(line: int, change: Callable[[dict[str, object]], object]) -> list[dict[str, object]]:
        events = trace()
        change(events[line])
        return events

    i = _first(trace(), event="turn", action="ability")
    for events, words in (
        (broken(1, lambda e: e.pop("action")), "has no 'action'"),
        (broken(i, lambda e: e.pop("n")), "has no 'n'"),
        (broken(len(trace()) - 1, lambda e: e.pop("winner")), "the end line has no 'winner'"),
        (broken(1, lambda e: e.update(event="opening")), 'unknown event "opening"'),
        (broken(i, lambda e: e.update(spaces="AB")), "spaces must be a list"),
        (broken(i, lambda e: e.update(action="jump")), 'unknown action "jump"'),
        (broken(1, lambda e: e.update(state=[])), "state is not an object"),
        (broken(0, lambda e: e["variant"].update(players="four")), "not a variant"),  # type: ignore[attr-defined]
        (_issue_only(broken(0, lambda e: e.update(players="four"))), "not a variant"),
    ):
        with pytest.raises(TraceError, match=words):
            replay(events)
    events = broken(i, lambda e: e.update(card=1))  # a real card, not face up: a game the rules refuse
    with pytest.raises(CardgenError) as caught:
        replay(events)
    assert not isinstance(caught.value, TraceError)


def test_a_swap_may_be_written_either_way_round() -> None:
    events = trace()
    i = next(k for k, e in enumerate(events) if e.get("action") == "ability" and len(e["spaces"]) == 2)  # type: ignore[arg-type]
    a, b = events[i]["spaces"]  # type: ignore[misc]
    events[i]["spaces"] = [b, a]
    assert replay(events)
    # across two sequences the order says whose card is whose: the other way round is another swap
    events = trace(Variant(pattern="three", census=5, players=3, same_sequence=False), 2)
    i = next(k for k, e in enumerate(events) if "with" in e)
    a, b = events[i]["spaces"]  # type: ignore[misc]
    events[i]["spaces"] = [b, a]
    with pytest.raises(CardgenError, match=f"trace line {i + 1}: ") as caught:
        replay(events)
    assert not isinstance(caught.value, TraceError)
