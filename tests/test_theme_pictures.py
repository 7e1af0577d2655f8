"""A theme's own pictures (issue #13): ``logo = "logo.png"`` and ``back = "back.jpg"`` (or an SVG).

Built packs are read back with independent readers: lxml for the SVG's <image>, pypdfium2 for
the PDF's image objects and their places in mm, Pillow for the pictures; bad pictures are one
line and nothing written; ``cardgen check`` finds a pack whose picture was swapped.
"""

from __future__ import annotations

import base64
import ctypes
import io
import json
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from lxml import etree
from PIL import Image, ImageDraw

from cardgen.cli import run

SVGNS, XLINK = "{http://www.w3.org/2000/svg}", "{http://www.w3.org/1999/xlink}"
PT = 72 / 25.4
POKER = (63.5, 88.9)


def stripes(size: tuple[int, int], fmt: str) -> bytes:
    im = Image.new("RGB", size, "#203a5c")
    draw = ImageDraw.Draw(im)
    for y in range(0, size[1], 40):
        draw.rectangle([0, y, size[0], y + 18], fill="#e8b23a")
    out = io.BytesIO()
    im.save(out, fmt)
    return out.getvalue()


def badge(size: tuple[int, int]) -> bytes:
    im = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(im).ellipse([2, 2, size[0] - 3, size[1] - 3], fill=(30, 120, 60, 255))
    out = io.BytesIO()
    im.save(out, "PNG")
    return out.getvalue()


def theme(folder: Path, **files: bytes) -> Path:
    """A theme file naming each of ``files`` (logo=…, back=…) as a picture beside it."""
    lines = []
    for key, data in files.items():
        ext = "jpg" if data[:2] == b"\xff\xd8" else "svg" if data.lstrip()[:1] == b"<" else "png"
        name = f"{key}-art.{ext}"
        (folder / name).write_bytes(data)
        lines.append(f'{key} = "{name}"')
    path = folder / "mine.toml"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def built(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "out"
    assert run([*args, "--out", str(out)]) == 0
    (folder,) = out.iterdir()
    return folder


def image_objects(pdf: Path, page: int) -> list[tuple[float, float, float, float]]:
    """The boxes (mm, from the page's top-left: x0, y0, x1, y1) of a page's image objects."""
    doc = pdfium.PdfDocument(str(pdf))
    p = doc[page]
    height = p.get_height()
    boxes = []
    for k in range(raw.FPDFPage_CountObjects(p.raw)):
        obj = raw.FPDFPage_GetObject(p.raw, k)
        if raw.FPDFPageObj_GetType(obj) == raw.FPDF_PAGEOBJ_IMAGE:
            left, b, r, t = (ctypes.c_float() for _ in range(4))
            raw.FPDFPageObj_GetBounds(obj, left, b, r, t)
            boxes.append((left.value / PT, (height - t.value) / PT, r.value / PT, (height - b.value) / PT))
    return boxes


@pytest.fixture(scope="module")
def pictured(tmp_path_factory):  # type: ignore[no-untyped-def]
    tmp = tmp_path_factory.mktemp("pictured")
    back, logo = stripes((900, 1260), "JPEG"), badge((300, 120))
    path = theme(tmp, back=back, logo=logo)
    folder = built(tmp, "pack", "--pattern", "two", "--census", "5", "--backs", "--bleed", "3mm", "--theme", str(path))
    return folder, back, logo


def test_the_pack_holds_its_pictures_and_checks_clean(pictured):  # type: ignore[no-untyped-def]
    folder, back, logo = pictured
    assert (folder / "theme" / "back.jpg").read_bytes() == back  # kept as they were: small enough
    assert (folder / "theme" / "logo.png").read_bytes() == logo
    record = json.loads((folder / "pack.json").read_text("utf-8"))["theme"]
    assert (record["back"], record["logo"]) == ("theme/back.jpg", "theme/logo.png")
    assert run(["check", str(folder)]) == 0


def test_the_back_svg_shows_the_picture_over_the_card_and_its_bleed(pictured):  # type: ignore[no-untyped-def]
    folder, back, _ = pictured
    root = etree.parse(str(folder / "cards" / "back.svg")).getroot()
    (image,) = root.iter(f"{SVGNS}image")
    href = image.get(f"{XLINK}href")
    assert href == "data:image/jpeg;base64," + base64.b64encode(back).decode()
    # the picture (900 × 1260 px, 5:7) covers the 69.5 × 94.9 mm card-with-bleed: it is as
    # wide as that and taller (94.9 / 69.5 < 7 / 5), centred, and clipped to it
    w, h = float(image.get("width")), float(image.get("height"))
    assert w == pytest.approx(69.5, abs=0.01) and h == pytest.approx(69.5 * 1260 / 900, abs=0.01)
    assert float(image.get("y")) == pytest.approx((94.9 - h) / 2, abs=0.01)


def test_each_card_face_has_the_logo_in_its_corner_and_turned_in_the_other(pictured):  # type: ignore[no-untyped-def]
    folder, _, logo = pictured
    root = etree.parse(str(folder / "cards" / "007.svg")).getroot()
    upright, turned = root.iter(f"{SVGNS}image")
    assert upright.get(f"{XLINK}href") == "data:image/png;base64," + base64.b64encode(logo).decode()
    with Image.open(io.BytesIO(logo)) as im:  # the lower half's copy: the same picture turned 180°
        want = im.transpose(Image.Transpose.ROTATE_180).tobytes()
    data = base64.b64decode(turned.get(f"{XLINK}href").split(",", 1)[1])
    with Image.open(io.BytesIO(data)) as im:
        assert im.tobytes() == want
    boxes = [tuple(float(i.get(k)) for k in ("x", "y", "width", "height")) for i in (upright, turned)]
    (x, y, w, h), (tx, ty, tw, th) = boxes
    # 300 × 120 px, in its own proportions, in the top right corner inside the safe zone …
    assert w / h == pytest.approx(300 / 120, abs=0.01) and 4.0 <= h <= 10.0
    assert x + w <= POKER[0] - 3.175 + 0.01 and y >= 3.175 - 0.01 and x > POKER[0] / 2
    # … and its turned copy in the bottom left, where the card turned 180° puts it
    assert (tx, ty, tw, th) == pytest.approx((POKER[0] - x - w, POKER[1] - y - h, w, h), abs=0.01)
    # clear of the corner index and the title: no text's anchor inside the logo's box
    for t in root.iter(f"{SVGNS}text"):
        tx0, ty0 = float(t.get("x")), float(t.get("y"))
        assert not (x - 0.5 <= tx0 <= x + w + 0.5 and y - 0.5 <= ty0 <= y + h + 0.5), t.get("class")


def test_the_pdf_draws_a_picture_on_every_back_and_a_logo_on_every_face_both_ways_up(pictured):  # type: ignore[no-untyped-def]
    folder, _, _ = pictured
    pdf = next(folder.glob("*.pdf"))
    fronts, backs = image_objects(pdf, 0), image_objects(pdf, 1)
    per_page = json.loads((folder / "pack.json").read_text("utf-8"))["per_page"]  # 8: landscape, with the bleed
    assert per_page == len(backs) == 8 and len(fronts) == 2 * per_page
    sizes = {(round(x1 - x0, 1), round(y1 - y0, 1)) for x0, y0, x1, y1 in fronts}
    assert len(sizes) == 1  # every logo, upright or turned, the same size
    # each back picture is drawn 69.5 mm wide (the card with its bleed), clipped to the card's place
    assert all(x1 - x0 == pytest.approx(69.5, abs=0.05) for x0, _, x1, _ in backs)
    # the JPEG goes in once, as it is (DCT), however many backs show it
    assert pdf.read_bytes().count(b"/DCTDecode") == 1


def test_a_pack_whose_picture_was_swapped_fails_its_check(pictured, tmp_path):  # type: ignore[no-untyped-def]
    folder, _, _ = pictured
    copy = tmp_path / folder.name
    shutil.copytree(folder, copy)
    (copy / "theme" / "back.jpg").write_bytes(stripes((900, 1260), "JPEG")[:-1] + b"\xd9")  # other bytes
    (copy / "theme" / "back.jpg").write_bytes(stripes((700, 980), "JPEG"))
    assert run(["check", str(copy)]) == 1


def test_an_svg_picture_is_drawn_at_print_resolution(tmp_path):  # type: ignore[no-untyped-def]
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="50" height="70"><rect width="50" height="70" fill="#8a2323"/><circle cx="25" cy="35" r="20" fill="#ffffff"/></svg>'
    folder = built(
        tmp_path, "pack", "--census", "3", "--copies", "1", "--backs", "--theme", str(theme(tmp_path, back=svg))
    )
    with Image.open(folder / "theme" / "back.png") as im:
        # 2400 px on the long side (2400 / 88.9 mm = 686 dpi for a poker card), the short one in
        # proportion: 50 / 70 × 2400 = 1714.3, which resvg rounds up
        assert im.size[1] == 2400 and abs(im.size[0] - 50 / 70 * 2400) < 1
    assert run(["check", str(folder)]) == 0


def test_a_huge_logo_is_scaled_down_before_it_goes_into_every_card(tmp_path):  # type: ignore[no-untyped-def]
    folder = built(
        tmp_path, "pack", "--census", "3", "--copies", "1", "--theme", str(theme(tmp_path, logo=badge((3000, 1200))))
    )
    with Image.open(folder / "theme" / "logo.png") as im:
        assert im.size == (800, 320)
    assert max(p.stat().st_size for p in (folder / "cards").iterdir()) < 80_000


def test_the_same_theme_builds_the_same_bytes(tmp_path):  # type: ignore[no-untyped-def]
    path = theme(tmp_path, back=stripes((400, 560), "PNG"), logo=badge((3000, 1200)))
    a = built(tmp_path / "a", "pack", "--census", "4", "--backs", "--theme", str(path))
    b = built(tmp_path / "b", "pack", "--census", "4", "--backs", "--theme", str(path))
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    assert all((a / f).read_bytes() == (b / f).read_bytes() for f in files)


def gif() -> bytes:
    out = io.BytesIO()
    Image.new("P", (10, 10)).save(out, "GIF")
    return out.getvalue()


def bomb() -> bytes:
    """A PNG whose header claims 100 000 × 100 000 pixels."""
    good = badge((8, 8))
    import struct
    import zlib

    ihdr = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 6, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return good[:8] + struct.pack(">I", 13) + chunk + struct.pack(">I", zlib.crc32(chunk)) + good[33:]


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (gif(), "GIF"),
        (badge((64, 64))[:60], "damaged"),
        (b"\x89PNG\r\n\x1a\n" + b"junk" * 10, "picture"),
        (bomb(), "picture"),
    ],
    ids=["gif", "truncated", "junk", "bomb"],
)
def test_a_bad_picture_is_one_line_and_writes_nothing(tmp_path, capsys, data, needle):  # type: ignore[no-untyped-def]
    (tmp_path / "art.png").write_bytes(data)
    (tmp_path / "t.toml").write_text('back = "art.png"\n', "utf-8")
    code = run(["pack", "--census", "3", "--backs", "--theme", str(tmp_path / "t.toml"), "--out", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "back" in err and needle in err, err
    assert not (tmp_path / "o").exists()


def test_a_pack_json_naming_a_picture_elsewhere_is_refused(pictured, tmp_path, capsys):  # type: ignore[no-untyped-def]
    folder, _, _ = pictured
    copy = tmp_path / folder.name
    shutil.copytree(folder, copy)
    data = json.loads((copy / "pack.json").read_text("utf-8"))
    data["theme"]["back"] = "../../etc/back.jpg"
    (copy / "pack.json").write_text(json.dumps(data), "utf-8")
    assert run(["check", str(copy)]) == 2
    assert "not a picture a pack holds" in capsys.readouterr().err


def test_an_image_pointing_outside_the_file_is_named_by_the_checker(pictured):  # type: ignore[no-untyped-def]
    from cardgen.proof.svg import parse_svg

    folder, _, _ = pictured
    svg = (folder / "cards" / "back.svg").read_text("utf-8")
    start = svg.index('xlink:href="') + len('xlink:href="')
    forged = svg[:start] + "file:///etc/passwd" + svg[svg.index('"', start) :]
    doc = parse_svg(forged.encode("utf-8"), "cards/back.svg")
    assert not isinstance(doc, str) and any("<image>" in p for p in doc.problems)
