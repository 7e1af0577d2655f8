"""Writing: every file cardgen makes is staged beside its destination (``staging``), read back
and checked by the product's own checker, and only then swapped in whole; never over a file
cardgen did not write. ``deck`` writes any set of same-size components on sheets,
``exports`` their PNGs and Tabletop Simulator sheets.
"""
