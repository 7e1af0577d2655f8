"""What ``cardgen simulate`` prints: the figures of a run as aligned lines, a sweep as a table,
and the same as JSON for scripts. Every figure is explained in docs/commands/simulate.md and ``--help``.

Shares print with one decimal (``27.4 %``), medians and percentiles of turns with one
(``5.5``); an interrupted run says so first, and its figures are those of the games finished.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from cardgen.rules.amtrak.simulation import ROLE_NAMES, AmtrakSummary, AmtrakTally, amtrak_sentence
from cardgen.rules.got.figures import sentence
from cardgen.rules.got.simulation import Summary
from cardgen.rules.got.tally import Tally
from cardgen.simulate.run import AnyTally, Outcome
from cardgen.simulate.settings import GAMES, Setting

__all__ = ["figures", "report_json", "report_text", "sweep_rows"]

ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def pct(share: float | None) -> str:
    """``0.2744`` → ``27.4 %``; None → ``-``."""
    return "-" if share is None else f"{share * 100:.1f} %"


def num(v: float | None, digits: int = 1) -> str:
    return "-" if v is None else f"{v:.{digits}f}"


def _bot_words(bot: str, game: str) -> str:
    who = "strategy" if game == "amtrak" else "bot"
    return f"{who} {bot} in every seat" if game != "amtrak" else f"{who} {bot}"


def head(outcome: Outcome) -> list[str]:
    """The lines above the figures: the game, what was played, an interruption."""
    req = outcome.request
    lines = [f"{GAMES[req.game][:1].upper()}{GAMES[req.game][1:]}: " + outcome.settings[0].describe()]
    if req.sweep:
        lines[0] = f"{GAMES[req.game][:1].upper()}{GAMES[req.game][1:]}: a sweep of {req.sweep_words()}"
    who = "strategy" if req.game == "amtrak" else "bot"
    bots = f"the {who} as swept" if "bot" in dict(req.sweep) else _bot_words(outcome.settings[0].bot, req.game)
    lines.append(
        f"{req.games:,} game{'s' if req.games != 1 else ''}{' a setting' if req.sweep else ''}, seed {req.seed}, {bots}"
    )
    if outcome.interrupted:
        lines.append(f"interrupted: {outcome.played:,} of {outcome.asked:,} games played; the figures are those games'")
    return lines


def _times(n: int) -> str:
    return f"{n:,} time{'s' if n != 1 else ''}"


def _value(v: object) -> str:
    return ("on" if v else "off") if isinstance(v, bool) else str(v)


Share = Callable[[float, float], str]  # a share of ``k`` in ``n`` as text


def _share(k: float, n: float) -> str:
    """The terminal's: ``27.4 %``."""
    return pct(k / n) if n else "-"


def figures(setting: Setting, tally: AnyTally, share: Share = _share) -> list[tuple[str, str]]:
    """A setting's figures as (name, text) lines; empty if no game finished. ``share`` writes the
    shares of games (of trains, of lost games): the terminal's one decimal, or the report page's
    whole per cent and 95 % interval (``simulate.chance.share_text``)."""
    if not tally.games:
        return []
    if isinstance(tally, AmtrakTally):
        return _amtrak_figures(tally.summary(), share)
    assert setting.variant is not None
    return _got_figures(setting, tally, tally.summary(), share)


def _got_figures(setting: Setting, tally: Tally, s: Summary, share: Share) -> list[tuple[str, str]]:
    assert setting.variant is not None
    even = 1 / s.players
    seats = "   ".join(f"{ORDINAL[i]} {share(w * s.games, s.games)}" for i, w in enumerate(s.win_share))
    uses = dict(s.ability_uses)
    used = sum(uses.values())
    per_game = ", ".join(f"{k} {v / s.games:.2f}" for k, v in sorted(uses.items(), key=lambda kv: -kv[1])) or "none"
    spent = tally.turn_shares()
    cap = setting.variant.max_turns
    lines = [
        (
            "turns each",
            f"median {num(s.turns_per_player_median)}   10th percentile {num(s.turns_per_player_p10)}   "
            f"90th percentile {num(s.turns_per_player_p90)}   (a won game's turns ÷ players)",
        ),
        ("win share", f"{seats}   (by seat in playing order; an even share is {pct(even)})"),
        (
            "no winner",
            f"{s.capped:,} game{'s' if s.capped != 1 else ''} hit the {cap:,}-turn cap, {s.stalled:,} stalled "
            f"({share(s.capped + s.stalled, s.games)})",
        ),
        (
            "turns spent",
            f"drawing and placing {pct(spent.get('place'))}, using an ability {pct(spent.get('ability'))}, "
            f"passing {pct(spent.get('pass'))}",
        ),
        ("abilities", f"per game: {per_game}" + (f"   ({used:,} in all)" if used else "")),
        (
            "draw pile",
            f"ran out in {share(s.exhausted_games, s.games)} of games ({_times(s.exhaustions)} in all; "
            f"the discard pile was shuffled in {_times(s.reshuffles)})",
        ),
        ("in a sentence", sentence(s)),
    ]
    return lines


def _amtrak_figures(s: AmtrakSummary, share: Share) -> list[tuple[str, str]]:
    played = s.games - s.capped
    lines: list[tuple[str, str]] = []
    bonus = dict(s.bonus)
    if s.players == 1:
        lines.append(
            (
                "Full-Staff",
                f"{pct(s.chance)} of games (95 % interval {pct(s.chance_low)} to {pct(s.chance_high)}): "
                "a Full-Staff train before the deck ran out",
            )
        )
        lines.append(
            (
                "turns to win",
                f"median {num(s.turns_median, 0)}   10th percentile {num(s.turns_p10, 0)}   "
                f"90th percentile {num(s.turns_p90, 0)}   (games won)",
            )
        )
        lost = played - s.won
        lacked = ", ".join(f"{ROLE_NAMES[r]} {share(n, lost)}" for r, n in s.missing) if lost else "none lost"
        lines.append(("lost games", f"lacked {lacked}" if lost else lacked))
        won = ", ".join(f"{k} {share(v, s.won)}" for k, v in bonus.items()) if s.won else "none won"
        lines.append(("bonus when won", won))
    else:
        lines.append(
            (
                "score",
                f"median {num(s.score_median, 0)}   10th percentile {num(s.score_p10, 0)}   "
                f"90th percentile {num(s.score_p90, 0)}   mean {num(s.score_mean)}   (a train's total)",
            )
        )
        seats = "   ".join(f"{ORDINAL[i]} {share(w * s.games, s.games)}" for i, w in enumerate(s.win_share))
        lines.append(("win share", f"{seats}   (by seat in playing order; an even share is {pct(1 / s.players)})"))
        lines.append(
            (
                "ties",
                f"{s.tie_breaks:,} game{'s' if s.tie_breaks != 1 else ''} decided by the Rails, "
                f"{s.shared_first:,} with a shared first place",
            )
        )
        names = ("Silver Meteor", "Empire Builder", "Acela")
        shares = ", ".join(f"{n} {share(bonus.get(n, 0), s.trains)}" for n in names) if s.trains else "-"
        lines.append(("bonus", f"{shares}   (share of trains)"))
    lines.append(("cars a train", num(s.cars_per_train)))
    if s.capped:
        lines.append(("capped", f"{s.capped:,} games stopped at the turn cap (left out of the figures)"))
    lines.append(("in a sentence", amtrak_sentence(s)))
    return lines


def sweep_rows(outcome: Outcome, share: Share = _share) -> tuple[list[str], list[list[str]]]:
    """A sweep as a table: the swept options, then the main figures of each setting (its shares
    of games written by ``share``, as ``figures`` writes them)."""
    names = [name for name, _ in outcome.request.sweep]
    game = outcome.request.game
    solo = game == "amtrak" and outcome.settings[0].players == 1
    if game == "got":
        header = [*names, "turns each (10th-90th)", "1st seat wins", "even share", "no winner", "draw ran out"]
    elif solo:
        header = [*names, "Full-Staff", "95 % interval", "turns to win"]
    else:
        header = [*names, "score (10th-90th)", "1st seat wins", "even share", "any bonus"]
    rows = []
    for setting, tally in zip(outcome.settings, outcome.tallies):
        cells = [_value(v) for _, v in setting.swept]
        if not tally.games:
            rows.append(cells + ["-"] * (len(header) - len(cells)))
            continue
        if isinstance(tally, Tally):
            s = tally.summary()
            cells += [
                f"{num(s.turns_per_player_median)} ({num(s.turns_per_player_p10)}-{num(s.turns_per_player_p90)})",
                share(s.win_share[0] * s.games, s.games),
                pct(1 / s.players),
                share(s.capped + s.stalled, s.games),
                share(s.exhausted_games, s.games),
            ]
        else:
            a = tally.summary()
            if solo:
                cells += [pct(a.chance), f"{pct(a.chance_low)} to {pct(a.chance_high)}", num(a.turns_median, 0)]
            else:
                bonused = sum(n for _, n in a.bonus)
                cells += [
                    f"{num(a.score_median, 0)} ({num(a.score_p10, 0)}-{num(a.score_p90, 0)})",
                    share(a.win_share[0] * a.games, a.games) if a.win_share else "-",
                    pct(1 / a.players),
                    share(bonused, a.trains) if a.trains else "-",
                ]
        rows.append(cells)
    return header, rows


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Columns of text, each as wide as its widest cell (every game's sweep table)."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in [header, *rows]]


def report_text(outcome: Outcome) -> str:
    """The run as the terminal shows it."""
    lines = head(outcome)
    lines.append("")
    if outcome.played == 0:
        lines.append("no game finished")
        return "\n".join(lines)
    if outcome.request.sweep:
        lines += table(*sweep_rows(outcome))
        return "\n".join(lines)
    rows = figures(outcome.settings[0], outcome.tallies[0])
    width = max(len(name) for name, _ in rows)
    lines += [f"{name.ljust(width)}  {text}" for name, text in rows]
    return "\n".join(lines)


def _result(setting: Setting, tally: AnyTally) -> dict[str, object]:
    out: dict[str, object] = {"setting": setting.to_dict(), "played": tally.games}
    if not tally.games:
        out["summary"] = None
        return out
    if isinstance(tally, Tally):
        summary = tally.summary()
        out["summary"] = summary.to_dict()
        out["length_histogram"] = [[k, v] for k, v in tally.length_histogram().items()]
        out["turn_shares"] = tally.turn_shares()
        out["sentence"] = sentence(summary)
    else:
        a = tally.summary()
        out["summary"] = a.to_dict()
        key = "turns_when_won_histogram" if a.players == 1 else "score_histogram"
        out[key] = [[k, v] for k, v in tally.histogram().items()]
        out["sentence"] = amtrak_sentence(a)
    return out


def report_json(outcome: Outcome) -> str:
    """The run for scripts: the same for any number of workers (no times, no worker count)."""
    req = outcome.request
    out: dict[str, object] = {
        "game": req.game,
        "seed": req.seed,
        "games": req.games,
        "played": outcome.played,
        "interrupted": outcome.interrupted,
    }
    if req.sweep:
        out["sweep"] = {name: list(values) for name, values in req.sweep}
        out["results"] = [_result(s, t) for s, t in zip(outcome.settings, outcome.tallies)]
    else:
        out |= _result(outcome.settings[0], outcome.tallies[0])
    return json.dumps(out, indent=1, ensure_ascii=False)
