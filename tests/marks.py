"""Crop marks measured on a written PDF page (pdfplumber: points, y down), against the cuts of
the components found on the same page: every cut has a mark at both of its ends, and every mark
stands at the end of a cut that exists (a part-filled sheet's marks at the foot of its last
row, never at the foot of the empty grid). Shared by the tests of every product on sheets.
"""

from __future__ import annotations

from collections.abc import Iterable

MM = 72 / 25.4  # points per mm
EPS = 0.02  # points: what "on the line" allows for rounding in the PDF
GAP = (0.5 * MM, 2.0 * MM)  # how far past the last component's ink a mark may begin
Box = tuple[float, float, float, float]  # x0, top, x1, bottom in points


def hairlines(page) -> list[dict]:  # type: ignore[no-untyped-def,type-arg]
    """The page's 0.25 pt lines: its crop marks."""
    return [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 0.01]


def cut_boxes(page, size: tuple[float, float], bleed: float) -> list[Box]:  # type: ignore[no-untyped-def]
    """The cut boxes of the components on a page: each one's ground is a filled rectangle of its
    bleed box, exactly the component and its bleed (mm)."""
    w, h = (size[0] + 2 * bleed) * MM, (size[1] + 2 * bleed) * MM
    b = bleed * MM
    found = {
        (round(r["x0"] + b, 2), round(r["top"] + b, 2), round(r["x1"] - b, 2), round(r["bottom"] - b, 2))
        for r in page.rects
        if abs(r["width"] - w) < 0.05 and abs(r["height"] - h) < 0.05 and r["fill"]
    }
    return sorted(found)


def _merge(ends: dict[float, tuple[float, float]], at: float, lo: float, hi: float) -> None:
    key = next((k for k in ends if abs(k - at) < 0.05), at)  # a cut two neighbours share
    a, b = ends.get(key, (lo, hi))
    ends[key] = (min(a, lo), max(b, hi))


def cut_ends(
    boxes: Iterable[Box], bleed: float
) -> tuple[dict[float, tuple[float, float]], dict[float, tuple[float, float]]]:
    """Every vertical cut ``{x: (top, bottom)}`` and horizontal cut ``{y: (left, right)}`` of the
    components, each running as far as the ink (bleed included) of the last one along it."""
    b = bleed * MM
    down: dict[float, tuple[float, float]] = {}
    level: dict[float, tuple[float, float]] = {}
    for x0, t, x1, bt in boxes:
        for x in (x0, x1):
            _merge(down, x, t - b, bt + b)
        for y in (t, bt):
            _merge(level, y, x0 - b, x1 + b)
    return down, level


def overlaps(a: Box, b: Box, slack: float = 0.0) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def mark_problems(page, boxes: list[Box], bleed: float, margin: float) -> list[str]:  # type: ignore[no-untyped-def]
    """What is wrong with the page's crop marks for the components in ``boxes`` ([] if nothing):
    each cut needs a mark >= 3 mm long at both ends, starting just past the last component's ink
    along it; each mark must be such a mark (no mark for a cut that does not exist, none far
    from where its cut ends), inside the printable area and outside every component."""
    b = bleed * MM
    inked = [(x0 - b, t - b, x1 + b, bt + b) for x0, t, x1, bt in boxes]
    down, level = cut_ends(boxes, bleed)
    out: list[str] = []
    ends: list[tuple[str, float, float, int]] = []  # (axis, line, ink end, direction) each mark must serve
    ends += [("x", x, ink[0], -1) for x, ink in down.items()] + [("x", x, ink[1], 1) for x, ink in down.items()]
    ends += [("y", y, ink[0], -1) for y, ink in level.items()] + [("y", y, ink[1], 1) for y, ink in level.items()]
    served = [False] * len(ends)
    for ln in hairlines(page):
        box = (ln["x0"], ln["top"], ln["x1"], ln["bottom"])
        where = f"mark at x {ln['x0'] / MM:.1f}-{ln['x1'] / MM:.1f}, y {ln['top'] / MM:.1f}-{ln['bottom'] / MM:.1f} mm"
        if max(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]) < 3 * MM - EPS:
            out.append(f"{where} is shorter than 3 mm")
        if not (margin * MM - EPS <= ln["x0"] and ln["x1"] <= page.width - margin * MM + EPS):
            out.append(f"{where} is in the margin")
        if not (margin * MM - EPS <= ln["top"] and ln["bottom"] <= page.height - margin * MM + EPS):
            out.append(f"{where} is in the margin")
        if any(overlaps(box, ink, slack=-EPS) for ink in inked):
            out.append(f"{where} touches a component")
        axis = "x" if abs(ln["x0"] - ln["x1"]) < 0.01 else "y" if abs(ln["top"] - ln["bottom"]) < 0.01 else ""
        if not axis:
            out.append(f"{where} is neither vertical nor level")
            continue
        line = ln["x0"] if axis == "x" else ln["top"]
        lo, hi = (ln["top"], ln["bottom"]) if axis == "x" else (ln["x0"], ln["x1"])
        found = False
        for i, (a, at, ink, sign) in enumerate(ends):
            if a != axis or abs(at - line) > 0.05:
                continue
            start = lo - ink if sign > 0 else ink - hi  # how far past the ink the mark begins
            if GAP[0] <= start <= GAP[1]:
                served[i] = found = True
        if not found:
            out.append(f"{where} marks no end of a cut")
    for (axis, at, ink, sign), ok in zip(ends, served):
        if not ok:
            side = {("x", -1): "above", ("x", 1): "below", ("y", -1): "left of", ("y", 1): "right of"}[axis, sign]
            out.append(f"no mark {side} the cut at {axis} = {at / MM:.2f} mm (its ink ends at {ink / MM:.2f} mm)")
    return out
