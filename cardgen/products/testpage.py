"""The duplex alignment test page: ``build_testpage()`` writes ``output/testpage/testpage.pdf``
(``testpage-letter`` on Letter paper), one sheet, front and back. With ``--fold``, the fold-over
test instead (``testpage-fold``): one landscape page, printed one-sided and folded on its line,
that shows whether the two halves of a fold-over sheet line up once folded.

Printed double-sided and held to the light, it shows how far the printer lands the backs
from the fronts; ``--back-offset X,Y`` on ``pack`` and ``pack2d`` then moves every backs
page by that much (see ``layout.testpage``). Built with a back offset, the test page moves
its own back too, so a second print shows whether the offset is right.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.impose.printing import how_to_print
from cardgen.layout.testpage import duplex_test, fold_test
from cardgen.options import PrintOptions, print_options
from cardgen.products import Product, recipe
from cardgen.render import render, subject_of
from cardgen.write.built import Built
from cardgen.write.staging import Staging

USES = ("paper", "margin", "back_offset", "fold")  # the print options it uses: its folder's name carries these alone

SLUG = "testpage"
SUBJECT = "Print it double-sided and hold it to the light: how far your printer shifts the backs"
FOLD_SUBJECT = "Print it one-sided, fold it and hold it to the light: how well the halves of a fold-over sheet meet"
FOLD_NOTES = (
    "fold it on the dashed line, printed side out",
    "hold it to the light, the rulers towards you: it reads 0,0 when the halves line up (X is twice how far right "
    "of the line you folded, Y how far down the back half slid)",
)


def build_testpage(*, opts: PrintOptions | None = None, out: Path = Path("output")) -> Built:
    """Write the duplex alignment test (front and back) for ``opts.paper`` and ``opts.margin``;
    with ``opts.fold``, the fold-over test."""
    opts = (opts or print_options()).only(USES)  # (a config's other options are not its)
    # (a pack's name carries its offset only with --backs; the test page always has its back)
    offset = f"-offset{opts.back_offset[0]:g},{opts.back_offset[1]:g}" if any(opts.back_offset) else ""
    slug = SLUG + opts.suffix + offset
    folder = out / slug
    if opts.fold:
        with Staging(folder, opts.made_with, recipe("testpage", {}, opts), kind=PRODUCT.kind) as stage:
            page = fold_test(opts.paper, margin=opts.margin)
            stage.write(
                f"{slug}.pdf", render("pdf", [page], title="Fold alignment test", subject=subject_of(FOLD_SUBJECT))
            )
            files = stage.commit()
        how = how_to_print(paper=opts.paper_name, orientation="landscape", sides="fold")
        return Built(folder=folder, files=files, notes=list(FOLD_NOTES), printing=how, to_print=folder / f"{slug}.pdf")
    front, back = duplex_test(opts.paper, margin=opts.margin, back_offset=opts.back_offset)
    with Staging(folder, opts.made_with, recipe("testpage", {}, opts), kind=PRODUCT.kind) as stage:
        stage.write(
            f"{slug}.pdf", render("pdf", [front, back], title="Duplex alignment test", subject=subject_of(SUBJECT))
        )
        files = stage.commit()
    notes = [
        "hold it to the light from the front: X and Y are each the whole mm nearest the red line on its ruler plus "
        "the tenths mark that meets a red line (+2 and -0.3 make 1.7); then build with --back-offset X,Y",
    ]
    if opts.back_offset != (0.0, 0.0):
        x, y = opts.back_offset
        notes.append(f"its back is moved by --back-offset {x:g},{y:g}: printed, the two crosses should meet")
    how = how_to_print(paper=opts.paper_name, orientation="portrait", sides="duplex")
    return Built(folder=folder, files=files, notes=notes, printing=how, to_print=folder / f"{slug}.pdf")


PRODUCT = Product("testpage", "duplex alignment test page", build_testpage, command="testpage", first=True)
