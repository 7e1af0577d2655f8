"""``cardgen simulate``: many seeded games on every core, their figures as text, JSON or a web page.

- ``settings``: what was asked, checked, and the settings it plays (a sweep's grid);
- ``run``: the games, split across worker processes, counted into tallies; Ctrl-C stops it
  with what was played;
- ``text``: what the terminal shows, and the JSON for scripts;
- ``page``: the HTML report with its charts (``cardgen.layout.charts``), written all or nothing;
- ``traces``: one game written as JSON Lines, and a trace read back and replayed;
- ``supertrain`` and ``supertrain_page``: the same for SuperTrain, on its own (its request, run,
  text, JSON, traces and page), until its options are declared with the others'.

The games themselves are the pure engines' (``cardgen.rules.got.simulation``, ``cardgen.rules.amtrak.simulation``,
``cardgen.rules.supertrain.simulation``).
"""
