"""Information-set Monte Carlo tree search over one side's own decisions (single-observer IS-MCTS).

Each iteration draws a fresh *determinized* copy of the game — everything the side cannot see re-drawn — and
walks it: the side's own decisions are nodes of one tree shared by all copies (a node is an information set:
the sequence of the side's own choices that led there), chosen by UCB among the choices available in this copy;
the other side's decisions, and the side's own once the walk has left the tree, are answered by the rollout
policy. A walk stops at the game's end or `horizon_turns` after the turn it started in, and the position is
scored by `evaluate` (0 = loss, 1 = win for the side). The answer is the most visited choice at the root.

Nothing here sees the true game: it receives only a function that hands out determinized copies.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cs_desktop.rules.decisions import Request
from cs_desktop.rules.game import Game

Policy = Callable[[Game, Request], Any]
Candidates = Callable[[Game, Request], list[Any]]
Evaluate = Callable[[Game, str], float]
Progress = Callable[[int, int], None]

EXPLORATION = 0.7  # UCB constant for values in [0, 1]


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard to think: `iterations` makes results reproducible for a seed; `time_cap_s` keeps the window
    responsive (it ends the search early only on a slow machine); rollouts look `horizon_turns` ahead."""

    iterations: int
    time_cap_s: float
    horizon_turns: int


@dataclass(slots=True)
class Node:
    visits: int = 0
    total: float = 0.0
    available: int = 0
    answer: Any = None
    children: dict[str, Node] = field(default_factory=dict)

    def ucb(self) -> float:
        return self.total / self.visits + EXPLORATION * math.sqrt(math.log(max(1, self.available)) / self.visits)


@dataclass(frozen=True, slots=True)
class SearchResult:
    answer: Any
    iterations: int
    visits: dict[str, int]
    value: float
    #: each choice weighed (by `answer_key`): the choice and its mean score, best first
    ranked: tuple[tuple[Any, float], ...] = ()


def answer_key(answer: Any) -> str:
    return json.dumps(answer, sort_keys=True, separators=(",", ":"))


def root_choices(draw: Callable[[], Game], side: str, candidates: Candidates) -> tuple[Game, list[Any]]:
    """The first copy drawn and the choices to weigh at the side's pending decision in it."""
    first = draw()
    own = next((r for r in first.pending if r.side == side), None)
    if own is None:
        raise ValueError(f"nothing is asked of {side!r} in the position searched")
    return first, candidates(first, own)


def forced(answer: Any) -> SearchResult:
    """The result of a decision with one choice: answered without searching."""
    return SearchResult(answer, 0, {answer_key(answer): 0}, float("nan"))


def search(draw: Callable[[], Game], side: str, budget: Budget, *, candidates: Candidates, policy: Policy,
           evaluate: Evaluate, progress: Progress | None = None,
           clock: Callable[[], float] = time.perf_counter) -> SearchResult:
    """Search from the side's pending decision; `draw()` returns a new determinized copy each call."""
    root = Node()
    started = clock()
    first, options = root_choices(draw, side, candidates)
    if len(options) == 1:
        return forced(options[0])
    done = 0
    for done in range(1, budget.iterations + 1):
        _iterate(first if done == 1 else draw(), side, root, budget.horizon_turns, candidates, policy, evaluate)
        if progress is not None:
            progress(done, budget.iterations)
        if clock() - started > budget.time_cap_s:
            break
    if not root.children:
        raise ValueError("the search found no decision of its side to make")
    best = max(root.children.values(), key=lambda n: (n.visits, n.total))
    ranked = sorted(((n.answer, n.total / n.visits) for n in root.children.values() if n.visits),
                    key=lambda av: -av[1])
    return SearchResult(best.answer, done, {k: n.visits for k, n in root.children.items()},
                        best.total / max(1, best.visits), tuple(ranked))


def _iterate(game: Game, side: str, root: Node, horizon: int, candidates: Candidates, policy: Policy,
             evaluate: Evaluate) -> None:
    game.look_ahead_only()  # played forward and thrown away: no checkpoints needed
    path = [root]
    node: Node | None = root
    last_turn = game.state.turn + horizon
    while not game.ended and game.state.turn <= last_turn:
        pending = game.pending
        if not pending:
            break
        request = next((r for r in pending if r.side == side), pending[0])
        if request.side != side or node is None:
            answer = policy(game, request)
        else:
            answer, child = _descend(game, request, node, candidates)
            if child is not None:
                path.append(child)
                node = child if child.visits > 0 else None  # a new leaf: the rest of the walk is the rollout
        result = game.submit(request.side, answer)
        if not result:
            raise RuntimeError(f"search played an illegal answer for {request.kind}: {result}")
    value = evaluate(game, side)
    for n in path:
        n.visits += 1
        n.total += value


def _descend(game: Game, request: Request, node: Node, candidates: Candidates) -> tuple[Any, Node | None]:
    """Choose at a tree node: the first untried candidate (candidates come best-first), else UCB among the
    children available in this copy. Returns the answer and the child (None when there was no real choice, so
    the walk stays at this node)."""
    options = candidates(game, request)
    if len(options) == 1:
        return options[0], None
    keyed = [(answer_key(a), a) for a in options]
    for key, answer in keyed:
        if key not in node.children:
            child = node.children[key] = Node(answer=answer)
            for k, _a in keyed:
                if k in node.children:
                    node.children[k].available += 1
            return answer, child
    for key, _answer in keyed:
        node.children[key].available += 1
    key, answer = max(keyed, key=lambda ka: node.children[ka[0]].ucb())
    return answer, node.children[key]


def vp_evaluate(game: Game, side: str, scale: float = 8.0) -> float:
    """The side's prospects in [0, 1]: the result when the game is over, else a logistic of the 19.0 VP margin
    (a margin within the draw band counts half)."""
    from cs_desktop.rules.scoring import DRAW_MARGIN
    from cs_desktop.rules.victory import tally

    result = tally(game)
    if game.ended:
        winner = result["winner"]
        return 0.5 if winner is None else (1.0 if winner == side else 0.0)
    vp = result["sides"]
    margin = vp[side]["vp"] - max(v["vp"] for s, v in vp.items() if s != side)
    if abs(margin) <= DRAW_MARGIN:
        margin = margin / 2
    return 1.0 / (1.0 + math.exp(-margin / scale))
