"""SuperTrain's referee for one play, against the seed's rules (003) worked by hand."""

from __future__ import annotations

import pytest

from cardgen.errors import CardgenError
from cardgen.rules.supertrain.dominoes import TRAIN, parse_tile, tile_set
from cardgen.rules.supertrain.referee import REASONS, judge, parse_end

# (exposed end, tile, on an open double) → the ways allowed as (laid, left), worked from the seed
CASES = [
    # "If playing the Train-3 onto another 3 you may play the 3 onto the 3 and leave the Train as the
    # exposed end ... Or, you can play the Train onto the 3 and leave the 3 on the other end exposed"
    (3, "3-Train", False, [(3, TRAIN), (TRAIN, 3)]),
    (5, "3-Train", False, [(TRAIN, 3)]),  # "The Red Train ends ... can be played onto any number"
    (5, "12-5", False, [(5, 12)]),
    (5, "12-4", False, []),
    (TRAIN, "12-5", False, [(12, 5), (5, 12)]),  # "the Train ... can be subsequently played onto by any domino"
    # "only another wild domino can ever be played onto a Letter end"
    ("A", "12-5", False, []),
    ("A", "3-Train", False, [(TRAIN, 3)]),
    ("T", "D-Train", False, [("D", TRAIN), (TRAIN, "D")]),
    # "Both ends are wild when playing onto a train"
    (7, "S-Train", False, [("S", TRAIN), (TRAIN, "S")]),
    # "The Double Train ... cannot be played onto another double"
    (5, "Train-Train", False, [(TRAIN, TRAIN)]),
    (5, "Train-Train", True, []),
    (5, "5-Train", True, [(5, TRAIN), (TRAIN, 5)]),  # satisfying an open 5 double
    (5, "5-5", False, [(5, 5)]),
    (TRAIN, "6-6", True, []),  # no double on an open (Double Train) double
    (TRAIN, "6-6", False, [(6, 6)]),
]


@pytest.mark.parametrize("end, tile, double, ways", CASES)
def test_each_way_round_as_the_seed_says(end, tile, double, ways):  # type: ignore[no-untyped-def]
    v = judge(end, parse_tile(tile), on_double=double)
    assert [(w.laid, w.left) for w in v.ways] == ways
    assert v.legal == bool(ways)


def test_the_reasons_are_the_seeds_words() -> None:
    assert judge("A", parse_tile("12-5")).refused[0].reason == REASONS["letter-end"]
    assert "only another wild domino" in REASONS["letter-end"]
    assert judge(5, parse_tile("Train-Train"), on_double=True).refused[0].reason == REASONS["double-train"]
    assert judge(3, parse_tile("3-Train")).ways[1].reason == REASONS["train"]


def test_the_double_train_never_starts_a_train_on_the_engine() -> None:
    assert not judge(12, parse_tile("Train-Train"), on_engine=True).legal
    assert judge(TRAIN, parse_tile("5-5"), on_engine=True).legal  # the Train-Train round: any tile


def test_every_tile_on_every_end_agrees_with_the_plain_rule() -> None:
    """Independently: a Red Train or Letter end laid goes anywhere; a number end only on itself or a Red Train."""
    ends = [*range(13), TRAIN, "A", "D", "R", "S", "T"]
    for end in ends:
        for tile in set(tile_set("full")):
            if tile.name == "Train-Train":
                continue
            got = {w.laid for w in judge(end, tile).ways}
            want = set()
            for e in tile.ends:
                wild = not isinstance(e, int)
                if wild or end == TRAIN or (isinstance(end, int) and e == end):
                    want.add(e)
            assert got == want, (end, tile.name)


@pytest.mark.parametrize("text, end", [("7", 7), ("12", 12), ("train", TRAIN), ("Red", TRAIN), ("a", "A")])
def test_ends_as_typed(text: str, end: object) -> None:
    assert parse_end(text) == end


@pytest.mark.parametrize("text", ["13", "-1", "B", "", "1 2", "Ⅻ", "x" * 100])
def test_a_bad_end_is_one_line(text: str) -> None:
    with pytest.raises(CardgenError, match="no SuperTrain end") as e:
        parse_end(text)
    assert "\n" not in str(e.value) and len(str(e.value)) < 160


def test_a_letter_is_never_a_double() -> None:
    with pytest.raises(CardgenError, match="never a double"):
        judge("A", parse_tile("12-5"), on_double=True)
