"""Layout properties: text inside the safe area, nothing overlapping, for any card."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.layout.got.card import SAFE, card_face
from cardgen.layout.got.card2d import grid_card_face
from cardgen.layout.shapes import Group, Rect, Text, walk
from cardgen.layout.typescale import reads_otherwise_turned
from cardgen.rules.got.grid_packs import CATEGORIES, GridPack
from cardgen.rules.got.patterns import make_pattern
from cardgen.units import CARDS

SIZES = sorted(CARDS.values())


def boxes(drawing):  # type: ignore[no-untyped-def]
    """Ink boxes of texts, underlines and pictures, in card coordinates."""
    out = []
    for shape in drawing.shapes:
        if isinstance(shape, Group):
            xs = [s.x + shape.dx for s, _, _ in walk(shape.shapes) if isinstance(s, Rect)]
            ys = [s.y + shape.dy for s, _, _ in walk(shape.shapes) if isinstance(s, Rect)]
            ws = [s.x + s.w + shape.dx for s, _, _ in walk(shape.shapes) if isinstance(s, Rect)]
            hs = [s.y + s.h + shape.dy for s, _, _ in walk(shape.shapes) if isinstance(s, Rect)]
            out.append(("picture", (min(xs), min(ys), max(ws), max(hs))))
        elif isinstance(shape, Text):
            out.append((shape.role, shape.bounds()))
        elif isinstance(shape, Rect) and shape.role == "underline":
            out.append(("underline", (shape.x, shape.y, shape.x + shape.w, shape.y + shape.h)))
    return out


def overlaps(a, b, slack=0.05):  # type: ignore[no-untyped-def]
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def assert_clean(drawing, w, h):  # type: ignore[no-untyped-def]
    items = boxes(drawing)
    for role, (x0, y0, x1, y1) in items:
        assert x0 >= SAFE - 0.01 and x1 <= w - SAFE + 0.01, (role, x0, x1)
        assert y0 >= SAFE - 0.01 and y1 <= h - SAFE + 0.01, (role, y0, y1)
    for i, (ra, a) in enumerate(items):
        for rb, b in items[i + 1 :]:
            if {ra, rb} <= {"number", "index-number", "underline"} and "underline" in (ra, rb):
                continue  # an underline sits under its own number
            assert not overlaps(a, b), (ra, a, rb, b)


patterns = st.one_of(
    st.tuples(st.just("one"), st.integers(2, 26)),
    st.tuples(st.just("two"), st.integers(2, 23)),
    st.tuples(st.just("three"), st.integers(2, 26)),
)


@settings(max_examples=150, deadline=None)
@given(patterns, st.integers(1, 12), st.sampled_from(SIZES), st.data(), st.text(max_size=30))
def test_linear_faces_keep_text_apart_and_inside(pc, copies, size, data, title):
    pack = make_pattern(pc[0], pc[1], copies=copies)
    n = data.draw(st.integers(1, pack.size))
    face = card_face(pack.card(n), pack, size, title=title.strip())
    assert_clean(face, *size)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(list(CATEGORIES)), min_size=1, unique=True), st.sampled_from(SIZES), st.data())
def test_2d_faces_keep_text_apart_and_inside(categories, size, data):
    pack = GridPack(categories)
    n = data.draw(st.integers(1, pack.size))
    assert_clean(grid_card_face(pack.card(n), pack, size), *size)


def test_ambiguous_numbers_are_underlined_and_others_not():
    pack = make_pattern("one", 7)
    underlines = {
        n: sum(1 for s in card_face(pack.card(n), pack, SIZES[0]).shapes if getattr(s, "role", "") == "underline")
        for n in (6, 9, 66, 69, 7, 68)
    }
    assert underlines == {6: 4, 9: 4, 66: 4, 69: 0, 7: 0, 68: 4}
    assert not reads_otherwise_turned("69") and reads_otherwise_turned("86")
