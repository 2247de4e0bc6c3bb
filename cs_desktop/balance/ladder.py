"""The captains' ladder (issue 27): every level against the levels next to it, and hard against easy, on every
shipped two-sided scenario, seats swapped, each scenario at its own turn limit; Bradley-Terry (Elo) ratings with
95% intervals, overall and per scenario, and a score table per pairing.

A pairing of captains is a balance job (cs_desktop/balance/job.py) over the scenarios, with `swap_seats`, so it
runs on the balance lab's runner: in this process, over local cores or on a Dask cluster, resumed from its folder
after a stop, the same games whatever the number of workers. This module plans the jobs and reads their games;
it plays nothing itself.

Ratings: each game gives the first captain a score s (1 win, 0.5 draw, 0 loss) against the second; the
Bradley-Terry model says the expected score is 1 / (1 + 10^(-(Ra - Rb) / 400)). The ratings that make the
games most likely are found by Newton's method, with easy held at 1500 (the lowest level a player is offered;
the lowest level played when easy is not on the ladder); a rating's interval is ±1.96 standard errors from the inverse of the information matrix. A level that no
game joins to easy has no rating.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: the ladder, weakest first (cs_desktop/ai/captains.py names them)
LEVELS = ("random", "simple", "easy", "normal", "hard")
#: the rating the ladder gives easy, the level every other is measured from
ANCHOR, ANCHOR_RATING = "easy", 1500.0
#: Elo points per natural unit of the logistic model
ELO = 400.0 / math.log(10.0)
Z95 = 1.96


@dataclass(frozen=True, slots=True)
class Game:
    """One finished game, from the first captain's seat: its scenario, the two captains, the first's score."""

    scenario: str
    first: str
    second: str
    score: float


def pairings(levels: Sequence[str] = LEVELS) -> list[tuple[str, str]]:
    """The pairings a ladder plays, the stronger-named level first: each level against the one below it, and
    hard against easy when both are on it."""
    order = [lv for lv in LEVELS if lv in levels] + [lv for lv in levels if lv not in LEVELS]
    out = [(order[i + 1], order[i]) for i in range(len(order) - 1)]
    if "hard" in order and "easy" in order and ("hard", "easy") not in out:
        out.append(("hard", "easy"))
    return out


def games_of(records: Iterable[Mapping[str, Any]], scenario: str, sides: tuple[str, str],
             captains: tuple[str, str]) -> list[Game]:
    """The games of a seat-swapped balance pairing, each scored for `captains[0]`."""
    out = []
    for r in records:
        seats = tuple(r.get("captains") or captains)
        winner = r.get("winner")
        if winner is None:
            score = 0.5
        else:
            score = 1.0 if seats[sides.index(str(winner))] == captains[0] else 0.0
        out.append(Game(scenario, captains[0], captains[1], score))
    return out


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix x = vector (Gauss-Jordan with partial pivoting; the matrices here are a few rows)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise ArithmeticError("singular")
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    cols = [_solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def _rank(captain: str) -> tuple[int, str]:
    return (LEVELS.index(captain) if captain in LEVELS else len(LEVELS), captain)


def _connected(games: Sequence[Game], anchor: str) -> list[str]:
    """The captains joined to the anchor by games, the anchor first."""
    seen, frontier = {anchor}, [anchor]
    while frontier:
        p = frontier.pop()
        for g in games:
            for a, b in ((g.first, g.second), (g.second, g.first)):
                if a == p and b not in seen:
                    seen.add(b)
                    frontier.append(b)
    return [anchor] + sorted(seen - {anchor}, key=_rank)


def bradley_terry(games: Sequence[Game], anchor: str = ANCHOR,
                  anchor_rating: float = ANCHOR_RATING) -> dict[str, tuple[float, float, float]]:
    """Each captain's rating and its 95% interval, (rating, low, high), on the Elo scale with `anchor` fixed.
    A captain all of whose games were won (or all lost) has no finite maximum: its rating is limited to ±800
    from its opponents' (a prior of one draw against each opponent keeps the estimate finite)."""
    if not any(anchor in (g.first, g.second) for g in games):
        return {}
    players = _connected(games, anchor)
    free = players[1:]
    index = {p: i for i, p in enumerate(free)}
    pairs: dict[tuple[str, str], list[float]] = {}
    for g in games:
        if g.first in players and g.second in players:
            key = (g.first, g.second)
            pairs.setdefault(key, [0.0, 0.0])
            pairs[key][0] += g.score
            pairs[key][1] += 1.0
    for (a, b) in list(pairs):  # the prior: one drawn game between every pair that met
        pairs[(a, b)][0] += 0.5
        pairs[(a, b)][1] += 1.0
    theta = [0.0] * len(free)

    def strength(p: str) -> float:
        return 0.0 if p == anchor else theta[index[p]]

    info: list[list[float]] = [[0.0] * len(free) for _ in free]
    for _ in range(100):
        grad = [0.0] * len(free)
        info = [[0.0] * len(free) for _ in free]
        for (a, b), (won, n) in pairs.items():
            expected = 1.0 / (1.0 + math.exp(-(strength(a) - strength(b))))
            w = n * expected * (1 - expected)
            for x, sign in ((a, 1.0), (b, -1.0)):
                if x == anchor:
                    continue
                grad[index[x]] += sign * (won - n * expected)
                for y, sign2 in ((a, 1.0), (b, -1.0)):
                    if y != anchor:
                        info[index[x]][index[y]] += sign * sign2 * w
        if not free:
            break
        step = _solve(info, grad)
        theta = [t + max(-2.0, min(2.0, s)) for t, s in zip(theta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-10:
            break
    cov = _inverse(info) if free else []
    out = {anchor: (anchor_rating, anchor_rating, anchor_rating)}
    for p in free:
        i = index[p]
        r = anchor_rating + ELO * theta[i]
        half = Z95 * ELO * math.sqrt(max(cov[i][i], 0.0))
        out[p] = (r, r - half, r + half)
    return out


def score_interval(score: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share of points over `games` games."""
    if games == 0:
        return (0.0, 1.0)
    z2 = Z95 * Z95
    centre = (score + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(score * (1 - score) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def pairing_table(games: Sequence[Game], first: str, second: str) -> dict[str, Any]:
    """Wins, draws and losses of `first` against `second`, its score and interval, overall and by scenario."""

    def line(gs: Sequence[Game]) -> dict[str, Any]:
        w = sum(1 for g in gs if g.score == 1.0)
        d = sum(1 for g in gs if g.score == 0.5)
        score = (w + d / 2) / len(gs) if gs else 0.0
        lo, hi = score_interval(score, len(gs))
        return {"games": len(gs), "wins": w, "draws": d, "losses": len(gs) - w - d, "score": round(score, 4),
                "low": round(lo, 4), "high": round(hi, 4)}

    mine = [g for g in games if (g.first, g.second) == (first, second)]
    scenarios = sorted({g.scenario for g in mine})
    return {"first": first, "second": second, **line(mine),
            "scenarios": {s: line([g for g in mine if g.scenario == s]) for s in scenarios}}


def report(games: Sequence[Game], plan: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """Ratings overall and per scenario, and a table per pairing (plain data: the --json output)."""

    present = {c for g in games for c in (g.first, g.second)}
    anchor = ANCHOR if ANCHOR in present else min(present, key=_rank, default=ANCHOR)

    def rated(gs: Sequence[Game]) -> dict[str, list[float]]:
        found = bradley_terry(gs, anchor)
        return {p: [round(x, 1) for x in found[p]] for p in sorted(found, key=_rank)}

    scenarios = sorted({g.scenario for g in games})
    return {"games": len(games), "anchor": anchor, "ratings": rated(games),
            "by_scenario": {s: rated([g for g in games if g.scenario == s]) for s in scenarios},
            "pairings": [pairing_table(games, a, b) for a, b in plan]}


def text(rep: Mapping[str, Any]) -> str:
    """The report as tables for a terminal."""
    lines = [f"Captains' ladder: {rep['games']} games (Bradley-Terry ratings, {rep['anchor']} = "
             f"{ANCHOR_RATING:.0f}, 95% intervals)", ""]
    for p, (r, lo, hi) in rep["ratings"].items():
        lines.append(f"  {p:8s} {r:7.0f}  ({lo:.0f} to {hi:.0f})")
    lines += ["", "Pairings (score of the first, 95% interval):"]
    for t in rep["pairings"]:
        lines.append(f"  {t['first']} vs {t['second']}: {t['games']} games, {t['wins']}-{t['draws']}-{t['losses']}, "
                     f"{t['score']:.1%} ({t['low']:.0%}-{t['high']:.0%})")
        for s, row in t["scenarios"].items():
            lines.append(f"      {s:34s} {row['games']:4d}  {row['wins']}-{row['draws']}-{row['losses']}  "
                         f"{row['score']:.0%}")
    lines += ["", "Ratings by scenario:"]
    names = list(rep["ratings"])
    lines.append("  " + f"{'scenario':34s}" + "".join(f"{n:>9s}" for n in names))
    for s, ratings in rep["by_scenario"].items():
        cells = "".join(f"{ratings[n][0]:9.0f}" if n in ratings else f"{'-':>9s}" for n in names)
        lines.append(f"  {s:34s}{cells}")
    return "\n".join(lines) + "\n"
