"""What a run's games can tell apart from chance, for the report page (``page``): 95 % intervals
on shares, figures rounded to what the games support, and a difference marked when its interval
holds the value it is compared with.

Why: 40 games a setting give a first seat that wins 42.5 % instead of an even 33.3 %, which a
colour scale from the lowest to the highest value paints as a strong effect; its 95 % interval,
29 % to 58 %, says the games cannot tell it from an even share. So every share on the page
carries its interval (Wilson's, as the Amtrak solo chance already does: honest at 0 % and
100 %), a share is printed to a whole per cent unless the games pin it closer, and what the
interval cannot tell from its reference is grey, never coloured.

>>> places(40), places(20_000)
(0, 1)
>>> share_text(17, 40)
'42 % (29-58 %)'
>>> unsure((0.29, 0.58), 1 / 3), unsure((0.29, 0.58), 0.6)
(True, False)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardgen.rules.shared import wilson

PRECISE = 10_000  # games at and past which a share's interval is under a point wide: one decimal


def places(n: float) -> int:
    """The decimals of a per cent that ``n`` trials support: 0 (a whole per cent) below
    ``PRECISE``, where a 95 % interval is several points wide; 1 from there on."""
    return 1 if n >= PRECISE else 0


def pct(share: float, n: float) -> str:
    """``share`` as a per cent to the places ``n`` trials support: ``42 %``."""
    return f"{share * 100:.{places(n)}f} %"


def interval(successes: float, n: float) -> tuple[float, float]:
    """The 95 % interval (Wilson) of a share of ``successes`` in ``n`` trials (a shared first
    place counts a fraction of a win: the interval of the same share as whole wins)."""
    return wilson(successes, n) if n > 0 else (0.0, 1.0)  # type: ignore[arg-type]


def share_text(successes: float, n: float) -> str:
    """A share and its 95 % interval, rounded alike: ``42 % (28-58 %)``."""
    if n <= 0:
        return "-"
    lo, hi = interval(successes, n)
    k = places(n)
    return f"{successes / n * 100:.{k}f} % ({lo * 100:.{k}f}-{hi * 100:.{k}f} %)"


def unsure(bounds: tuple[float, float], reference: float) -> bool:
    """Whether an interval holds ``reference``: the games cannot tell the value from it."""
    return bounds[0] <= reference <= bounds[1]


def median_halfwidth(p10: float | None, p90: float | None, n: int) -> float | None:
    """About how far a median of ``n`` values may lie from the true one, 19 times out of 20,
    from the spread of the values (the 10th to the 90th percentile): 1.96 × 1.2533 × σ / √n,
    with σ ≈ (p90 - p10) / 2.563 (a normal spread's). A yardstick for a colour scale, not a
    figure to print.

    >>> round(median_halfwidth(4.0, 7.2, 64), 3)
    0.383
    """
    if p10 is None or p90 is None or n <= 0:
        return None
    return 1.96 * 1.2533 * (p90 - p10) / 2.563 / math.sqrt(n)


def scale_of(values: Sequence[float], widths: Sequence[float]) -> tuple[float, float] | None:
    """A colour scale for ``values`` at least as wide as their typical 95 % interval (the median
    of ``widths``): values closer together than chance moves them look alike, not like the
    palest and the darkest colours.

    >>> scale_of([3.0, 3.2], [1.0, 1.0]), scale_of([2.0, 6.0], [1.0])
    ((2.6, 3.6), (2.0, 6.0))
    """
    if not values:
        return None
    lo, hi = min(values), max(values)
    if not widths:
        return lo, hi
    typical = sorted(widths)[len(widths) // 2]
    if hi - lo >= typical:
        return lo, hi
    middle = (lo + hi) / 2
    return round(middle - typical / 2, 10), round(middle + typical / 2, 10)
