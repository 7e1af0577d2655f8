"""Card faces (#23): one type size per part across a whole pack, read back from the written
SVGs; the railway art and the pictograms inside the panel; the 2D number pictogram that says
"the highest card of a line" and not "the middle card"; the plain theme; long titles."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from lxml import etree

from cardgen.cli import run
from cardgen.layout.got.back import card_back
from cardgen.layout.got.card import SAFE, card_face
from cardgen.layout.got.card2d import grid_card_face
from cardgen.layout.got.wild import wild_face
from cardgen.layout.shapes import Circle, Group, Line, Polygon, Rect, Text, walk
from cardgen.layout.shapes import Path as PathShape
from cardgen.layout.theme import PLAIN
from cardgen.rules.got.grid_packs import GridPack
from cardgen.rules.got.patterns import make_pattern
from cardgen.units import CARDS

NS = "{http://www.w3.org/2000/svg}"
# the parts a face shows; each must be one size across the pack (a wild's own parts: across its wilds)
ROLES = ("number", "index-number", "ability", "index-ability", "note", "title", "pack-mark", "wild", "index-wild")


def build(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "out"
    assert run([*args, "--out", str(out)]) == 0
    (folder,) = out.iterdir()
    return folder


def sizes_by_role(folder: Path) -> dict[str, set[str]]:
    """Every card SVG's texts read back: the font sizes each role is set at, across the pack."""
    sizes: dict[str, set[str]] = defaultdict(set)
    for svg in sorted((folder / "cards").glob("*.svg")):
        if svg.stem.startswith("back"):
            continue
        for t in etree.parse(str(svg)).getroot().iter(f"{NS}text"):
            sizes[t.get("class", "")].add(t.get("font-size", ""))
    return sizes


@pytest.mark.parametrize(
    "args",
    [
        ("pack", "--pattern", "one", "--census", "7"),  # 6, 9, 16 … underlined among 84
        ("pack", "--pattern", "two", "--census", "9", "--numbers", "--card", "mini", "--title", "Night mail"),
        ("pack", "--pattern", "three", "--census", "5", "--card", "bridge", "--packs", "2", "--wilds", "2"),
        ("pack", "--pattern", "one", "--census", "12", "--copies", "2", "--card", "tarot"),
        ("pack2d", "--categories", "row-swap,col-rotate,remove,number"),
        ("pack2d", "--card", "mini", "--title", "A long title for a mini card"),
    ],
)
def test_every_card_of_a_pack_sets_each_part_at_one_size(tmp_path, args):
    folder = build(tmp_path, *args)
    sizes = sizes_by_role(folder)
    assert {"number", "index-number", "ability", "index-ability"} <= set(sizes)
    for role in ROLES:
        assert len(sizes.get(role, set())) <= 1, (role, sizes[role])
    # and the underlined numbers are among them: the same size as the others, underlined
    texts = {
        svg.stem: {t.get("class"): t.get("font-size") for t in etree.parse(str(svg)).getroot().iter(f"{NS}text")}
        for svg in (folder / "cards").glob("*.svg")
        if not svg.stem.startswith("back")
    }
    six = next((s for s in texts if s.lstrip("AB-0") == "6"), None)
    if six is not None:
        svg = etree.parse(str(folder / "cards" / f"{six}.svg")).getroot()
        assert sum(1 for r in svg.iter(f"{NS}rect") if r.get("class") == "underline") == 4
        assert texts[six]["number"] == sizes["number"].copy().pop()


def test_a_pack_is_sized_from_its_widest_number_not_card_by_card():
    """Faces drawn alone agree: 6 (underlined) and 8, 11 and 84, a short and a long ability."""
    pack = make_pattern("two", 7, numbers=True)
    faces = [card_face(pack.card(n), pack, CARDS["poker"]) for n in (6, 8, 11, 84, 29, 33)]
    for role in ("number", "index-number", "ability", "index-ability"):
        sizes = {s.size for f in faces for s, _, _ in walk(f.shapes) if isinstance(s, Text) and s.role == role}
        assert len(sizes) == 1, (role, sizes)
    notes = {s.size for f in faces for s, _, _ in walk(f.shapes) if isinstance(s, Text) and s.role == "note"}
    assert len(notes) == 1


def _extent(shape, dx, dy):  # type: ignore[no-untyped-def]
    """A shape's box (x0, y0, x1, y1), its stroke included."""
    if isinstance(shape, Rect):
        x0, y0, x1, y1 = shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    elif isinstance(shape, Circle):
        x0, y0, x1, y1 = shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    elif isinstance(shape, Line):  # butt ends: a level line's stroke widens it up and down only
        x0, x1 = min(shape.x1, shape.x2), max(shape.x1, shape.x2)
        y0, y1 = min(shape.y1, shape.y2), max(shape.y1, shape.y2)
        half = shape.stroke_width / 2
        wide, tall = (0.0, half) if y0 == y1 else (half, 0.0) if x0 == x1 else (half, half)
        return x0 + dx - wide, y0 + dy - tall, x1 + dx + wide, y1 + dy + tall
    elif isinstance(shape, (Polygon, PathShape)):
        pts = shape.points if isinstance(shape, Polygon) else shape.points()
        x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
        y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    elif isinstance(shape, Text):
        x0, y0, x1, y1 = shape.bounds()
        return x0 + dx, y0 + dy, x1 + dx, y1 + dy
    else:
        x0, y0, x1, y1 = shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    half = getattr(shape, "stroke_width", 0.0) / 2
    return x0 + dx - half, y0 + dy - half, x1 + dx + half, y1 + dy + half


@pytest.mark.parametrize("size", sorted(CARDS.values()))
@pytest.mark.parametrize("theme", ["default", "plain"])
def test_nothing_but_the_ground_reaches_past_the_safe_zone(size, theme):
    """Texts, frames, the track, the trains, the pictograms and the pack marks all stay 3.175 mm
    (SAFE) inside the cut; only the tinted ground runs to the bleed."""
    look = {"theme": PLAIN} if theme == "plain" else {}
    spec = make_pattern("two", 23, numbers=True)  # the most wagons a removal pack has: 23 spaces
    linear = make_pattern("one", 7, packs=2)
    grid = GridPack("row-swap,col-rotate,remove,number")
    drawings = [
        card_face(spec.card(n), spec, size, title="Family night", **look)
        for n in (1, 2, 26, spec.block - 1, spec.block)
    ]
    drawings += [card_face(linear.card(6), linear, size, mark="B", **look)]
    drawings += [grid_card_face(grid.card(n), grid, size, **look) for n in range(1, grid.block + 1, 5)]
    drawings += [wild_face(size, mark="A", title="Family night", **look), card_back(spec, size, mark="B", **look)]
    w, h = size
    for drawing in drawings:
        for s, dx, dy in walk(drawing.shapes):
            if getattr(s, "role", "") == "background":
                continue
            x0, y0, x1, y1 = _extent(s, dx, dy)
            where = (drawing.title, s.role, (round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2)))
            assert min(x0, y0) >= SAFE - 0.2 and x1 <= w - SAFE + 0.2 and y1 <= h - SAFE + 0.2, where


def test_the_spaces_pictogram_marks_the_spaces_of_the_ability():
    pack = make_pattern("two", 7)
    swap, removal = pack.card(3), pack.card(1)  # A↔C, A→X
    assert (swap.ability.label, removal.ability.label) == ("A↔C", "A→X")

    def marks(face):  # type: ignore[no-untyped-def]
        upper = [s for s in face.shapes if getattr(s, "role", "") == "space-mark" and s.y < face.height / 2]
        return sorted(upper, key=lambda s: s.x)

    a, c = marks(card_face(swap, pack, CARDS["poker"]))
    (x,) = marks(card_face(removal, pack, CARDS["poker"]))
    pitch = (c.x - a.x) / 2  # A and C: two wagons apart
    assert pitch > 3.0 and x.x == pytest.approx(a.x)  # the first wagon, A, in both
    assert a.fill == c.fill != x.fill  # a swap's wagons in the pack's colour, a removal's in ink
    removal_face = card_face(removal, pack, CARDS["poker"])
    assert sum(1 for s in removal_face.shapes if getattr(s, "role", "") == "space-cross") == 2  # each half
    assert sum(1 for s in card_face(swap, pack, CARDS["poker"]).shapes if getattr(s, "role", "") == "space-arc") == 2


def test_a_face_stays_a_handful_of_shapes():
    """The hot path: however many spaces, a face is a few dozen shapes (the wagons one outline)."""
    for census in (7, 26):
        pack = make_pattern("one", census)
        face = card_face(pack.card(1), pack, CARDS["poker"])
        assert sum(1 for _ in walk(face.shapes)) <= 36


def _picked(ability_code: str) -> list[tuple[int, int]]:
    """The cells the 2D number pictogram marks (upper half), as (row, col) of its 3 × 3 mat."""
    pack = GridPack("number")
    card = next(c for c in pack.cards() if c.ability.code == ability_code)
    face = grid_card_face(card, pack, CARDS["poker"])
    group = next(s for s in face.shapes if isinstance(s, Group) and s.role == "picture" and s.dy < face.height / 2)
    cells = [s for s in group.shapes if isinstance(s, Rect) and s.role == "pict-cell"]
    cell = cells[0].w
    picks = [s for s in group.shapes if isinstance(s, Rect) and s.role == "pict-pick"]
    return sorted((int((p.y + p.h - 0.01) // cell), int((p.x + p.w / 2) // cell)) for p in picks)


def test_the_2d_number_pictogram_marks_the_highest_card_of_each_line_not_the_middle():
    rows, cols = _picked("#RHI"), _picked("#CHI")
    assert sorted(r for r, _ in rows) == [0, 1, 2]  # one in each row …
    assert sorted(c for c, _ in rows) == [0, 1, 2]  # … each in another column: never all the middle one
    assert sorted(c for _, c in cols) == [0, 1, 2] and sorted(r for r, _ in cols) != [1, 1, 1]
    assert rows != cols  # a row's highest is not simply a column's: the two cards differ at a glance
    assert _picked("#RHL") == rows and _picked("#CHL") == cols


def test_the_plain_theme_builds_checks_and_draws_no_railway(tmp_path, capsys):
    folder = build(tmp_path, "pack", "--pattern", "two", "--census", "5", "--backs", "--theme", "plain")
    assert folder.name.endswith("-theme-plain")
    record = json.loads((folder / "pack.json").read_text("utf-8"))["theme"]
    assert (record["art"], record["back"], record["logo"]) == ("plain", "plain", "none")
    classes = {
        e.get("class") for svg in (folder / "cards").glob("*.svg") for e in etree.parse(str(svg)).getroot().iter()
    }
    assert not classes & {"engine", "rail", "sleepers", "back-engine", "logo"}
    assert "space-mark" in classes  # the spaces, as boxes
    capsys.readouterr()
    assert run(["check", str(folder)]) == 0, capsys.readouterr().out
    default = build(tmp_path / "d", "pack", "--pattern", "two", "--census", "5")
    assert {"engine", "rail", "sleepers"} <= {
        e.get("class") for e in etree.parse(str(default / "cards" / "001.svg")).getroot().iter()
    }


def test_an_unknown_theme_name_is_one_line(tmp_path, capsys):
    assert run(["pack", "--theme", "fancy", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "plain" in err and "theme file" in err


def test_a_title_too_long_for_mini_cards_is_cut_and_the_build_says_so_in_one_line(tmp_path, capsys):
    title = "The Grand Trans-Continental Railway Preservation Society of Upper Wessex Edition"
    folder = build(tmp_path, "pack", "--pattern", "two", "--census", "7", "--card", "mini", "--title", title)
    out = capsys.readouterr().out
    warnings = [line for line in out.splitlines() if "warning" in line]
    assert len(warnings) == 1 and "too long" in warnings[0] and "44.45 × 63.5 mm" in warnings[0]
    root = etree.parse(str(folder / "cards" / "012.svg")).getroot()
    lines = [
        t.text
        for t in root.iter(f"{NS}text")
        if t.get("class") == "title" and "rotate" not in (t.get("transform") or "")
    ]
    assert len(lines) == 2 and lines[-1].endswith("…") and title.startswith(" ".join(lines)[:-1])
    assert all(
        float(t.get("font-size")) >= 6 * 25.4 / 72 - 1e-3 for t in root.iter(f"{NS}text") if t.get("class") == "title"
    )
    capsys.readouterr()
    assert run(["check", str(folder)]) == 0
    # a title that fits says nothing
    build(tmp_path / "fits", "pack", "--pattern", "two", "--census", "7", "--card", "mini", "--title", "Night mail")
    assert "warning" not in capsys.readouterr().out


def test_the_railway_art_is_held_to_its_svg_in_the_pdf(tmp_path, capsys):
    """The art is compared slot by slot like every shape: card 1's track losing its sleepers in the
    PDF alone (a line of the pack's light colour deleted) is named, card 2 left alone."""
    import re

    import pikepdf

    folder = build(tmp_path, "pack", "--pattern", "two", "--census", "3", "--copies", "2")
    path = next(folder.glob("*.pdf"))
    # the sleepers: one dashed stroke of pattern two's light colour (#d6b2b2), deleted
    sleepers = re.compile(rb"(\.839216 \.698039 \.698039 RG\n[0-9.]+ w\n\[[0-9. ]+\] 0 d\n)n [^\n]*? S\n")
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        data = pdf.pages[0].Contents.read_bytes()
        edited = sleepers.sub(rb"\1", data, count=1)
        assert edited != data
        pdf.pages[0].Contents = pdf.make_stream(edited)
        pdf.save(path)
    capsys.readouterr()
    assert run(["check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "slot 1 (card 1)" in out and "shapes" in out and "(card 2)" not in out, out


# ---------------------------------------------------------------- the look, measured on the raster

DPI = 600
PX = DPI / 25.4  # pixels a mm


def _raster(svg: Path):  # type: ignore[no-untyped-def]
    """A card SVG drawn by resvg with the shipped fonts, as a grey-level image (0 ink, 255 paper)."""
    import io

    from PIL import Image

    from tests.conftest import svg_png

    image = Image.open(io.BytesIO(svg_png(svg.read_bytes(), dpi=DPI))).convert("L")
    root = etree.parse(str(svg)).getroot()
    x0, y0, _, _ = (float(v) for v in root.get("viewBox").split())
    return image, root, (x0, y0)


def _first_ink_under(image, origin, x0: float, x1: float, y: float, limit: float = 12.0) -> float:  # type: ignore[no-untyped-def]
    """How far (mm) under y the first dark pixel is, between x0 and x1 (mm, the card's own)."""
    ox, oy = origin
    left, right = int((x0 - ox) * PX) + 2, int((x1 - ox) * PX) - 2
    top = int((y - oy) * PX) + 1
    for row in range(top, top + int(limit * PX)):
        if min(image.getpixel((col, row)) for col in range(left, right, 2)) < 140:
            return (row - top) / PX
    return limit


@pytest.mark.parametrize(
    "args, stem",
    [
        (("pack", "--pattern", "one", "--census", "7"), "006"),
        (("pack", "--pattern", "one", "--census", "5", "--numbers", "--packs", "2"), "A-016"),
        (("pack2d", "--categories", "row-swap,col-swap,row-rotate,col-rotate,remove"), "016"),
        (("pack", "--pattern", "two", "--census", "7", "--card", "mini"), "009"),
    ],
)
def test_an_underline_leaves_clear_room_over_what_stands_under_it(tmp_path, args, stem):
    """Drawn by a real renderer: under the large number's underline (1D and 2D cards, the label
    centred under it) and under the corner index's, 1.5 mm of paper before the next ink."""
    folder = build(tmp_path, *args)
    image, root, origin = _raster(folder / "cards" / f"{stem}.svg")
    height = float(root.get("height").removesuffix("mm"))
    lines = [r for r in root.iter(f"{NS}rect") if r.get("class") == "underline" and float(r.get("y")) < height / 2]
    assert len(lines) == 2  # the large number's and the corner index's, in the upper half
    for r in lines:
        x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
        assert _first_ink_under(image, origin, x, x + w, y + h) >= 1.5 - 0.05, (stem, x, y)


def test_the_pack_letter_stands_clear_of_the_corner_index(tmp_path):
    folder = build(tmp_path, "pack", "--pattern", "one", "--census", "5", "--numbers", "--packs", "2")
    for stem in ("A-013", "B-009", "A-016"):  # #LEV (the widest code), an underlined 9, 16
        image, root, (ox, oy) = _raster(folder / "cards" / f"{stem}.svg")
        ring = next(c for c in root.iter(f"{NS}circle") if c.get("class") == "pack-ring")
        cx, cy, r, sw = (float(ring.get(k)) for k in ("cx", "cy", "r", "stroke-width"))
        edge = cx - r - sw / 2  # the ring's left edge
        rows = range(int((cy - 2 * r - oy) * PX), int((cy + 2 * r - oy) * PX))
        inked = [
            col
            for col in range(int((SAFE + 0.5 - ox) * PX), int((edge - 0.1 - ox) * PX))
            if min(image.getpixel((col, row)) for row in rows) < 140
        ]
        assert (edge - ox) - max(inked) / PX >= 1.5, stem  # a gap as wide as a letter


def test_a_removal_card_is_a_clean_light_tint_with_a_bold_cross():
    import colorsys

    pack = make_pattern("two", 7)
    face = card_face(pack.card(1), pack, CARDS["poker"])  # A→X
    (panel,) = [s for s in face.shapes if getattr(s, "role", "") == "panel-removal"]
    r, g, b = (int(panel.fill[i : i + 2], 16) / 255 for i in (1, 3, 5))
    _, lightness, saturation = colorsys.rgb_to_hls(r, g, b)
    assert lightness >= 0.92 and saturation >= 0.5  # light, and its hue kept (not greyed towards mauve)
    crosses = [s for s in face.shapes if getattr(s, "role", "") == "space-cross"]
    for cross in crosses:
        xs, ys = [p[0] for p in cross.points], [p[1] for p in cross.points]
        assert min(max(xs) - min(xs), max(ys) - min(ys)) >= 3.0  # mm: a bold cross, not a speck
        assert cross.fill == "#1a1a1a" and cross.stroke == "#ffffff"  # ink, edged in white


def test_number_cards_say_what_they_do_in_words_and_stay_a_handful_of_shapes():
    pack = make_pattern("one", 7, numbers=True)
    words = {}
    for card in pack.cards()[: pack.block]:
        face = card_face(card, pack, CARDS["poker"])
        assert sum(1 for _ in walk(face.shapes)) <= 33  # no more than a positional swap's and its note
        notes = {s.text for s, _, _ in walk(face.shapes) if isinstance(s, Text) and s.role == "note"}
        words[card.ability.label] = notes
    assert words["LO EV→X"] == {"remove the lowest even card"}
    assert words["HI OD→X"] == {"remove the highest odd card"}
    assert words["HI↔LO"] == {"swap the highest and lowest"}
    # the loads are the wagons themselves (one outline), no grey bars floating beside them
    face = card_face(next(c for c in pack.cards() if c.ability.label == "HI→X"), pack, CARDS["poker"])
    assert not [s for s in face.shapes if getattr(s, "role", "") in ("loads", "space-load")]


def test_a_wild_shows_one_emblem_a_half_clear_of_the_middle():
    face = wild_face(CARDS["poker"], mark="A")
    w, h = CARDS["poker"]
    emblems = [s for s in face.shapes if getattr(s, "role", "") == "wild-emblem"]
    engines = [s for s in face.shapes if getattr(s, "role", "") == "wild-engine"]
    assert len(emblems) == len(engines) == 2  # one a half
    for ring in emblems:  # (its outline sampled along its curves: their control points overshoot)
        points, at = [ring.start], ring.start
        for seg in ring.segments:
            if len(seg) == 2:
                points.append(seg)
            else:
                p1, p2, p3 = seg[:2], seg[2:4], seg[4:]
                for t in (i / 16 for i in range(1, 17)):
                    a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t**3
                    points.append(tuple(a * u + b * v + c * x + d * y for u, v, x, y in zip(at, p1, p2, p3)))
            at = points[-1]
        half = ring.stroke_width / 2
        x0, x1 = min(p[0] for p in points) - half, max(p[0] for p in points) + half
        y0, y1 = min(p[1] for p in points) - half, max(p[1] for p in points) + half
        assert abs((x0 + x1) / 2 - w / 2) < 0.01  # centred
        assert y1 <= h / 2 - 3.0 or y0 >= h / 2 + 3.0  # clear of the middle and of its turned copy
    assert sum(1 for _ in walk(face.shapes)) <= 17


def test_2d_corner_labels_are_one_size_of_the_scale_and_at_least_6pt(tmp_path):
    folder = build(tmp_path, "pack2d", "--categories", "row-swap,col-swap,row-rotate,col-rotate,remove")
    sizes = sizes_by_role(folder)
    (code,) = sizes["index-ability"]
    assert float(code) >= 8.6 * 25.4 / 72 - 1e-3  # 10.4 pt here: the corner holds "row A: rotate →"


# --- #33: 2D cards without the empty train; backs ---------------------------------------------------


def _upper_picture_side(svg: Path) -> float:
    """The side (mm) of the 2D pictogram in a card's upper half, read back from its SVG."""
    root = etree.parse(str(svg)).getroot()
    group = next(g for g in root.iter(f"{NS}g") if g.get("class") == "picture")  # the upper half's comes first
    cells = [r for r in group.iter(f"{NS}rect") if r.get("class") == "pict-cell"]
    xs = [float(r.get("x")) for r in cells] + [float(r.get("x")) + float(r.get("width")) for r in cells]
    return max(xs) - min(xs)


def test_a_2d_card_has_no_empty_train_and_a_larger_pictogram(tmp_path):
    """#33: "the train with two empty wagons carries nothing on a 3×3 card and takes the place where
    the pictogram could be larger". The engine and wagons are gone (the track stays), and the mat's
    pictogram grows into their room: 14.3 mm a side on a poker card before, 17 mm or more now."""
    folder = build(tmp_path, "pack2d")
    svg = folder / "cards" / "001.svg"
    classes = {e.get("class") for e in etree.parse(str(svg)).getroot().iter() if e.get("class")}
    assert not classes & {"engine", "wagons", "wagon", "small-engine"}, classes
    assert {"rail", "sleepers"} <= classes  # the railway look keeps its track
    side = _upper_picture_side(svg)
    assert side >= 17.0, side
    mini = build(tmp_path / "mini", "pack2d", "--card", "mini")
    assert _upper_picture_side(mini / "cards" / "001.svg") >= 11.5  # 8.3 mm before


@pytest.mark.parametrize("size", sorted(CARDS))
def test_a_combined_packs_back_keeps_its_name_on_one_line(size):
    """#33: "Game of / Trains" wrapped onto two lines on combined-pack backs, to make room for the
    pack's letter; the letter stands beside the short second line instead, clear of the name."""
    spec = make_pattern("two", 7, packs=2)
    w, h = CARDS[size]
    plain_back, marked = card_back(spec, (w, h)), card_back(spec, (w, h), mark="B")

    def names(d):  # type: ignore[no-untyped-def]
        return [s for s, _, _ in walk(d.shapes) if isinstance(s, Text) and s.role == "back-title" and s.y < h / 2]

    assert len(names(marked)) == len(names(plain_back)) == 1, [t.text for t in names(marked)]
    assert names(marked)[0].size == names(plain_back)[0].size  # no smaller for the letter either
    title = names(marked)[0].bounds()
    rings = [s for s, _, _ in walk(marked.shapes) if isinstance(s, Circle) and s.role == "pack-ring" and s.cy < h / 2]
    assert len(rings) == 1
    ring = rings[0]
    box = (ring.cx - ring.r, ring.cy - ring.r, ring.cx + ring.r, ring.cy + ring.r)
    assert box[1] >= title[3] or box[2] <= title[0], (box, title)  # under the name's line, or beside it
    assert box[0] >= SAFE - 1e-6 and box[1] >= SAFE - 1e-6


def _inked(image, box: tuple[int, int, int, int]) -> float:  # type: ignore[no-untyped-def]
    """The mean ink (0 white to 1 full CMY) of a box of a rendered page."""
    from PIL import ImageStat

    return sum(1 - m / 255 for m in ImageStat.Stat(image.crop(box)).mean) / 3


def test_the_light_back_takes_a_third_of_the_ink_and_leaves_no_window_bare(tmp_path):
    """#33: dark solid backs use much home-printer ink. ``--back light``: a fine hatch in a pale
    tint on white, the words and locomotive in the accent. Measured on the backs page as pdfium
    renders it (100 dpi): a third of the dark back's ink or less; and no 3 × 3 mm window of a back
    is bare paper (at least 12 % ink in every one), so nothing shows through a blank patch."""
    import pypdfium2 as pdfium

    dpi = 100
    px = dpi / 25.4
    pages = {}
    for look in ("dark", "light"):
        folder = build(tmp_path / look, "pack", "--pattern", "two", "--census", "7", "--backs", "--back", look)
        assert folder.name.endswith("-backs-back-light" if look == "light" else "-backs")
        assert run(["check", str(folder)]) == 0  # the pack's record draws the same back again
        pages[look] = pdfium.PdfDocument(next(folder.glob("*.pdf")))[1].render(scale=dpi / 72).to_pil().convert("RGB")
    dark, light = (
        _inked(pages["dark"], (0, 0, *pages["dark"].size)),
        _inked(pages["light"], (0, 0, *pages["light"].size)),
    )
    assert light <= dark / 3 + 0.01, (light, dark)
    # one back: the sheet's first slot on the backs page (mirrored: the top right card)
    from cardgen.impose.sheets import plan_sheet
    from cardgen.units import PAPERS

    plan = plan_sheet(CARDS["poker"], PAPERS["a4"], orientation="portrait")
    x, y = plan.slot(0, back=True)
    w, h = CARDS["poker"]
    step = round(3 * px)
    bare = []
    for gx in range(round((x + 1) * px), round((x + w - 1) * px) - step, step):
        for gy in range(round((y + 1) * px), round((y + h - 1) * px) - step, step):
            if _inked(pages["light"], (gx, gy, gx + step, gy + step)) < 0.12:
                bare.append((gx, gy))
    assert not bare, bare[:5]
