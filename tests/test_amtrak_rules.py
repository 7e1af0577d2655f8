"""Tests for cardgen.rules.amtrak.scoring: seed 004 facts worked by hand, decisions, errors and properties.

Every expected number below is added up by hand in a comment, never taken from the module.
"""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import assume, event, given
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.amtrak.scoring import (
    BONUSES,
    FLEETS,
    FULL_STAFF,
    KINDS,
    MAX_CARS,
    MAX_TRAIN_TEXT,
    RANKS,
    SOLO_START_PILE,
    VALUES,
    Car,
    bonus,
    compare,
    full_staff,
    parse_car,
    parse_train,
    score_train,
    solo_pile,
    solo_won,
    tie_break_value,
)

# The seed's car values as a Single-Level Tie, typed in by hand (the tests' own table).
HAND_SINGLE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
HAND_SINGLE |= {"J": 11, "Q": 11, "K": 11, "JK": 0}


def train(text: str) -> list[Car]:
    return parse_train(text)


# ---------------------------------------------------------------- cars


def test_ranks_in_order() -> None:
    assert RANKS == ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK")


@pytest.mark.parametrize(
    ("text", "canon", "kind", "fleet", "value"),
    [
        ("K/7", "K/7", "Crew", "Single-Level", 11),
        ("q/2", "Q/2", "Crew", "Single-Level", 11),
        ("K/K", "K/K", "Crew", "Bi-Level", 22),  # 11 doubled
        ("j / j", "J/J", "Crew", "Bi-Level", 22),
        ("9/3", "9/3", "Coach", "Single-Level", 9),
        ("7/7", "7/7", "Coach", "Bi-Level", 14),  # 7 doubled
        ("10/3", "10/3", "Coach", "Single-Level", 10),
        ("10/10", "10/10", "Coach", "Bi-Level", 20),
        ("A/5", "A/5", "Coach", "Single-Level", 1),
        ("a/a", "A/A", "Coach", "Bi-Level", 2),  # Ace 1, doubled
        ("JK/4", "JK/4", "Substitute", "Single-Level", 0),
        ("jk/jk", "JK/JK", "Substitute", "Single-Level", 0),  # a Joker has no rank: two do not "match in rank"
        ("Jk/K", "JK/K", "Substitute", "Single-Level", 0),
        ("K/JK", "K/JK", "Crew", "Single-Level", 11),  # decision: a Joker may be the Rail
        ("2/A", "2/A", "Coach", "Single-Level", 2),
    ],
)
def test_car(text: str, canon: str, kind: str, fleet: str, value: int) -> None:
    car = parse_car(text)
    assert (car.text, car.kind, car.fleet, car.value) == (canon, kind, fleet, value)


def test_car_value_comes_from_tie_not_rail() -> None:
    # 2/K is a Coach worth 2 (Tie 2), not a Crew car; K/2 is Crew worth 11.
    assert (parse_car("2/K").value, parse_car("K/2").value) == (2, 11)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Z/3", ["car 'Z/3'", "tie 'Z' is not a rank", "JK for a Joker"]),
        ("K/", ["car 'K/'", "rail is missing"]),
        ("/7", ["car '/7'", "tie is missing"]),
        ("11/11", ["car '11/11'", "tie '11' is not a rank"]),
        ("K/11", ["rail '11' is not a rank"]),
        ("K7", ["car 'K7'", "TIE/RAIL"]),
        ("K/7/2", ["car 'K/7/2'", "one '/'"]),
        ("¹/2", ["car '¹/2'", "tie '¹' is not a rank"]),
        ("٣/2", ["tie '٣' is not a rank"]),  # Arabic-Indic three: a digit, but not ASCII
        ("Ｋ/7", ["tie 'Ｋ' is not a rank"]),  # fullwidth K
        ("ſ/7", ["tie 'ſ' is not a rank"]),  # 'ſ'.upper() is 'S': no upper-casing of non-ASCII
        ("1/0", ["tie '1' is not a rank"]),
        ("0/3", ["tie '0' is not a rank"]),
        ("T/3", ["tie 'T' is not a rank"]),
        ("J K/3", ["tie 'J K' is not a rank"]),
        ("", ["TIE/RAIL"]),
        ("/", ["tie is missing"]),
        ("K\n/7\n2", ["rail '7\\n2' is not a rank"]),
    ],
)
def test_bad_car(text: str, words: list[str]) -> None:
    with pytest.raises(CardgenError) as err:
        parse_car(text)
    message = str(err.value)
    assert "\n" not in message
    for word in words:
        assert word in message


def test_huge_number_is_refused_in_one_short_line() -> None:
    digits = "9" * 5000
    for text in (f"{digits}/3", f"K/{digits}"):
        with pytest.raises(CardgenError) as err:
            parse_car(text)
        assert "is not a rank" in str(err.value) and len(str(err.value)) < 200


def test_car_constructor_takes_canonical_ranks_only() -> None:
    assert Car("K", "7") == parse_car("k/7")
    for tie, rail in (("k", "7"), ("Z", "3"), ("K", "11"), ("1", "0")):
        with pytest.raises(CardgenError, match="is not a rank"):
            Car(tie, rail)


# ---------------------------------------------------------------- trains: parsing


def test_parse_train_separators() -> None:
    want = [Car("K", "7"), Car("Q", "2"), Car("J", "5"), Car("9", "3")]
    for text in ("K/7 Q/2 J/5 9/3", "k/7,q/2,j/5,9/3", " K / 7 ,  Q/ 2,, J /5\n9/3 ", "K/7, Q/2, J/5, 9/3,"):
        assert parse_train(text) == want


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("", "at least one car"),
        (" , ,\n", "at least one car"),
        ("K/7 Z/3 Q/2", "car 'Z/3'"),
        ("K/7 Q2", "car 'Q2'"),
        ("K/7 / Q/2", "one '/'"),  # the stray slash joins K/7/Q/2
        (" ".join(["K/7"] * (MAX_CARS + 1)), f"at most {MAX_CARS} cars"),
        ("K/7 " * (MAX_TRAIN_TEXT // 4 + 1), f"at most {MAX_TRAIN_TEXT} characters"),
    ],
)
def test_bad_train(text: str, word: str) -> None:
    with pytest.raises(CardgenError) as err:
        parse_train(text)
    assert word in str(err.value) and "\n" not in str(err.value)


def test_longest_train_is_accepted() -> None:
    assert len(parse_train(" ".join(["K/7"] * MAX_CARS))) == MAX_CARS


# ---------------------------------------------------------------- trains: golden scores


@pytest.mark.parametrize(
    ("text", "total", "bonus_name", "bonus_points"),
    [
        # 11 + 11 + 11 + 9 = 42; Full-Staff, all Single-Level: Silver Meteor +25 = 67
        ("K/7 Q/2 J/5 9/3", 67, "Silver Meteor", 25),
        # 11 + 11 + 11 + 14 (7/7 doubled) = 47; Bi-Level coach: Empire Builder +50 = 97
        ("K/7 Q/2 J/5 7/7", 97, "Empire Builder", 50),
        # 22 (K/K) + 11 + 11 + 1 + 1 = 46; a Bi-Level Crew car: Empire Builder +50 = 96 (no Acela)
        ("K/K Q/3 J/4 A/5 A/6", 96, "Empire Builder", 50),
        # 11 + 11 + 11 + 1 + 1 = 35; Acela 2 Aces × 50 = 100 beats Silver Meteor 25: 135
        ("K/2 Q/3 J/4 A/5 A/6", 135, "Acela", 100),
        # 11 + 0 + 11 + 1 + 1 + 1 = 25; Joker as the Queen, 3 Aces: Acela +150 = 175
        ("K/2 JK/3 J/4 A/5 A/6 A/7", 175, "Acela", 150),
        # 11 + 0 + 11 + 9 = 31; Substitute for the missing Queen: Silver Meteor +25 = 56
        ("K/7 JK/2 J/5 9/3", 56, "Silver Meteor", 25),
        # 11 + 9 = 20; two Substitutes, for the Queen and the Jack: +25 = 45
        ("K/7 JK/2 JK/5 9/3", 45, "Silver Meteor", 25),
        # 5; three Substitutes for the Crew: +25 = 30
        ("JK/2 JK/3 JK/4 5/6", 30, "Silver Meteor", 25),
        # 0; four Substitutes fill all four roles: +25 = 25
        ("JK/2 JK/3 JK/4 JK/5", 25, "Silver Meteor", 25),
        # 33 + 0; no Coach, but the Joker stands in for one: +25 = 58
        ("K/7 Q/2 J/5 JK/3", 58, "Silver Meteor", 25),
        # 11 + 11 + 11 + 1 + 0 = 34; the Joker cannot be Acela's second Ace (one Ace only): Silver Meteor = 59
        ("K/2 Q/3 J/4 A/5 JK/6", 59, "Silver Meteor", 25),
        # 34 + 0 = 34; two Jokers, still one Ace: Silver Meteor = 59
        ("K/2 Q/3 J/4 A/5 JK/6 JK/7", 59, "Silver Meteor", 25),
        # 35 + 0; a spare Joker (all Crew present) does not spoil the Acela: +100 = 135
        ("K/2 Q/3 J/4 A/5 A/6 JK/7", 135, "Acela", 100),
        # 33 + 1 + 1 + 9 = 44; a number Coach breaks "only Aces": Silver Meteor = 69
        ("K/2 Q/3 J/4 A/5 A/6 9/8", 69, "Silver Meteor", 25),
        # 11 + 11 + 11 + 2 (A/A doubled) + 1 = 36; A/A is Bi-Level: Empire Builder +50 = 86, no Acela
        ("K/2 Q/3 J/4 A/A A/5", 86, "Empire Builder", 50),
        # 42 + 0 = 42; JK/JK is Single-Level (Jokers have no rank), a spare Substitute: Silver Meteor +25 = 67
        ("K/7 Q/2 J/5 9/3 JK/JK", 67, "Silver Meteor", 25),
        # 11 + 0 + 11 + 9 = 31; JK/JK stands in for the Queen and is Single-Level: +25 = 56
        ("K/7 JK/JK J/5 9/3", 56, "Silver Meteor", 25),
        # seed 004: Bi-Level is "Tie and Rails match in rank", and a Joker has none. 11 × 3 + 1 + 1 + 0 = 35,
        # only Single-Level cars, Aces as the only Coaches: Acela 2 × 50 = 100, so 135 (not 85 by Empire Builder)
        ("K/5 Q/7 J/3 A/2 A/9 JK/JK", 135, "Acela", 100),
        # 11 + 11 + 11 + 10 = 43; K/JK is Single-Level: Silver Meteor +25 = 68
        ("K/JK Q/2 J/5 10/3", 68, "Silver Meteor", 25),
    ],
)
def test_golden_bonus_trains(text: str, total: int, bonus_name: str, bonus_points: int) -> None:
    score = score_train(train(text))
    assert score.bonus is not None
    assert (score.total, score.bonus.name, score.bonus.points) == (total, bonus_name, bonus_points)
    assert full_staff(train(text))


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("K/7 Q/2 J/5", 33),  # no Coach and no Substitute: 11 × 3
        ("Q/2 J/5 9/3", 31),  # no King: 11 + 11 + 9
        ("K/7 K/2 J/5 9/3", 42),  # two Kings, no Queen: 11 + 11 + 11 + 9
        ("JK/2 JK/3 JK/4", 0),  # three Substitutes cannot fill four roles
        ("JK/JK", 0),  # a Single-Level Substitute: 0
        ("K/K", 22),
        ("A/A", 2),
        ("A/2 A/3 A/4 K/5 Q/6", 25),  # 1 + 1 + 1 + 11 + 11: no Jack, no Acela
        ("7/7 8/8", 30),  # 14 + 16
    ],
)
def test_golden_trains_without_bonus(text: str, total: int) -> None:
    score = score_train(train(text))
    assert (score.total, score.bonus) == (total, None)


def test_bonus_reasons_name_the_stand_ins() -> None:
    won = bonus(train("K/7 JK/2 J/5 9/3"))
    assert won is not None and "a Substitute for the Queen" in won.reason
    won = bonus(train("JK/2 JK/3 JK/4 JK/5"))
    assert won is not None and "Substitutes for a Coach, the King, the Queen and the Jack" in won.reason
    won = bonus(train("K/7 Q/2 J/5 7/7"))
    assert won is not None and "7/7" in won.reason


def test_empty_train_scores_zero() -> None:
    assert (score_train([]).total, score_train([]).bonus, full_staff([])) == (0, None, False)


def test_to_dict() -> None:
    # 11 + 14 (7/7) + 0 = 25; one Joker cannot fill both missing roles (Queen, Jack): no bonus.
    assert score_train(train("K/7 7/7 JK/3")).to_dict() == {
        "cars": [
            {"car": "K/7", "type": "Crew", "fleet": "Single-Level", "value": 11},
            {"car": "7/7", "type": "Coach", "fleet": "Bi-Level", "value": 14},
            {"car": "JK/3", "type": "Substitute", "fleet": "Single-Level", "value": 0},
        ],
        "bonus": None,
        "total": 25,
    }
    got = score_train(train("K/7 Q/2 J/5 9/3")).to_dict()
    assert got["bonus"]["name"] == "Silver Meteor" and got["bonus"]["points"] == 25 and got["total"] == 67


# ---------------------------------------------------------------- tie-break


def test_tie_break_value_reads_rails_as_single_level() -> None:
    # Rails: 7 + 2 + 5 + 3 = 17
    assert tie_break_value(train("K/7 Q/2 J/5 9/3")) == 17
    # 7/7 counts 7 (Single-Level now), K/K 11, A/A 1, JK/JK 0, K/JK 0
    assert tie_break_value(train("7/7 K/K A/A JK/JK K/JK")) == 7 + 11 + 1 + 0 + 0


def test_tie_broken_by_rails() -> None:
    # A: 11 + 9 = 20, rails 7 + 3 = 10; B: 11 + 9 = 20, rails 4 + 2 = 6;
    # C: 10 (5/5 doubled) + 10 = 20, rails 5 + 11 (Q) = 16; D: 11 + 11 + 9 = 31, untied.
    ranked = compare([train("K/7 9/3"), train("J/4 9/2"), train("5/5 10/Q"), train("K/2 Q/3 9/3")])
    assert [(r.train, r.place, r.total, r.tie_break) for r in ranked] == [
        (0, 3, 20, 10),
        (1, 4, 20, 6),
        (2, 2, 20, 16),
        (3, 1, 31, None),
    ]


def test_bi_level_becomes_single_in_tie_break() -> None:
    # 7/7 = 14, rails 7; 4/9 10/2 = 4 + 10 = 14, rails 9 + 2 = 11: the second wins
    ranked = compare([train("7/7"), train("4/9 10/2")])
    assert [(r.place, r.tie_break) for r in ranked] == [(2, 7), (1, 11)]


def test_joker_rail_is_worth_nothing_in_tie_break() -> None:
    # K/JK = 11, rails 0; J/2 = 11, rails 2
    assert [r.place for r in compare([train("K/JK"), train("J/2")])] == [2, 1]


def test_unbroken_tie_shares_a_place() -> None:
    # 11 + 9 = 20 each, rails 7 + 3 = 10 and 3 + 7 = 10; A/2 = 1 comes third (places 1, 1, 3)
    ranked = compare([train("K/7 9/3"), train("Q/3 9/7"), train("A/2")])
    assert [(r.place, r.total, r.tie_break) for r in ranked] == [(1, 20, 10), (1, 20, 10), (3, 1, None)]


def test_tie_break_recounts_no_bonus() -> None:
    # 7 + 2 + 5 + 3 = 17, no bonus (no Crew Ties); its Rails K Q J 9 would be a Full-Staff Silver Meteor,
    # but the tie-break is 11 + 11 + 11 + 9 = 42 without the +25.
    # 10 + 7 = 17, rails 2 + 5 = 7.
    ranked = compare([train("7/K 2/Q 5/J 3/9"), train("10/2 7/5")])
    assert [(r.place, r.total, r.tie_break) for r in ranked] == [(1, 17, 42), (2, 17, 7)]


def test_compare_edge_cases() -> None:
    assert compare([]) == []
    # An empty train (all Tracks discarded) scores 0 and ties the other 0.
    ranked = compare([[], train("JK/2")])
    assert [(r.place, r.total, r.tie_break) for r in ranked] == [(2, 0, 0), (1, 0, 2)]


# ---------------------------------------------------------------- tables and solo


def test_values_table_matches_the_engine() -> None:
    assert tuple(row.kind for row in VALUES) == KINDS
    assert FLEETS == ("Single-Level", "Bi-Level")
    crew, coach, sub = VALUES
    assert (crew.points("Single-Level"), crew.points("Bi-Level")) == ("11 points", "22 points")
    assert parse_car("K/3").value == 11 and parse_car("K/K").value == 22
    assert "Ace = 1" in coach.single_level and "Double" in coach.bi_level
    assert (sub.single_level, sub.bi_level) == ("0 points", "0 points")
    assert "Joker" in sub.ties


def test_bonuses_table() -> None:
    assert [(b.name, b.points) for b in BONUSES] == [
        ("Silver Meteor", "25 points"),
        ("Empire Builder", "50 points"),
        ("Acela", "50 points per Ace"),
    ]
    assert len(BONUSES[2].conditions) == 3 and "non-Ace" in FULL_STAFF


def test_solo() -> None:
    assert SOLO_START_PILE == 3
    assert [solo_pile(t) for t in (0, 1, 5)] == [3, 4, 8]
    for bad in (-1, 1.5, True):
        with pytest.raises(CardgenError):
            solo_pile(bad)  # type: ignore[arg-type]
    assert solo_won(train("K/7 Q/2 J/5 9/3")) and not solo_won(train("K/7 Q/2 J/5"))


# ---------------------------------------------------------------- properties

cars_st = st.builds(Car, st.sampled_from(RANKS), st.sampled_from(RANKS))
# Few ranks, so that Full-Staff trains, Acelas and stand-ins come up often.
staff_ranks = st.sampled_from(("A", "7", "J", "Q", "K", "JK"))
single_cars_st = st.builds(Car, st.sampled_from(("A", "J", "Q", "K", "JK")), st.sampled_from(("2", "3")))
trains_st = st.one_of(
    st.lists(st.one_of(cars_st, st.builds(Car, staff_ranks, staff_ranks)), max_size=9),
    st.lists(single_cars_st, min_size=4, max_size=8),
)


def oracle_bonus(cars: list[Car]) -> int:
    """The best bonus by brute force: try every role for every Substitute, read the seed literally."""
    subs = [c for c in cars if c.tie == "JK"]
    others = [c for c in cars if c.tie != "JK"]
    all_single = not any(c.tie == c.rail and c.tie != "JK" for c in cars)  # "match in rank"; Jokers have none
    best = 0
    for roles in product((None, "Coach", "K", "Q", "J"), repeat=len(subs)):
        crew = {c.tie for c in others if c.tie in ("K", "Q", "J")} | {r for r in roles if r in ("K", "Q", "J")}
        coaches = [c.tie for c in others if c.tie not in ("K", "Q", "J")] + ["sub" for r in roles if r == "Coach"]
        if crew != {"K", "Q", "J"} or not coaches:
            continue
        if not all_single:
            best = max(best, 50)
            continue
        best = max(best, 25)
        if len(coaches) >= 2 and all(c == "A" for c in coaches):
            best = max(best, 50 * len(coaches))
    return best


@given(trains_st)
def test_total_is_cars_plus_bonus(cars: list[Car]) -> None:
    score = score_train(cars)
    by_hand = sum(HAND_SINGLE[c.tie] * (2 if c.tie == c.rail and c.tie != "JK" else 1) for c in cars)
    assert [r.value for r in score.cars] == [c.value for c in cars]
    assert score.total == by_hand + (0 if score.bonus is None else score.bonus.points)


@given(trains_st)
def test_bonus_matches_brute_force(cars: list[Car]) -> None:
    assume(sum(c.tie == "JK" for c in cars) <= 5)
    won = bonus(cars)
    event(f"bonus: {won and won.name}")
    assert (0 if won is None else won.points) == oracle_bonus(cars)
    assert full_staff(cars) == (won is not None)


@given(trains_st)
def test_no_bonus_without_crew_or_stand_ins(cars: list[Car]) -> None:
    ties = [c.tie for c in cars]
    missing = [r for r in ("K", "Q", "J") if r not in ties]
    missing += [] if any(t not in ("K", "Q", "J", "JK") for t in ties) else ["Coach"]
    if len(missing) > ties.count("JK"):
        assert bonus(cars) is None
    if "JK" not in ties and bonus(cars) is not None:
        assert {"K", "Q", "J"} <= set(ties)


@given(st.lists(cars_st, min_size=1, max_size=9).flatmap(lambda cs: st.tuples(st.just(cs), st.permutations(cs))))
def test_reordering_keeps_the_score(pair: tuple[list[Car], list[Car]]) -> None:
    cars, shuffled = pair
    a, b = score_train(cars), score_train(shuffled)
    assert (a.total, a.bonus) == (b.total, b.bonus)
    assert tie_break_value(cars) == tie_break_value(shuffled)


@given(st.lists(cars_st, min_size=1, max_size=MAX_CARS), st.sampled_from([" ", ",", ", ", " , "]), st.booleans())
def test_written_train_reads_back(cars: list[Car], sep: str, lower: bool) -> None:
    text = sep.join(c.text.replace("/", " / ") if lower else c.text for c in cars)
    assert parse_train(text.lower() if lower else text) == cars


@given(st.text(max_size=40))
def test_any_car_text_parses_or_fails_in_one_line(text: str) -> None:
    try:
        car = parse_car(text)
    except CardgenError as err:
        assert "\n" not in str(err) and "\r" not in str(err)
    else:
        assert car.tie in RANKS and car.rail in RANKS


@given(st.lists(trains_st, max_size=6))
def test_places_follow_totals_then_rails(trains: list[list[Car]]) -> None:
    ranked = compare(trains)
    assert [r.train for r in ranked] == list(range(len(trains)))
    for r in ranked:
        ahead = [s for s in ranked if (s.total, s.tie_break or 0) > (r.total, r.tie_break or 0)]
        assert r.place == 1 + len(ahead)
        tied = sum(s.total == r.total for s in ranked) > 1
        assert (r.tie_break is not None) == tied
    if ranked:
        assert min(r.place for r in ranked) == 1
