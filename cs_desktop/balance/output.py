"""The results of a balance run: JSON (job, per pairing summaries), CSV (a row per pairing), the text table the
command prints, and the pairing matrices the heat map draws. Nothing here depends on the pool or the number of
workers, so the same job gives the same bytes."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from cs_desktop.balance.runner import Outcome
from cs_desktop.balance.stats import summarize
from cs_desktop.batch.turn_limit import turn_limit_text


def _terms(pairing_models: Any) -> dict[str, Any]:
    from cs_desktop.rules.ratings import victory_terms

    scenario, ships = pairing_models
    terms = victory_terms(scenario, ships)
    return {t.side: {"name": t.name, "multiplier": t.multiplier, "bonus": t.bonus, "bid_points": t.bid_points}
            for t in terms.sides}


def results(outcome: Outcome) -> dict[str, Any]:
    job = outcome.job
    pairings = []
    for i, p in enumerate(job.pairings):
        records = outcome.records.get(i, [])
        sides = p.sides()
        pairings.append({"id": p.id, "kind": p.kind, "title": p.title, "first": p.first, "second": p.second,
                         "sides": list(sides), "terms": _terms(p.models()), **summarize(records, sides)})
    return {"format": "captains-sea/balance-results", "version": 1, "complete": outcome.complete,
            "job": {"fingerprint": job.fingerprint(), "captains": list(job.captains), "games": job.games,
                    "seed": job.seed, "turn_limit": job.turn_limit, "batch": job.batch,
                    "pairings": len(job.pairings)},
            "played": sum(len(r) for r in outcome.records.values()), "pairings": pairings}


CSV_COLUMNS = ("id", "kind", "first", "second", "games", "first_wins", "draws", "second_wins", "first_score",
               "first_low", "first_high", "second_score", "second_low", "second_high", "mean_margin",
               "p05", "p25", "p50", "p75", "p95", "bid_by", "bid_to", "bid_points", "first_score_after_bid",
               "mean_turns", "endings")


def csv_text(report: dict[str, Any]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for p in report["pairings"]:
        a, b = p["sides"]
        sa, sb = p["score"][a], p["score"][b]
        q = p["margin"]["quantiles"]
        w.writerow([p["id"], p["kind"], p["first"], p["second"], p["games"], sa["wins"], sa["draws"], sb["wins"],
                    sa["share"], sa["low"], sa["high"], sb["share"], sb["low"], sb["high"], p["margin"]["mean"],
                    q["p05"], q["p25"], q["p50"], q["p75"], q["p95"], p["bid"]["bidder"] or "", p["bid"]["receiver"] or "",
                    p["bid"]["points"], p["bid"]["first_score_after"],
                    p["mean_turns"], "; ".join(f"{k} {v}" for k, v in p["endings"].items())])
    return out.getvalue()


def json_text(report: dict[str, Any]) -> str:
    return json.dumps(report, sort_keys=True, indent=1) + "\n"


def matrices(report: dict[str, Any]) -> list[dict[str, Any]]:
    """One matrix per kind of pairing: rows the first side, columns the second, cells the first side's score
    share (None where no games were played or the pairing is not in the job)."""
    out = []
    for kind in dict.fromkeys(p["kind"] for p in report["pairings"]):
        mine = [p for p in report["pairings"] if p["kind"] == kind]
        rows = sorted({p["first"] for p in mine})
        cols = sorted({p["second"] for p in mine})
        cells: list[list[float | None]] = [[None] * len(cols) for _ in rows]
        for p in mine:
            cells[rows.index(p["first"])][cols.index(p["second"])] = p["score"][p["sides"][0]]["share"]
        title = {"meeting": "Meeting engagement", "chase": "Chase (row ship hunting)"}.get(kind, "Scenarios")
        out.append({"kind": kind, "title": title, "rows": rows, "cols": cols, "cells": cells})
    return out


def table(report: dict[str, Any]) -> str:
    job = report["job"]
    limit = turn_limit_text(job["turn_limit"])
    lines = [f"Balance: {job['pairings']} pairings x {job['games']} games, captains {' vs '.join(job['captains'])}, "
             f"seed {job['seed']}, turn limit {limit}" + ("" if report["complete"] else " (INCOMPLETE)"), ""]
    width = max([len(p["id"]) for p in report["pairings"]] + [7])
    lines.append(f"{'pairing':<{width}} {'games':>5} {'1st W-D-L':>11} {'1st score':>9} {'95% interval':>13} "
                 f"{'margin p50':>10} {'bid (19.0)':<24}")
    for p in report["pairings"]:
        a = p["score"][p["sides"][0]]
        bid = p["bid"]
        names = {s: t["name"] for s, t in p["terms"].items()}
        say = f"{names[bid['bidder']]} grants {bid['points']}" if bid["bidder"] else "none"
        share = f"{a['share']:.1%}" if a["share"] is not None else "-"
        lines.append(f"{p['id']:<{width}} {p['games']:>5} {a['wins']:>3}-{a['draws']}-{a['losses']:<3}"
                     f"{share:>11} {a['low']:>6.0%}-{a['high']:<6.0%} {p['margin']['quantiles']['p50']:>+10g} {say}")
    return "\n".join(lines)


def write(report: dict[str, Any], folder: Path) -> list[Path]:
    """results.json and pairings.csv in `folder` (atomic writes); the heat map is written by the caller that
    has Qt (`cs_desktop.gui.lab.heatmap.save_heatmap`)."""
    from cs_desktop.formats.files import atomic_write_text

    paths = [folder / "results.json", folder / "pairings.csv"]
    atomic_write_text(paths[0], json_text(report))
    atomic_write_text(paths[1], csv_text(report))
    return paths
