"""``cardgen simulate``: many seeded games on every core, their figures as text, JSON or a web page.

- ``settings``: what was asked, checked, and the settings it plays (a sweep's grid);
- ``sweep``: the sweep grammar (``census=4..9 players=2,3``), over a game's declared options;
- ``run``: the games, split across worker processes, counted into tallies; Ctrl-C stops it
  with what was played;
- ``cluster``: the same shares played on a Dask cluster (``--cluster ADDRESS``, docs/cluster.md);
- ``text``: what the terminal shows, and the JSON for scripts;
- ``page``: the HTML report with its charts (``cardgen.layout.charts``), written all or nothing;
- ``traces``: one game written as JSON Lines, and a trace read back and replayed, a line at a time;
- ``trace_lines``: the limits a trace keeps, and one line checked for form before it is replayed.
- ``supertrain`` and ``supertrain_page``: the same for SuperTrain (its request, run, text, JSON,
  traces and page).

The games themselves are the pure engines' (``cardgen.rules.got.simulation``, ``cardgen.rules.amtrak.simulation``,
``cardgen.rules.supertrain.simulation``).
"""
