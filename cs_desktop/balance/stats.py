"""What the games of one pairing say: each side's score with its 95% interval, the VP margin distribution,
how the games ended, and the 19.0 bid that would have made them even.

Scores count a win 1 and a draw 1/2 (W + D/2, as the tournament does); the interval is Wilson's
(`tournament.score_interval`). The margin is the first side's VP minus the second's.

The suggested bid (19.0 option: VP a player grants the opponent) is the whole number of VP that, granted by
the side that scored more to the other, brings the first side's score over these same games closest to 50%,
the smallest such bid when several do equally well (ruling R19.0d in docs/rulings.md). Games decided by a
voluntary strike (18.0) or left unfinished keep their result: a bid does not change them. The median margin is
reported too; it is not the suggestion because a margin of 5 VP or less is a draw (19.0), so half the games
above and half below the median is not an even score when the median lies near the draw band, and because it
ignores the games VP do not decide.
"""

from __future__ import annotations

import math
from typing import Any

from cs_desktop.rules.scoring import DRAW_MARGIN
from cs_desktop.batch.tournament import score_interval

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
BIN = 5  # VP per histogram bin: the width of the 19.0 draw band
MAX_BID = 200  # the scenario model's largest bid


def quantile(values: list[float], q: float) -> float:
    """The q-quantile of sorted `values`, interpolated between the two nearest (Hyndman & Fan type 7)."""
    if not values:
        return 0.0
    pos = (len(values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(values) - 1)
    return round(values[lo] + (values[hi] - values[lo]) * (pos - lo), 2)


def histogram(values: list[float], width: int = BIN) -> dict[str, list[float] | list[int]]:
    """Counts in bins [edge, edge + width) covering the values; `edges` has one more entry than `counts`."""
    if not values:
        return {"edges": [], "counts": []}
    low = math.floor(min(values) / width) * width
    high = (math.floor(max(values) / width) + 1) * width
    edges = list(range(int(low), int(high) + 1, width))
    counts = [0] * (len(edges) - 1)
    for v in values:
        counts[min(int((v - low) // width), len(counts) - 1)] += 1
    return {"edges": [float(e) for e in edges], "counts": counts}


def first_score(records: list[dict[str, Any]], sides: tuple[str, str], bid: float = 0.0) -> float:
    """The first side's W + D/2 if the first side had granted the second `bid` VP (negative: the second granted
    the first -bid). Only games decided on victory points change."""
    score = 0.0
    for r in records:
        if r["decided_by"] == "victory points":
            m = r["margin"] - bid
            score += 1.0 if m > DRAW_MARGIN else 0.5 if m >= -DRAW_MARGIN else 0.0
        else:
            score += 1.0 if r["winner"] == sides[0] else 0.5 if r["winner"] is None else 0.0
    return score


def suggest_bid(records: list[dict[str, Any]], sides: tuple[str, str]) -> dict[str, Any]:
    n = len(records)
    if n == 0:
        return {"bidder": None, "receiver": None, "points": 0, "first_score_after": None}
    top = min(MAX_BID, math.ceil(max(abs(r["margin"]) for r in records)) + DRAW_MARGIN + 1)
    best = min(range(-top, top + 1), key=lambda b: (abs(first_score(records, sides, b) / n - 0.5), abs(b), b))
    if best == 0:
        bidder = receiver = None
    else:
        bidder, receiver = (sides[0], sides[1]) if best > 0 else (sides[1], sides[0])
    return {"bidder": bidder, "receiver": receiver, "points": abs(best),
            "first_score_after": round(first_score(records, sides, best) / n, 4)}


def summarize(records: list[dict[str, Any]], sides: tuple[str, str]) -> dict[str, Any]:
    n = len(records)
    score: dict[str, Any] = {}
    for i, side in enumerate(sides):
        wins = sum(1 for r in records if r["winner"] == side)
        draws = sum(1 for r in records if r["winner"] is None)
        points = wins + draws / 2
        low, high = score_interval(points, n)
        score[side] = {"wins": wins, "draws": draws, "losses": n - wins - draws, "score": points,
                       "share": round(points / n, 4) if n else None, "low": round(low, 4), "high": round(high, 4)}
    margins = sorted(float(r["margin"]) for r in records)
    endings: dict[str, int] = {}
    for r in records:
        endings[r["how"]] = endings.get(r["how"], 0) + 1
    return {
        "games": n,
        "score": score,
        "margin": {"mean": round(sum(margins) / n, 2) if n else 0.0,
                   "quantiles": {f"p{round(q * 100):02d}": quantile(margins, q) for q in QUANTILES},
                   "histogram": histogram(margins)},
        "endings": dict(sorted(endings.items())),
        "decided_by": dict(sorted({k: sum(1 for r in records if r["decided_by"] == k)
                                   for k in {r["decided_by"] for r in records}}.items())),
        "mean_turns": round(sum(r["turns"] for r in records) / n, 2) if n else 0.0,
        "bid": suggest_bid(records, sides),
    }
