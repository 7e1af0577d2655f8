"""The SuperTrain rules against facts transcribed by hand from the seed (003), and properties of the set."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.rules.supertrain import dominoes as st_rules
from cardgen.rules.supertrain.dominoes import (
    ENGINES,
    HAND_SIZES,
    LETTER_WORDS,
    LETTERS,
    NUMBER_TILES,
    TRAIN,
    WILD_TILES,
    HandScore,
    Tile,
    bone_pile,
    check_set,
    exposed_after,
    hand_size,
    parse_hand,
    parse_tile,
    playable_ends,
    round_name,
    score_hand,
    tile_set,
)

# --- Golden facts, typed by hand from the seed text (nothing here is computed by the module). ---

# "They are the 0-Train, 1-Train, 2-Train, 3-Train... up to the 12-Train and then the Double Train or
# Train-Train." then the 7 special action wilds: "There are 3 of these" A-Trains, and D, R, S, T.
WILD_NAMES = [
    "0-Train", "1-Train", "2-Train", "3-Train", "4-Train", "5-Train", "6-Train", "7-Train", "8-Train",
    "9-Train", "10-Train", "11-Train", "12-Train", "Train-Train",
    "A-Train", "A-Train", "A-Train", "D-Train", "R-Train", "S-Train", "T-Train",
]  # fmt: skip
# "2 players - 25 tiles each; 3 players - 23; 4 players - 18; 5 players - 16; 6 players - 14; 7 players - 12; 8 players - 11"
SEED_HAND_SIZES = {2: 25, 3: 23, 4: 18, 5: 16, 6: 14, 7: 12, 8: 11}
# 112 − 1 engine − players × hand, worked by hand.
BONE_PILES = {2: 61, 3: 42, 4: 39, 5: 31, 6: 27, 7: 27, 8: 23}
# "12-12 ... then the 11-11 ... down to the 0-0 and finally the Train-Train"
ROUND_NAMES = ["12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1", "0", "Train-Train"]
# Hand-worked scores: numbers at face value, 10 per Train, 10 per letter.
HAND_SCORES = [
    ("12-5 3-Train A-Train", 50),  # 17 + 13 + 20
    ("Train-Train 0-0", 20),  # 20 + 0
    ("", 0),
    ("12-12", 24),
    ("T-Train, D-Train,S-Train", 60),
    ("6-1 0-Train 12-Train", 7 + 10 + 22),
]
NOT_TILES = [
    "A-5",
    "13-2",
    "A-A",
    "A-D",
    "-1-3",
    "x",
    "",
    "5",
    "1-2-3",
    "¹²-3",
    "１２-3",
    "Train-13",
    "B-Train",
    "05-",
    "012-5",
    "ſ-Train",  # "ſ".upper() == "S": only ASCII letters are ends
    "Traın-3",
]


def by_hand_points(name: str) -> int:
    """Points from the printed name alone: a number counts itself, anything else 10."""
    return sum(int(end) if end.isdigit() else 10 for end in name.split("-"))


def all_tiles() -> list[Tile]:
    return [*NUMBER_TILES, *WILD_TILES]


# --- The set ---


def test_wild_tiles_are_the_seeds_21_in_order():
    assert [t.name for t in WILD_TILES] == WILD_NAMES
    assert [t.name for t in tile_set("wild")] == WILD_NAMES
    assert sum(t.is_action for t in WILD_TILES) == 7 and sum(not t.is_action for t in WILD_TILES) == 14


def test_number_tiles_are_every_double_12_pair_once():
    names = [t.name for t in NUMBER_TILES]
    assert len(names) == 91 == len(set(names))
    assert names[:3] == ["12-12", "12-11", "12-10"] and names[12] == "12-0" and names[13] == "11-11"
    assert names[-3:] == ["1-1", "1-0", "0-0"]
    assert {frozenset((hi, lo)) for hi in range(13) for lo in range(13)} == {frozenset(t.ends) for t in NUMBER_TILES}


def test_full_set_is_112_number_tiles_first():
    full = tile_set("full")
    assert len(full) == 112
    assert full[:91] == list(NUMBER_TILES) and [t.name for t in full[91:]] == WILD_NAMES
    assert tile_set() == tile_set(" Wild ")


def test_unknown_set_is_one_line_naming_it_and_the_choices():
    with pytest.raises(CardgenError, match="unknown tile set 'double-9': choose one of wild, full"):
        tile_set("double-9")
    with pytest.raises(CardgenError, match="'nope'"):
        check_set([], "nope")


def test_constants():
    assert LETTERS == ("A", "D", "R", "S", "T") and TRAIN == "Train" and st_rules.MAX_PIP == 12
    assert LETTER_WORDS == {"A": "Anywhere", "D": "Draw", "R": "Reverse", "S": "Skip", "T": "Twice"}


# --- Tiles ---


@pytest.mark.parametrize(
    "text, name, slug, points, double, wild, action",
    [
        ("12-5", "12-5", "12-5", 17, False, False, False),
        ("5-12", "12-5", "12-5", 17, False, False, False),
        ("Train-3", "3-Train", "3-train", 13, False, True, False),
        ("train-train", "Train-Train", "train-train", 20, True, True, False),
        ("A-Train", "A-Train", "a-train", 20, False, True, True),
        ("train-t", "T-Train", "t-train", 20, False, True, True),
        ("  0 -0 ", "0-0", "0-0", 0, True, False, False),
        ("05-Train", "5-Train", "5-train", 15, False, True, False),  # one or two digits
        ("10-Train", "10-Train", "10-train", 20, False, True, False),
    ],
)
def test_tile_facts(text, name, slug, points, double, wild, action):  # type: ignore[no-untyped-def]
    tile = parse_tile(text)
    assert (tile.name, tile.slug, tile.points) == (name, slug, points)
    assert (tile.is_double, tile.is_wild, tile.is_action) == (double, wild, action)
    assert str(tile) == name


def test_tiles_are_canonical_whichever_end_comes_first():
    assert Tile(5, 12) == Tile(12, 5) and Tile(5, 12).ends == (12, 5)
    assert Tile(TRAIN, 3).ends == (3, TRAIN) and Tile(TRAIN, "A").ends == ("A", TRAIN)
    assert len({Tile(TRAIN, 3), Tile(3, TRAIN)}) == 1


@pytest.mark.parametrize("a, b", [("A", 5), (13, 2), ("A", "A"), (True, 3), (-1, 3), ("x", TRAIN), (2.0, 1)])
def test_tile_refuses_ends_that_do_not_exist(a, b):  # type: ignore[no-untyped-def]
    with pytest.raises(CardgenError):
        Tile(a, b)


@pytest.mark.parametrize("text", NOT_TILES)
def test_parse_refuses_tiles_that_do_not_exist_naming_them(text):  # type: ignore[no-untyped-def]
    with pytest.raises(CardgenError) as err:
        parse_tile(text)
    message = str(err.value)
    assert "\n" not in message and repr(text.strip()) in message


def test_parse_says_why():
    with pytest.raises(CardgenError, match=r"^no SuperTrain tile 'A-5': a letter end pairs only with a Red Train$"):
        parse_tile("A-5")
    with pytest.raises(CardgenError, match="'13-2': numbers run 0 to 12"):
        parse_tile("13-2")
    with pytest.raises(CardgenError, match="'A-A': a letter end pairs only with a Red Train"):
        parse_tile("A-A")


@pytest.mark.parametrize("text", ["9" * 5000, "9" * 41, "1-" + "9" * 38, "x" * 10_000])
def test_parse_bounds_its_input(text):  # type: ignore[no-untyped-def]
    with pytest.raises(CardgenError) as err:
        parse_tile(text)
    assert type(err.value) is CardgenError and "\n" not in str(err.value)


def test_parse_refuses_more_than_40_characters_even_of_a_real_tile():
    assert parse_tile("12" + " " * 36 + "-5").name == "12-5"  # 40 characters
    with pytest.raises(CardgenError, match="41 characters is too long"):
        parse_tile("12" + " " * 37 + "-5")


@given(st.sampled_from(all_tiles()), st.data())
def test_every_tile_round_trips_through_its_name_in_any_case_and_order(tile, data):  # type: ignore[no-untyped-def]
    ends = [str(e) for e in tile.ends]
    if data.draw(st.booleans()):
        ends.reverse()
    ends = [data.draw(st.sampled_from([e, e.lower(), e.upper()])) for e in ends]
    pad = st.sampled_from(["", " ", "\t", "  "])
    text = data.draw(pad) + ends[0] + data.draw(pad) + "-" + data.draw(pad) + ends[1] + data.draw(pad)
    assert parse_tile(text) == tile
    assert parse_tile(tile.name) == tile and parse_tile(tile.slug) == tile


@given(st.text(max_size=60))
def test_parse_any_text_gives_a_tile_or_a_one_line_error(text):  # type: ignore[no-untyped-def]
    try:
        tile = parse_tile(text)
    except CardgenError as err:
        assert "\n" not in str(err)
    else:
        assert tile in set(all_tiles())


# --- Hands ---


@pytest.mark.parametrize("text, total", HAND_SCORES)
def test_hand_worked_scores(text, total):  # type: ignore[no-untyped-def]
    assert score_hand(parse_hand(text)) == total


def test_hand_score_report():
    report = HandScore(tuple(parse_hand("12-5 3-Train A-Train"))).to_dict()
    assert report == {
        "tiles": [{"tile": "12-5", "points": 17}, {"tile": "3-Train", "points": 13}, {"tile": "A-Train", "points": 20}],
        "total": 50,
    }
    assert HandScore(()).to_dict() == {"tiles": [], "total": 0}


def test_parse_hand_separators_and_limits():
    assert [t.name for t in parse_hand(" 12-5,,3-Train ,\n a-train ")] == ["12-5", "3-Train", "A-Train"]
    assert parse_hand("") == [] and parse_hand(" , ") == []
    assert len(parse_hand(" ".join(t.name for t in all_tiles()))) == 112
    with pytest.raises(CardgenError, match="113 tiles is too many"):
        parse_hand(" ".join(["0-0"] * 113))
    with pytest.raises(CardgenError, match="too long"):
        parse_hand("0-0 " * 5000)
    with pytest.raises(CardgenError, match="'A-5'"):
        parse_hand("12-5 A-5")


def test_a_hand_holds_no_more_copies_than_the_set():
    assert len(parse_hand("A-Train A-Train a-train")) == 3
    with pytest.raises(CardgenError, match="tile A-Train 4 times: a SuperTrain set has 3"):
        parse_hand("A-Train A-Train A-Train A-Train")
    with pytest.raises(CardgenError, match="tile 12-5 2 times: a SuperTrain set has 1"):
        parse_hand("12-5 5-12")


@given(st.lists(st.sampled_from(range(112)), unique=True, max_size=112))
def test_any_hand_scores_the_sum_of_its_printed_points(picks):  # type: ignore[no-untyped-def]
    tiles = [all_tiles()[i] for i in picks]
    text = ", ".join(t.name for t in tiles)
    assert score_hand(parse_hand(text)) == sum(by_hand_points(t.name) for t in tiles)
    assert HandScore(tuple(tiles)).to_dict()["total"] == score_hand(tiles)


# --- Players and rounds ---


def test_hand_sizes_and_bone_piles_are_the_seeds():
    assert HAND_SIZES == SEED_HAND_SIZES
    assert {p: hand_size(p) for p in range(2, 9)} == SEED_HAND_SIZES
    assert {p: bone_pile(p) for p in range(2, 9)} == BONE_PILES


@pytest.mark.parametrize("players", [0, 1, 9, -3])
def test_players_out_of_range(players):  # type: ignore[no-untyped-def]
    with pytest.raises(CardgenError, match="allowed 2 to 8"):
        hand_size(players)
    with pytest.raises(CardgenError):
        bone_pile(players)


def test_rounds_run_12_12_down_to_0_0_then_train_train():
    assert [round_name(r) for r in range(1, 15)] == ROUND_NAMES
    assert [t.name for t in ENGINES] == [f"{n}-{n}" for n in range(12, -1, -1)] + ["Train-Train"]
    for bad in (0, 15):
        with pytest.raises(CardgenError, match="rounds 1 to 14"):
            round_name(bad)


# --- What plays on what ---


def test_the_seeds_train_3_example():
    # "If playing the Train-3 onto another 3 you may play the 3 onto the 3 and leave the Train as the exposed
    # end ... Or, you can play the Train onto the 3 and leave the 3 on the other end exposed"
    tile = parse_tile("Train-3")
    assert sorted(playable_ends(3, tile), key=str) == [3, "Train"]
    assert exposed_after(3, tile, 3) == TRAIN
    assert exposed_after(3, tile, TRAIN) == 3


@pytest.mark.parametrize(
    "exposed, tile, ends",
    [
        (5, "12-5", [5]),  # follows suit
        (5, "12-4", []),
        (5, "5-5", [5]),  # a double offers one end
        (TRAIN, "12-4", [12, 4]),  # "the wild end ... can be subsequently played onto by any domino"
        (TRAIN, "0-0", [0]),
        (TRAIN, "Train-Train", [TRAIN]),
        (7, "3-Train", [TRAIN]),  # "The Red Train ends ... can be played onto any number"
        (7, "A-Train", ["A", TRAIN]),  # "Both ends are wild when playing onto a train"
        ("A", "12-5", []),  # "only another wild domino can ever be played onto a Letter end"
        ("S", "3-Train", [TRAIN]),  # decided: by its wild end only
        ("S", "Train-Train", [TRAIN]),
        ("D", "T-Train", ["T", TRAIN]),
        (0, "Train-Train", [TRAIN]),
    ],
)
def test_playable_ends(exposed, tile, ends):  # type: ignore[no-untyped-def]
    assert playable_ends(exposed, parse_tile(tile)) == ends


def test_exposed_after():
    a_train = parse_tile("A-Train")
    # "If you play the Red Train symbol onto someone's train and leave the Letter end exposed"
    assert exposed_after(4, a_train, TRAIN) == "A"
    assert exposed_after(4, a_train, "A") == TRAIN
    assert exposed_after(5, parse_tile("5-5"), 5) == 5
    with pytest.raises(CardgenError, match="tile 12-5 cannot be laid on 4 by its 12 end"):
        exposed_after(4, parse_tile("12-5"), 12)
    with pytest.raises(CardgenError, match="cannot be laid on A by its 3 end"):
        exposed_after("A", parse_tile("3-Train"), 3)
    with pytest.raises(CardgenError):
        playable_ends(13, a_train)


@given(st.sampled_from([*range(13), TRAIN, *LETTERS]), st.sampled_from(all_tiles()))
def test_laying_a_tile_leaves_its_other_end(exposed, tile):  # type: ignore[no-untyped-def]
    ends = playable_ends(exposed, tile)
    for end in ends:
        other = list(tile.ends)
        other.remove(end)
        assert exposed_after(exposed, tile, end) == other[0]
    if exposed == TRAIN:
        assert set(ends) == set(tile.ends)
    if tile.is_wild:
        assert TRAIN in ends  # a Red Train end goes anywhere


# --- Checking a set ---


@pytest.mark.parametrize("which", ["wild", "full"])
def test_the_correct_sets_pass_in_any_order(which):  # type: ignore[no-untyped-def]
    tiles = tile_set(which)
    assert check_set(tiles, which) == []
    assert check_set(list(reversed(tiles)), which) == []


def test_set_messages_name_the_tile():
    wild = tile_set("wild")
    three = wild.index(parse_tile("3-Train"))
    messages = [str(v) for v in check_set([*wild, wild[three]], "wild")]
    assert messages == ["tile 3-Train appears 2 times, wanted 1", "the wild set has 22 tiles, wanted 21"]
    dropped = [t for t in wild if t.name != "3-Train"]
    assert [str(v) for v in check_set(dropped, "wild")][0] == "tile 3-Train missing"
    one_a = wild.index(parse_tile("A-Train"))
    short_of_a = wild[:one_a] + wild[one_a + 1 :]
    assert "tile A-Train appears 2 times, wanted 3" in [str(v) for v in check_set(short_of_a, "wild")]
    swapped = [parse_tile("12-5") if t.name == "0-Train" else t for t in wild]
    violations = check_set(swapped, "wild")
    assert [(v.check, str(v), v.cards) for v in violations] == [
        ("tiles", "tile 0-Train missing", ()),
        ("tiles", "tile 12-5 is not part of the wild set", (1,)),
    ]
    full = tile_set("full")
    twice = check_set([*full, full[0]], "full")
    assert [(v.check, str(v), v.cards) for v in twice] == [
        ("counts", "tile 12-12 appears 2 times, wanted 1", (1, 113)),
        ("counts", "the full set has 113 tiles, wanted 112", ()),
    ]
    without_as = [t for t in wild if t.name != "A-Train"]
    assert "tile A-Train missing, wanted 3" in [str(v) for v in check_set(without_as, "wild")]
    assert {v.check for v in check_set([], "full")} <= set(st_rules.CHECKS)


def alteration(which: str):  # type: ignore[no-untyped-def]
    """(altered tiles, the names the violations must mention)."""
    tiles = tile_set(which)
    index = st.integers(0, len(tiles) - 1)
    drop = index.map(lambda i: (tiles[:i] + tiles[i + 1 :], {tiles[i].name}))
    dup = index.map(lambda i: (tiles + [tiles[i]], {tiles[i].name}))

    def replace(i: int, new: Tile):  # type: ignore[no-untyped-def]
        return (tiles[:i] + [new] + tiles[i + 1 :], {tiles[i].name, new.name})

    pairs = st.tuples(index, st.sampled_from(all_tiles())).filter(lambda p: tiles[p[0]] != p[1])
    swap = pairs.map(lambda p: replace(*p))
    return st.one_of(drop, dup, swap)


@pytest.mark.parametrize("which", ["wild", "full"])
@given(data=st.data())
def test_any_single_alteration_is_caught_and_named(which, data):  # type: ignore[no-untyped-def]
    tiles, names = data.draw(alteration(which))
    tiles = data.draw(st.permutations(tiles))
    violations = check_set(tiles, which)
    assert violations
    text = " ".join(str(v) for v in violations)
    for name in names:
        assert f"tile {name} " in text
