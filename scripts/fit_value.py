"""Fit the computer captain's learned judgment of a position (cs_desktop/ai/value.py) from self-play games.

    python3 scripts/fit_value.py generate --games 40 --seed 1 --out /tmp/positions.jsonl [--scenarios FILE ...]
    python3 scripts/fit_value.py fit /tmp/positions.jsonl [--out resources/ai/value.json]

`generate` plays judgment-captain (easy) games on the shipped scenarios, each at its own turn limit, both sides
now and then choosing a random maneuver instead of the judgment's (`--explore`, so that the positions a search
looks at are not only those the judgment steers into), and writes, at the start of every turn, each side's
features (value.features, from that side's view only) with how the game ended for that side: 1 won, 0.5 drawn,
0 lost. `fit` fits a logistic regression of the result on the features (soft labels, a small L2 penalty, plain
numpy Newton steps), prints how well it predicts on a held-out fifth of the games against the hand-made
evaluation (ai/evaluate.py), and writes the coefficients with their provenance. Deterministic for a seed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cs_desktop.ai.evaluate import evaluate, victory_terms_of, win_probability  # noqa: E402
from cs_desktop.ai.judgment import JudgmentCaptain  # noqa: E402
from cs_desktop.ai.seat import Seat  # noqa: E402
from cs_desktop.ai.value import FEATURES, features  # noqa: E402
from cs_desktop.formats.files import load_scenario_with_ships  # noqa: E402
from cs_desktop.rules.game import Game  # noqa: E402


def shipped_scenarios() -> list[str]:
    return sorted(str(p) for p in (ROOT / "scenarios").glob("*.json")) + sorted(
        str(p) for p in (ROOT / "scenarios" / "fleets").glob("*.json"))


def play(job: tuple[str, int, float]) -> list[dict[str, Any]]:
    """One exploring judgment game; each side's features at the start of every turn, labelled."""
    path, seed, explore = job
    scenario, ships = load_scenario_with_ships(path)
    game = Game(scenario, ships, seed, {})
    game.lazy_checkpoints()
    rng = random.Random(seed * 31 + 7)
    captains = {s.id: JudgmentCaptain(seed + i) for i, s in enumerate(scenario.sides)}
    terms = victory_terms_of(scenario, ships)
    rows: list[dict[str, Any]] = []
    seen_turn = 0
    while game.pending:
        if game.state.turn != seen_turn:
            seen_turn = game.state.turn
            for side in (s.id for s in scenario.sides):
                view = game.view(side, events=False)
                rows.append({"scenario": scenario.id, "seed": seed, "turn": seen_turn, "side": side,
                             "x": features(view, side, terms, ships),
                             "hand": evaluate(view, side, terms, ships)})
        request = game.pending[0]
        answer = captains[request.side].choose(Seat(game, request))
        if request.kind == "select_maneuver" and request.ships and rng.random() < explore:
            answer = dict(answer)
            ship_id = rng.choice(sorted(request.ships))
            answer[ship_id] = rng.choice(list(request.ships[ship_id]))
        if not game.submit(request.side, answer):
            answer = captains[request.side].choose(Seat(game, request))
            game.submit(request.side, answer)
    last = game.events[-1] if game.events else {}
    result = last.get("result") if last.get("type") == "game_end" else None
    winner = result["winner"] if result else None
    for row in rows:
        row["y"] = 0.5 if winner is None else float(row["side"] == winner)
    return rows


def generate(args: argparse.Namespace) -> None:
    files = args.scenarios or shipped_scenarios()
    jobs = [(f, args.seed * 100_003 + k * 1_009 + i, args.explore) for i, f in enumerate(files)
            for k in range(args.games)]
    with Pool(args.workers) as pool, open(args.out, "w", encoding="utf-8") as out:
        for rows in pool.imap(play, jobs, chunksize=1):
            for row in rows:
                out.write(json.dumps(row) + "\n")
    print(f"{len(jobs)} games written to {args.out}")


def _fit(x: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    """Logistic regression with soft labels, every coefficient but the bias kept at zero or above: each feature
    is something a side is better off having more of, and a search trusts the signs (a feature that comes out
    negative only because it goes with another is left out, and the rest fitted again)."""
    keep = np.ones(x.shape[1], dtype=bool)
    while True:
        w = np.zeros(x.shape[1])
        w[keep] = _fit_free(x[:, keep], y, l2)
        negative = [i for i in range(1, x.shape[1]) if keep[i] and w[i] < 0]
        if not negative:
            return w
        keep[min(negative, key=lambda i: w[i])] = False


def _fit_free(x: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    """Logistic regression with soft labels by Newton's method; the first column is the bias (not penalised)."""
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[0] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -40, 40)))
        grad = x.T @ (p - y) + penalty * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return w


def _loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit(args: argparse.Namespace) -> None:
    rows = [json.loads(line) for name in args.positions for line in open(name, encoding="utf-8")]
    games = sorted({(r["scenario"], r["seed"]) for r in rows})
    held = set(games[k] for k in range(0, len(games), 5))
    train = [r for r in rows if (r["scenario"], r["seed"]) not in held]
    test = [r for r in rows if (r["scenario"], r["seed"]) in held]

    def arrays(rs: Sequence[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        x = np.array([[1.0, *r["x"]] for r in rs])
        return x, np.array([r["y"] for r in rs]), np.array([win_probability(r["hand"]) for r in rs])

    xtr, ytr, _ = arrays(train)
    xte, yte, hand = arrays(test)
    w = _fit(xtr, ytr, args.l2)
    p = 1.0 / (1.0 + np.exp(-np.clip(xte @ w, -40, 40)))
    base = _loss(np.full_like(yte, ytr.mean()), yte)
    print(f"positions: {len(train)} to fit, {len(test)} held out ({len(held)} of {len(games)} games)")
    print(f"held-out log loss: learned {_loss(p, yte):.4f}, hand-made evaluate {_loss(hand, yte):.4f}, "
          f"constant {base:.4f}")
    print(f"held-out Brier: learned {float(np.mean((p - yte) ** 2)):.4f}, hand-made "
          f"{float(np.mean((hand - yte) ** 2)):.4f}")
    w = _fit(np.vstack([xtr, xte]), np.concatenate([ytr, yte]), args.l2)  # shipped: fitted on every game
    for name, c in zip(("bias", *FEATURES), w, strict=True):
        print(f"  {name:12s} {c:+.4f}")
    out = {"format": "captains-sea value weights 1", "bias": round(float(w[0]), 6),
           "coefficients": {n: round(float(c), 6) for n, c in zip(FEATURES, w[1:], strict=True)},
           "provenance": f"scripts/fit_value.py fit {' '.join(Path(p).name for p in args.positions)} "
                         f"--l2 {args.l2}: {len(rows)} positions of {len(games)} self-play games "
                         f"(judgment captain, exploring maneuvers); held-out log loss "
                         f"{_loss(p, yte):.4f} against {_loss(hand, yte):.4f} for ai/evaluate.py"}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"written to {args.out}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--games", type=int, default=40, help="games per scenario")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--explore", type=float, default=0.15, help="chance of a random maneuver at a selection")
    g.add_argument("--workers", type=int, default=2)
    g.add_argument("--scenarios", nargs="*")
    g.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("positions", nargs="+")
    f.add_argument("--l2", type=float, default=1.0)
    f.add_argument("--out", default=str(ROOT / "resources" / "ai" / "value.json"))
    args = parser.parse_args(argv)
    (generate if args.command == "generate" else fit)(args)


if __name__ == "__main__":
    main()
