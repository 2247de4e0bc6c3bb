"""Paired sequential halving: the hard captain's search at a decision (issue 10.3, "a better method").

The tree search (search.py) gives each choice its own futures, so two choices are compared through different
dice, different hidden enemy loads and orders — most of the difference between their scores is luck, and a
budget of a few hundred futures cannot tell a good choice from a slightly worse one. Here every choice still
in the running is played on the *same* futures: each round draws a few determinized copies of the game (what
the side cannot see re-drawn from its own generator, seat.determinized), and each choice is played on an exact
clone of each copy — the same hidden state, the same dice to come — the judgment answering every later
decision of both sides to the horizon, where the position is scored. Luck common to all choices cancels in the
comparison (common random numbers). After each round the worse half of the choices is dropped
(sequential halving), so the budget goes where the decision is close. The answer is the best mean score among
the last choices standing, over the copies all of them were played on. With a `margin`, the first choice (the
rollout policy's own) is never dropped and is kept unless another beats it on the same futures by more than
`margin`: a search must show that it knows better before it overrules its judgment.

Nothing here sees the true game: it receives only a function that hands out determinized copies.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from cs_desktop.ai.search import (Budget, Candidates, Evaluate, Policy, Progress, SearchResult, answer_key, forced,
                                  root_choices)
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.game import Game


def paired_search(draw: Callable[[], Game], side: str, budget: Budget, *, candidates: Candidates, policy: Policy,
                  evaluate: Evaluate, progress: Progress | None = None,
                  clock: Callable[[], float] = time.perf_counter, margin: float | None = None,
                  confidence: float = 0.0) -> SearchResult:
    """Choose at the side's pending decision; `draw()` returns a new determinized copy each call. With a
    `margin`, another choice overrules the first only if its mean advantage over it on the same futures is
    more than `margin` and more than `confidence` standard errors of that advantage."""
    started = clock()
    first, options = root_choices(draw, side, candidates)
    if len(options) == 1:
        return forced(options[0])
    keys = [answer_key(o) for o in options]
    alive = list(range(len(options)))
    scores: list[dict[int, float]] = [{} for _ in options]  # choice -> {copy number: score}
    rounds = max(1, math.ceil(math.log2(len(options))))
    done = drawn = 0
    pending_copy: Game | None = first

    def mean(i: int) -> float:
        return sum(scores[i].values()) / len(scores[i])

    for r in range(rounds):
        left = budget.iterations - done
        copies = max(1, left // (len(alive) * (rounds - r)))
        for _ in range(copies):
            copy = pending_copy if pending_copy is not None else draw()
            pending_copy = None
            request = next(q for q in copy.pending if q.side == side)
            for n, i in enumerate(alive):  # the last choice plays on the copy itself: it is not needed after
                game = copy.clone() if n + 1 < len(alive) else copy
                scores[i][drawn] = _play(game, side, request, options[i], budget.horizon_turns, policy, evaluate)
                done += 1
                if progress is not None:
                    progress(min(done, budget.iterations), budget.iterations)
            drawn += 1
            if clock() - started > budget.time_cap_s:
                break
        if clock() - started > budget.time_cap_s or len(alive) == 1:
            break
        alive.sort(key=lambda i: (-mean(i), i))
        alive = alive[:max(1, math.ceil(len(alive) / 2))]
        if margin is not None and 0 not in alive:
            alive.append(0)
    best = min(alive, key=lambda i: (-mean(i), i))
    if margin is not None and best != 0 and not _overrules(scores[best], scores[0], margin, confidence):
        best = 0
    ranked = sorted(((options[i], mean(i)) for i in range(len(options)) if scores[i]), key=lambda av: -av[1])
    return SearchResult(options[best], done, {keys[i]: len(scores[i]) for i in range(len(options))}, mean(best),
                        tuple(ranked))


def _overrules(challenger: dict[int, float], incumbent: dict[int, float], margin: float, z: float) -> bool:
    """Whether the challenger's advantage on the futures both were played on is more than `margin` and more than
    `z` standard errors."""
    diffs = [v - incumbent[c] for c, v in challenger.items() if c in incumbent]
    if not diffs:
        return False
    n = len(diffs)
    avg = sum(diffs) / n
    if avg <= margin:
        return False
    if z <= 0.0:
        return True
    if n < 2:
        return False
    sd = math.sqrt(sum((d - avg) ** 2 for d in diffs) / (n - 1))
    return avg > z * sd / math.sqrt(n)


def _play(game: Game, side: str, request: Request, answer: Any, horizon: int, policy: Policy,
          evaluate: Evaluate) -> float:
    """Give `answer` to the side's request on this copy, let the policy play to the horizon, score it."""
    game.look_ahead_only()  # played forward and thrown away: no checkpoints needed
    last_turn = game.state.turn + horizon
    result = game.submit(request.side, answer)
    if not result:
        raise RuntimeError(f"search played an illegal answer for {request.kind}: {result}")
    while not game.ended and game.state.turn <= last_turn:
        pending = game.pending
        if not pending:
            break
        nxt = next((q for q in pending if q.side == side), pending[0])
        result = game.submit(nxt.side, policy(game, nxt))
        if not result:
            raise RuntimeError(f"search played an illegal answer for {nxt.kind}: {result}")
    return evaluate(game, side)
