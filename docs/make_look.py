"""Make issue #33's pictures in ``docs/look/`` from the project's own output (run: python
docs/make_look.py after; the "before" pictures were made by the same script run on the
previous version, with ``before``).

Needs the test extras (pypdfium2, pillow) and, for the web pages, a headless Chromium on the
PATH (its pictures are skipped without one). Every PNG is a page cardgen wrote, rendered by
pdfium, or a web page cardgen wrote, laid out by Chromium; the test page is also shown as it
looks held to the light, the back mirrored over the front and shifted as a printer might.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageChops

from cardgen.build import build_set
from cardgen.cli import run
from cardgen.layout.theme import DEFAULT
from cardgen.options import print_options
from cardgen.products.got import build_pack
from cardgen.products.got2d import build_pack2d
from cardgen.products.handout import build_handout
from cardgen.products.testpage import build_testpage

HERE = Path(__file__).parent / "look"
A4_DPI = 86.5  # an A4 page 715 px wide, as the earlier pictures


def render(pdf: Path, index: int, dpi: float = A4_DPI) -> Image.Image:
    return pdfium.PdfDocument(pdf)[index].render(scale=dpi / 72).to_pil().convert("RGB")


def save(image: Image.Image, name: str) -> None:
    image.save(HERE / name, optimize=True)
    print("wrote", HERE / name)


def side_by_side(images: list[Image.Image], gap: int = 12) -> Image.Image:
    w = sum(i.width for i in images) + gap * (len(images) - 1)
    out = Image.new("RGB", (w, max(i.height for i in images)), "#d9d9d9")
    x = 0
    for i in images:
        out.paste(i, (x, 0))
        x += i.width + gap
    return out


def held_to_light(pdf: Path, shift: tuple[float, float], crop: tuple[float, float, float, float]) -> Image.Image:
    """The test page held to the light: its back mirrored (a long-edge flip), ``shift`` mm off
    (right, down on the back page), its ink paler through the paper, over the front; ``crop`` mm."""
    dpi = 150.0
    s = dpi / 25.4
    front, back = render(pdf, 0, dpi), render(pdf, 1, dpi)
    moved = Image.new("RGB", back.size, "white")
    moved.paste(back, (round(shift[0] * s), round(shift[1] * s)))
    seen = Image.blend(Image.new("RGB", back.size, "white"), moved.transpose(Image.FLIP_LEFT_RIGHT), 0.55)
    x0, y0, x1, y1 = crop
    return ImageChops.multiply(front, seen).crop((round(x0 * s), round(y0 * s), round(x1 * s), round(y1 * s)))


def screenshot(page: Path, width: int, height: int) -> Image.Image | None:
    """A web page laid out by headless Chromium, or None without one."""
    chromium = next((c for c in ("chromium", "chromium-browser", "google-chrome") if shutil.which(c)), None)
    if chromium is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        shot = Path(tmp) / "shot.png"
        subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             f"--window-size={width},{height}", f"--screenshot={shot}", page.as_uri()],
            capture_output=True, timeout=120, check=False,
        )  # fmt: skip
        return Image.open(shot).convert("RGB") if shot.is_file() else None


def only_columns(page: Path, role: str) -> Path:
    """A copy of a handout's web page showing only the two columns that hold the table ``role``."""
    hide = (
        f"<style>header, main > *:not(.columns:has(table.{role})) {{ display: none !important; }}"
        "body { margin-top: 0.5rem; }</style></head>"
    )
    copy = page.with_name("columns.html")
    copy.write_text(page.read_text("utf-8").replace("</head>", hide, 1), "utf-8")
    return copy


def trimmed(image: Image.Image) -> Image.Image:
    """``image`` without the rows at its foot that are all the colour of its last row (a tall
    window's empty end)."""
    last = image.crop((0, image.height - 1, image.width, image.height)).tobytes()
    bottom = image.height
    while bottom > 1 and image.crop((0, bottom - 1, image.width, bottom)).tobytes() == last:
        bottom -= 1
    return image.crop((0, 0, image.width, min(image.height, bottom + 24)))


def simulate_pages(out: Path) -> dict[str, Path]:
    """Two report pages: one run of 40 games (census 4, 3 players) and a 40-game sweep."""
    pages = {}
    for name, args in (
        ("report", ["--census", "4", "--players", "3"]),
        ("report-sweep", ["--sweep", "census=4..6", "players=2..4"]),
    ):
        folder = out / name
        assert run(["simulate", *args, "--games", "40", "--workers", "1", "--report", str(folder)]) == 0
        pages[name] = folder / "index.html"
    return pages


def main(when: str) -> None:
    after = when == "after"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        # the index of the default set (and every PDF it holds, for the tests of #33)
        built = build_set(out=out / "set")
        index = screenshot(built.out / "index.html", 1400, 6000)
        if index is not None:
            save(trimmed(index), f"index-{when}.png")
        # the test page, and the same held to the light with the back 1.7 mm left and 0.4 mm down
        test = build_testpage(out=out)
        pdf = test.to_print
        assert pdf is not None
        save(render(pdf, 0), f"testpage-{when}.png")
        save(held_to_light(pdf, (-1.7, 0.4), (12, 75, 198, 250)), f"testpage-seen-{when}.png")
        # the 2D pack's first sheet
        grid = build_pack2d(out=out)
        save(render(next(grid.folder.glob("*.pdf")), 0), f"2d-{when}.png")
        # backs: two packs combined (their letters), and the light back against the dark
        combined = build_pack(pattern="two", census=7, packs=2, out=out, opts=print_options(backs=True))
        save(render(next(combined.folder.glob("*.pdf")), 1), f"backs-combined-{when}.png")
        theme = replace(DEFAULT, back="light") if after else None
        for sides in ("backs", "fold"):
            opts = print_options(backs=sides == "backs", fold=sides == "fold", theme=theme)
            pack = build_pack(pattern="two", census=7, out=out / f"light-{sides}", opts=opts)
            page = 1 if sides == "backs" else 0
            save(render(next(pack.folder.glob("*.pdf")), page), f"backs-light-{sides}-{when}.png")
        # the Game of Trains handout: both pages, and its web page's optional rules
        handout = build_handout(game="got", out=out, opts=print_options())
        pdf = next(handout.folder.glob("*.pdf"))
        save(side_by_side([render(pdf, 0, 72), render(pdf, 1, 72)]), f"handout-got-{when}.png")
        web = only_columns(next(handout.folder.glob("*.html")), "orderings")
        shot = screenshot(web, 1000, 1500)
        if shot is not None:
            save(trimmed(shot), f"handout-got-web-{when}.png")
        # the simulation reports
        for name, page in simulate_pages(out).items():
            shot = screenshot(page, 1000, 4000)
            if shot is not None:
                save(trimmed(shot), f"{name}-{when}.png")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "after")
