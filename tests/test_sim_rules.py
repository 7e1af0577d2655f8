"""The pure parts of ``cardgen simulate``: tallies (the same figures however the games are split),
Amtrak records and summaries, sweeps, the handout sentence, and the charts' drawings."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from cardgen.errors import CardgenError
from cardgen.layout.charts import ACCENT, BELOW, ZERO, bars, heat_map, histogram, ticks, value_bars
from cardgen.layout.shapes import Drawing, Line, Rect, Text, walk
from cardgen.render import render
from cardgen.rules.amtrak.play import AmtrakSetup
from cardgen.rules.amtrak.scoring import bonus, compare, parse_car, score_train
from cardgen.rules.amtrak.simulation import SHARE, AmtrakRecord, AmtrakTally, amtrak_sentence, play_amtrak, play_amtraks
from cardgen.rules.got.figures import sentence
from cardgen.rules.got.play import Variant
from cardgen.rules.got.simulation import play_games, summarise
from cardgen.rules.got.tally import Tally
from cardgen.rules.shared import game_seed, percent, percentile, wilson
from cardgen.simulate.settings import options_of
from cardgen.simulate.sweep import MAX_SETTINGS, grid, parse_sweep
from tests.test_play import variants

# --- tallies ------------------------------------------------------------------------------------


@settings(max_examples=12)
@given(variants, st.integers(0, 2**20), st.integers(1, 4), st.sampled_from(["good", "random"]))
def test_a_tally_split_anyhow_is_summarise(variant: Variant, seed: int, parts: int, bot: str) -> None:
    records = play_games(replace(variant, max_turns=min(variant.max_turns, 300)), seed, range(9), bot)
    random.Random(seed).shuffle(records)
    tallies = [Tally(records[0].variant.players) for _ in range(parts)]
    for i, r in enumerate(records):
        tallies[i % parts].add(r)
    merged = tallies[0]
    for t in reversed(tallies[1:]):
        merged = t.merge(merged)
    assert merged.summary() == summarise(records)
    assert sum(merged.length_histogram().values()) == merged.summary().won


def test_percentile_matches_the_list_it_counts() -> None:
    rng = random.Random(3)
    for _ in range(200):
        values = [rng.randrange(1, 60) for _ in range(rng.randrange(1, 30))]
        counts: dict[int, int] = {}
        for v in values:
            counts[v] = counts.get(v, 0) + 1
        ordered = sorted(v / 4 for v in values)
        for q in (0.1, 0.5, 0.9):
            pos = q * (len(ordered) - 1)
            low = int(pos)
            high = min(low + 1, len(ordered) - 1)
            assert percentile(counts, q, 4) == ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def test_wilson_interval() -> None:
    low, high = wilson(398, 1000)
    assert 0.367 < low < 0.369 and 0.428 < high < 0.429
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_tallies_of_different_tables_do_not_mix() -> None:
    with pytest.raises(CardgenError, match="different numbers of players"):
        Tally(2).merge(Tally(3))
    with pytest.raises(CardgenError, match="no games"):
        Tally(2).summary()


# --- Amtrak records and tallies -------------------------------------------------------------------


def test_amtrak_tallies_merge_to_the_same_figures_in_any_order() -> None:
    for players in (1, 3):
        records = play_amtraks(AmtrakSetup(players=players), 4, range(40))
        whole = AmtrakTally(players)
        for r in records:
            whole.add(r)
        halves = [AmtrakTally(players), AmtrakTally(players)]
        for i, r in enumerate(reversed(records)):
            halves[i % 2].add(r)
        assert halves[1].merge(halves[0]).summary() == whole.summary()
        assert whole.games == 40


def _record(places: tuple[int, ...], scores: tuple[int, ...], **kw: object) -> AmtrakRecord:
    base = AmtrakRecord(
        seed=0,
        setup=AmtrakSetup(players=len(places)),
        bots=("good",) * len(places),
        turns=30,
        extra_turns=2,
        capped=False,
        trains=(("K/7",),) * len(places),
        scores=scores,
        bonuses=(None,) * len(places),
        places=places,
        tie_break=False,
        won=False,
        missing=(),
        deck_left=0,
    )
    return replace(base, **kw)  # type: ignore[arg-type]


def test_a_shared_first_place_is_split_exactly() -> None:
    t = AmtrakTally(3)
    t.add(_record((1, 1, 3), (40, 40, 12)))
    t.add(_record((1, 2, 2), (50, 20, 20), tie_break=True))
    t.add(_record((1, 1, 1), (9, 9, 9)))
    t.add(_record((2, 1, 3), (30, 31, 2), capped=True))  # left out
    s = t.summary()
    assert SHARE == 12 and t.win_twelfths == [6 + 12 + 4, 6 + 4, 4]
    assert s.win_share == pytest.approx((22 / 12 / 4, 10 / 12 / 4, 4 / 12 / 4))
    assert s.shared_first == 2 and s.tie_breaks == 1 and s.capped == 1
    assert s.score_median == 20 and s.trains == 9
    d = s.to_dict()
    assert d["games_played_out"] == 3 and "chance" not in d


def test_a_solo_record_says_what_the_lost_games_lacked() -> None:
    records = play_amtraks(AmtrakSetup(players=1), 9, range(60))
    lost = [r for r in records if not r.won]
    won = [r for r in records if r.won]
    assert lost and won
    assert all(r.missing and set(r.missing) <= {"Coach", "K", "Q", "J"} for r in lost)
    assert all(r.bonus is not None and not r.missing for r in won)
    t = AmtrakTally(1)
    for r in records:
        t.add(r)
    s = t.summary()
    assert s.won == len(won) and s.chance == len(won) / 60
    assert s.chance_low is not None and s.chance_high is not None
    assert s.chance_low < s.chance < s.chance_high
    assert dict(s.missing) == {
        role: n for role in ("Coach", "K", "Q", "J") if (n := sum(role in r.missing for r in lost))
    }


def test_multiplayer_scores_and_places_are_cardgen_amtraks() -> None:
    for r in play_amtraks(AmtrakSetup(players=3), 6, range(25)):
        trains = [[parse_car(text) for text in train] for train in r.trains]
        assert r.scores == tuple(score_train(t).total for t in trains)
        assert r.places == tuple(x.place for x in compare(trains))
        assert r.bonuses == tuple(None if (b := bonus(t)) is None else b.name for t in trains)


def test_amtrak_games_follow_their_seed() -> None:
    assert play_amtrak(AmtrakSetup(players=2), game_seed(5, 3)) == play_amtraks(AmtrakSetup(players=2), 5, [3])[0]
    with pytest.raises(CardgenError, match="2 bots for 3 players"):
        play_amtrak(AmtrakSetup(players=3), 1, ["good", "good"])


def test_the_good_strategy_beats_random_play() -> None:
    def chance(bot: str) -> float:
        t = AmtrakTally(1)
        for r in play_amtraks(AmtrakSetup(players=1), 2, range(150), bot):
            t.add(r)
        return t.summary().chance or 0.0

    assert chance("good") > 0.3 > 0.05 > chance("random")


# --- sweeps ---------------------------------------------------------------------------------------


def test_sweep_ranges_lists_and_single_values() -> None:
    got = options_of("got")
    assert parse_sweep(["census=4..9"], got) == (("census", (4, 5, 6, 7, 8, 9)),)
    assert parse_sweep(["players=2,3", "bot=random"], got) == (("players", (2, 3)), ("bot", ("random",)))
    assert parse_sweep(["census=4..5 max_turns=10,20"], got) == (("census", (4, 5)), ("max-turns", (10, 20)))
    assert [tuple(s.items()) for s in grid(parse_sweep(["census=4..5", "players=2,3"], got))] == [
        (("census", 4), ("players", 2)),
        (("census", 4), ("players", 3)),
        (("census", 5), ("players", 2)),
        (("census", 5), ("players", 3)),
    ]
    assert parse_sweep(["players=1..4", "jokers=0,2"], options_of("amtrak"))[1] == ("jokers", (0, 2))


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["census=9..4"], "sweep 'census=9..4': the range runs backwards (write 4..9)"),
        (["census=a..9"], "sweep 'census=a..9': census 'a' is not a whole number"),
        (["census=4..5..6"], "write a range as a..b"),
        (["census=1..9"], "census 1 is out of range: allowed 2 to 26"),
        (["census=4,,5"], "an empty value"),
        (["census=4,4"], "4 is given twice"),
        (["census"], "write NAME=VALUES"),
        (["census="], "write NAME=VALUES"),
        (["colour=1..2"], "no option 'colour' to sweep (choose from pattern, census"),
        (["census=4", "census=5"], "census is given twice"),
        (["win=up"], "unknown win 'up': choose one of ascending, never-descending"),
        (["pattern=one..three"], "a range a..b is for whole numbers"),
        (["numbers=maybe"], "'maybe' is not on or off"),
        (["copies=1..100", "census=4..9"], f"600 settings is too many (at most {MAX_SETTINGS})"),
        (["census=" + "9" * 40], "is not a whole number"),
    ],
)
def test_bad_sweeps_are_one_line(words: list[str], message: str) -> None:
    with pytest.raises(CardgenError) as e:
        parse_sweep(words, options_of("got"))
    assert message in str(e.value) and "\n" not in str(e.value)


def test_amtrak_sweeps_take_amtraks_options() -> None:
    with pytest.raises(CardgenError, match="no option 'census' to sweep"):
        parse_sweep(["census=4..6"], options_of("amtrak"))


# --- the sentence ---------------------------------------------------------------------------------


def test_the_sentence_of_a_real_run() -> None:
    records = play_games(Variant(players=4), 1, range(40))
    s = summarise(records)
    text = sentence(s)
    assert text.startswith("about ") and "with 4 players; the first seat wins " in text and text.endswith(" %")
    turns = int(text.split()[1])
    assert abs(turns - (s.turns_per_player_median or 0)) <= 0.5
    assert percent(0.125) == "13 %" and percent(0.0) == "0 %"


def test_amtrak_sentences() -> None:
    solo, duo = AmtrakTally(1), AmtrakTally(2)
    for r in play_amtraks(AmtrakSetup(players=1), 1, range(30)):
        solo.add(r)
    for r in play_amtraks(AmtrakSetup(players=2), 1, range(10)):
        duo.add(r)
    assert amtrak_sentence(solo.summary()).startswith("a Full-Staff train before the deck runs out in about ")
    assert " points with 2 players; the first seat wins " in amtrak_sentence(duo.summary())


# --- charts ---------------------------------------------------------------------------------------


def _inside(d: Drawing) -> None:
    """Every shape lies inside the drawing (texts by their ink box, within 0.5 mm)."""
    for shape, dx, dy in walk(d.shapes):
        if isinstance(shape, Text):
            x0, y0, x1, y1 = shape.bounds()
        elif isinstance(shape, Rect):
            x0, y0, x1, y1 = shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
        elif isinstance(shape, Line):
            x0, y0, x1, y1 = (
                min(shape.x1, shape.x2),
                min(shape.y1, shape.y2),
                max(shape.x1, shape.x2),
                max(shape.y1, shape.y2),
            )
        else:
            continue
        assert -0.5 <= x0 + dx and x1 + dx <= d.width + 0.5, (shape, d.width)
        assert -0.5 <= y0 + dy and y1 + dy <= d.height + 0.5, (shape, d.height)


def _svg(d: Drawing) -> etree._Element:
    root = etree.fromstring(render("svg", [d]))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


@settings(max_examples=30)
@given(st.dictionaries(st.integers(0, 500), st.integers(1, 1000), min_size=1, max_size=80))
def test_a_histogram_stays_in_its_box_and_counts_every_value(counts: dict[int, int]) -> None:
    lo, hi = min(counts), max(counts)
    d = histogram(counts, title="t", x_label="x", marks=[(lo, "10th"), ((lo + hi) / 2, "median"), (hi, "90th")])
    _inside(d)
    bars_drawn = [s for s, _, _ in walk(d.shapes) if getattr(s, "role", "") == "bar"]
    assert 1 <= len(bars_drawn) <= 60
    ticks_drawn = [s for s, _, _ in walk(d.shapes) if getattr(s, "role", "") == "tick" and isinstance(s, Text)]
    low = max(t.y for t in ticks_drawn)  # the x axis's labels, under the plot
    boxes = sorted(t.bounds() for t in ticks_drawn if t.y == low)
    assert all(a[2] <= b[0] for a, b in zip(boxes, boxes[1:]))  # x labels never overlap
    _svg(d)


def test_bars_and_heat_maps_stay_in_their_boxes() -> None:
    b = bars(
        ["1st seat", "2nd seat", "3rd seat"],
        [0.5, 0.3, 0.2],
        title="Win share",
        reference=1 / 3,
        reference_label="even",
    )
    _inside(b)
    values = [t.text for t, _, _ in walk(b.shapes) if isinstance(t, Text) and t.role == "value"]
    assert values == ["50.0 %", "30.0 %", "20.0 %"]
    m = heat_map(
        ["4", "5"],
        ["2", "3", "4"],
        [[1.0, 2.0, None], [3.0, 4.0, 5.5]],
        title="Median",
        row_name="census",
        col_name="players",
        fmt=lambda v: f"{v:.1f}",
    )
    _inside(m)
    cells = [t.text for t, _, _ in walk(m.shapes) if isinstance(t, Text) and t.role == "cell-value"]
    assert cells == ["1.0", "2.0", "-", "3.0", "4.0", "5.5"]
    fills = [s.fill for s, _, _ in walk(m.shapes) if isinstance(s, Rect) and s.role == "cell"]
    assert fills[0] == "#f2f6fb" and fills[-1] == "#1f4e79" and fills[2] == "#eeeeee"
    _svg(b)
    _svg(m)


def _cells(d: Drawing) -> dict[str, str]:
    """Each cell's text → its fill (the text is drawn over its cell, in order)."""
    fills = [s.fill for s, _, _ in walk(d.shapes) if isinstance(s, Rect) and s.role == "cell"]
    texts = [t.text for t, _, _ in walk(d.shapes) if isinstance(t, Text) and t.role == "cell-value"]
    return dict(zip(texts, fills))


def _rgb(colour: str) -> tuple[int, int, int]:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return r, g, b


def test_a_signed_heat_map_is_centred_on_zero() -> None:
    """The first seat's edge: zero is the same near white in any map, whatever the others' values;
    the sign shows as the hue (blue above, red below), equal sizes either side equally strong."""

    def signed(values: list[list[float | None]]) -> dict[str, str]:
        d = heat_map(["4"], ["2", "3", "4"], values, title="edge", row_name="c", col_name="p", fmt=str, signed=True)
        _inside(d)
        return _cells(d)

    a = signed([[0.0, 0.05, 0.10]])  # all at or above zero: zero is not "the lowest" colour
    b = signed([[-0.10, 0.0, 0.02]])
    assert a["0.0"] == b["0.0"] == ZERO
    assert a["0.1"] == ACCENT and b["-0.1"] == BELOW  # ±0.1 the ends of the scale, symmetric about zero
    r, g, bl = _rgb(b["-0.1"])
    assert r > bl  # red below zero
    r, g, bl = _rgb(a["0.05"])
    assert bl > r  # blue above
    shade_plus, shade_minus = _rgb(a["0.05"]), _rgb(signed([[-0.05, 0.1, 0.0]])["-0.05"])
    # as far from white either way: the same distance from zero, the same strength
    assert abs(sum(255 - c for c in shade_plus) - sum(255 - c for c in shade_minus)) < 60


def test_heat_maps_of_one_quantity_share_a_scale() -> None:
    def median(values: list[float], scale: tuple[float, float] | None) -> dict[str, str]:
        return _cells(
            heat_map(["4"], ["2", "3"], [values], title="m", row_name="c", col_name="p", fmt=str, scale=scale)
        )

    own, other = median([2.0, 3.5], None), median([3.5, 6.5], None)
    assert own["3.5"] == other["6.5"] == ACCENT  # scaled alone, 3.5 and 6.5 look the same
    own, other = median([2.0, 3.5], (2.0, 6.5)), median([3.5, 6.5], (2.0, 6.5))
    assert own["3.5"] == other["3.5"] != ACCENT and other["6.5"] == ACCENT


def test_value_bars_hang_below_zero() -> None:
    d = value_bars(["4", "5", "6"], [5.0, None, -1.7], title="edge", x_label="census", fmt=lambda v: f"{v:+.1f}")
    _inside(d)
    (zero,) = [s for s, _, _ in walk(d.shapes) if isinstance(s, Line) and s.role == "zero"]
    up, down = [s for s, _, _ in walk(d.shapes) if isinstance(s, Rect) and s.role == "bar"]
    assert up.y + up.h == pytest.approx(zero.y1) and up.fill == ACCENT
    assert down.y == pytest.approx(zero.y1) and down.fill == BELOW
    assert up.h / down.h == pytest.approx(5.0 / 1.7)
    values = [t.text for t, _, _ in walk(d.shapes) if isinstance(t, Text) and t.role == "value"]
    assert values == ["+5.0", "-", "-1.7"]
    _svg(d)


def test_ticks_are_round() -> None:
    assert ticks(0, 87) == [0, 20, 40, 60, 80, 100]
    assert ticks(0, 0.0001)[-1] >= 0.0001
    assert ticks(5, 5) == [5, 5.2, 5.4, 5.6, 5.8, 6]


# --- what the games can tell (#33) -----------------------------------------------------------------


def test_close_marks_never_print_over_each_other() -> None:
    """#33: "10th 1.66667" and "median 2.66667" were printed over each other."""
    d = histogram(
        {1: 4, 2: 9, 3: 3},
        title="t",
        x_label="turns each",
        marks=[(1.7, "10th 1.7"), (1.8, "median 1.8"), (1.9, "90th 1.9")],
        continuous=True,
    )
    _inside(d)
    boxes = [t.bounds() for t, _, _ in walk(d.shapes) if isinstance(t, Text) and t.role == "mark-label"]
    assert len(boxes) == 3
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (a, b)


def test_a_bar_within_chance_of_its_reference_is_grey_and_bracketed() -> None:
    from cardgen.layout.charts import UNSURE

    d = bars(
        ["1st seat", "2nd seat"],
        [0.45, 0.55],
        title="Win share",
        reference=0.5,
        intervals=[(0.30, 0.60), (0.51, 0.59)],
        value_fmt=lambda v: f"{v * 100:.0f} %",
    )
    _inside(d)
    fills = [s.fill for s, _, _ in walk(d.shapes) if isinstance(s, Rect) and s.role == "bar"]
    assert fills == [UNSURE, ACCENT]  # the first's interval holds an even share, the second's does not
    brackets = [s for s, _, _ in walk(d.shapes) if isinstance(s, Line) and s.role == "interval"]
    uprights = sorted((b for b in brackets if b.x1 == b.x2), key=lambda b: b.x1)
    assert len(uprights) == 2
    # the bracket spans 30 % to 60 % on the plot's scale: its length is 30/55 of the 0.55 bar's height
    bar = [s for s, _, _ in walk(d.shapes) if isinstance(s, Rect) and s.role == "bar"][1]
    first = uprights[0]
    assert abs(first.y2 - first.y1) / bar.h == pytest.approx(0.30 / 0.55, rel=1e-6)
    values = [t.text for t, _, _ in walk(d.shapes) if isinstance(t, Text) and t.role == "value"]
    assert values == ["45 %", "55 %"]


def test_a_signed_map_greys_what_chance_could_make() -> None:
    from cardgen.layout.charts import UNSURE_CELL

    d = heat_map(
        ["4"],
        ["2", "3"],
        [[0.02, 0.2]],
        title="edge",
        row_name="c",
        col_name="p",
        fmt=str,
        signed=True,
        unsure=[[True, False]],
    )
    _inside(d)
    cells = _cells(d)
    assert cells["0.02"] == UNSURE_CELL and cells["0.2"] == ACCENT
    keys = [s for s, _, _ in walk(d.shapes) if isinstance(s, Rect) and s.role == "key-unsure"]
    assert len(keys) == 1  # the key says what grey means


@settings(max_examples=60)
@given(
    st.lists(st.floats(0, 10), min_size=1, max_size=12),
    st.lists(st.floats(0.01, 5), min_size=1, max_size=12),
)
def test_a_colour_scale_is_never_narrower_than_chance(values: list[float], widths: list[float]) -> None:
    from cardgen.simulate.chance import scale_of

    lo, hi = scale_of(values, widths) or (0.0, 0.0)
    typical = sorted(widths)[len(widths) // 2]
    assert lo <= min(values) + 1e-9 and hi >= max(values) - 1e-9  # every value on the scale
    assert hi - lo >= typical - 1e-9  # at least a typical interval wide: what chance moves looks alike
