"""The computer captain's levels: easy, normal and hard, each described to the player in one sentence.

Each level is the judgment captain (cs_desktop/ai/judgment.py) with a temper (ai/temper.py), and hard has a search
on top. The lower levels' judgment is weaker by design, each in the places that decide games, so that each level
stands measurably above the one below (issue 27.2; the ladder, docs/captains.md): *easy* steers for the moment (no
look-ahead past the maneuver), holds its fire beyond 16 MP and mans both broadsides before damage control and a
melee reserve; *normal* has the full helm and guns but within 14 MP mans its ships as easy does; *hard* is the full
judgment with a search at the crew and every broadside, load, grapple and boarding decision, and near the enemy the
first few maneuvers of a turn on a smaller budget (HelmSearch). At a searched decision each choice the judgment would
weigh is played on the same determinized futures (paired_search.py; copies drawn from what its side can see,
`seat.determinized`), the judgment answering every later decision of both sides to the end of the turn, where
the position is scored by the learned chance of winning (value.py). The judgment's own choice stands unless
another beats it on those futures by more than the luck of so few (a margin and a confidence). Until issue 27
the searching levels were a tree search scored by the hand-made evaluation (the experiments `tree-normal`,
`tree-hard`); until stop 21 normal was the full judgment with a search of its crew (the experiment
`crew-search`). With more than four ships afloat hard plays fewer futures, on fewer choices, and only before
maneuvers, broadsides and boarding (cs_desktop/ai/fleet_budget.py), so a fleet's turn stays short. Iteration
budgets make a level reproducible for a seed; the time cap only ends a search early on a slow machine, so the
window stays responsive.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cs_desktop.ai.evaluate import Terms, evaluate, victory_terms_of, win_probability
from cs_desktop.ai.fleet_budget import FLEET_SHIPS, Thinking, ships_afloat, thinking
from cs_desktop.ai.judgment import JudgmentCaptain, crew_choices, fire_choices, think
from cs_desktop.ai.judgment_view import square
from cs_desktop.ai.paired_search import paired_search
from cs_desktop.ai.search import Budget, answer_key, search
from cs_desktop.ai.seat import Seat
from cs_desktop.ai.temper import FULL, Temper
from cs_desktop.ai.value import win_chance
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.determinize import DeterminizeError
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.rules.geometry import mp_distance
from cs_desktop.rules.view_types import PublicBoard, SideView


log = logging.getLogger(__name__)


#: hard's helm search (HelmSearch): futures, choices weighed, range in MP, decisions a turn
HELM_ITERATIONS, HELM_CHOICES, HELM_WITHIN, HELM_PER_TURN = 24, 8, 18, 3


@dataclass(frozen=True, slots=True)
class HelmSearch:
    """How a level searches the helm's decisions (HELM_KINDS), more cheaply than the rest: `iterations` futures
    on at most `max_choices` choices, only while an enemy is within `within` MP of one of its ships (the public
    board: at long range a maneuver changes little of this turn's fire, which is what the learned value sees),
    at most `per_turn` of them a turn (the first asked: a turn's thinking stays short), and never with more
    than FLEET_SHIPS ships afloat (a fleet's helm is its judgment's)."""

    iterations: int
    max_choices: int
    within: int
    per_turn: int


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    description: str
    budget: Budget | None  # None: no search, the judgment alone
    #: "tree": IS-MCTS over the side's decisions (search.py); "paired": every choice on the same futures,
    #: the worse half dropped each round (paired_search.py)
    method: str = "tree"
    #: False: the whole budget in a fleet too (fleet_budget.py does not apply)
    fleet_budget: bool = True
    #: how a future is scored at the horizon: "hand" (evaluate.py's expected VP margin) or "learned"
    #: (value.py's chance of winning, fitted to self-play games)
    value: str = "hand"
    #: paired search only: the judgment's own choice stands unless another beats it on the same futures by
    #: more than `margin` (in chance of winning) and by more than `confidence` standard errors
    margin: float | None = None
    confidence: float = 0.0
    #: the decisions searched (None: SEARCHED)
    kinds: frozenset[str] | None = None
    #: at most this many choices weighed at a decision
    max_choices: int = 16
    #: at a fire step, weigh holding fire and each ship's best shots by expected VP (else the first listed)
    ranked_fire: bool = False
    #: the helm's decisions searched on a budget of their own (None: as `kinds` says)
    helm: HelmSearch | None = None
    #: the judgment under the search: the lower levels' is weaker by design (ai/temper.py; docs/captains.md,
    #: "The levels")
    temper: Temper = FULL

    def searched(self) -> frozenset[str]:
        """The kinds of decision this level may search (the helm's within range only)."""
        kinds = self.kinds if self.kinds is not None else SEARCHED
        return kinds | HELM_KINDS if self.helm is not None else kinds


#: the decisions worth a search (the tree search's, and the experiments'); the rest: the judgment alone
SEARCHED = frozenset({"select_maneuver", "fire", "select_load", "advance_turn", "bonus_move", "grapple", "melee",
                      "melee_continue", "disengage", "sail_change", "hull_first", "parallel_side"})
#: normal searches the crew only: how a ship is manned decides more games than any other choice (manning the
#: other broadside than the judgment's scores 9% against it, random maneuvers 51%: docs/captains.md)
CREW_KINDS = frozenset({"assign_crew"})
#: the helm's decisions: the tree search searched them, but random maneuvers score 51% against the judgment, and
#: searching them all with hard's whole budget cost a turn's thinking of 4.1 s (95th percentile) against 3 s
#: allowed (docs/captains.md): hard searches them on a budget of their own (HelmSearch)
HELM_KINDS = frozenset({"select_maneuver", "advance_turn", "bonus_move"})
#: hard searches the crew and every other decision the tree search did: the guns, loads, boarding, sail
HARD_KINDS = (SEARCHED | CREW_KINDS) - HELM_KINDS
#: and the helm's on a budget of its own (docs/captains.md, "Searches tried")
HELM_SEARCH = HelmSearch(HELM_ITERATIONS, HELM_CHOICES, HELM_WITHIN, HELM_PER_TURN)

LEVELS: dict[str, Level] = {
    "easy": Level("easy", "Plays for the victory terms by rules of thumb, but steers for the moment, holds its fire "
                          "until 16 MP and mans both broadsides before it repairs; answers at once.",
                  None, temper=Temper(helm_depth=1, crew_style="both", fire_within=16)),
    "normal": Level("normal", "Steers three maneuvers ahead and fires when the shot is worth the reload, but within "
                              "14 MP mans both broadsides before it repairs or keeps boarders; answers at once.",
                    None, temper=Temper(crew_style="both", crew_within=14)),
    "hard": Level("hard", "Looks ahead before its crew, broadsides, loads and boarding over about 64 futures, "
                          "and before its maneuvers near the enemy, overruling its judgment where a choice is "
                          "clearly better; thinks up to three seconds.",
                  Budget(iterations=64, time_cap_s=3.0, horizon_turns=0), method="paired", value="learned",
                  margin=0.005, confidence=1.5, kinds=HARD_KINDS, helm=HELM_SEARCH),
}

#: searches measured against the levels, not offered to the player (`captains-sea tournament --captains
#: paired,normal`): stop 9 tried them as hard and none beat normal by more than chance (README)
EXPERIMENTS: dict[str, Level] = {
    "crew-search": Level("crew-search", "An experiment, normal until stop 21: the full judgment, looking ahead before "
                                        "it mans its guns over about 48 futures to the end of the turn.",
                         Budget(iterations=48, time_cap_s=1.0, horizon_turns=0), method="paired", value="learned",
                         margin=0.0, confidence=1.0, kinds=CREW_KINDS),
    "paired": Level("paired", "An experiment: plays every choice on the same 240 futures to the end of the turn, "
                              "so luck cancels out, and keeps thinking about the closest choices.",
                    Budget(iterations=240, time_cap_s=3.0, horizon_turns=0), method="paired"),
    "normal-full": Level("normal-full", "An experiment: tree-normal with its whole budget in a fleet too, as it "
                                        "was before the fleet budget (the same decisions up to four ships).",
                         Budget(iterations=40, time_cap_s=1.0, horizon_turns=0), fleet_budget=False),
    "tree-normal": Level("tree-normal", "The normal level until issue 27: tree search over about 40 futures to the end "
                                        "of the turn, scored by the hand-made evaluation.",
                         Budget(iterations=40, time_cap_s=1.0, horizon_turns=0)),
    "tree-hard": Level("tree-hard", "The hard level until issue 27: tree search over about 100 futures into the next "
                                    "turn, scored by the hand-made evaluation.",
                       Budget(iterations=100, time_cap_s=3.0, horizon_turns=1)),
}

#: decisions whose choices come from the judgment's own alternatives (crew styles, ranked shots), not the list
JUDGED_CHOICES = frozenset({"assign_crew", "fire"})
#: the judgment inside a look-ahead: the full judgment, its helm looking one maneuver ahead (its own decisions
#: look three ahead)
ROLLOUT = Temper(helm_depth=1)
#: at most this many choices are weighed at one decision (the judgment's own choice always among them)
MAX_CHOICES = 16


def candidates(request: Request, preferred: Any, limit: int = MAX_CHOICES, spread: bool = False,
               kinds: frozenset[str] = SEARCHED) -> list[Any]:
    """The choices to weigh (at most `limit`) at a decision of one of the searched `kinds`, the judgment's own
    first: every listed option, or for a per-ship answer the judgment's answer with one ship's choice changed at a
    time — every alternative of the first ship listed, then of the next, ...; with `spread` (a fleet,
    fleet_budget.py) the first alternative of every ship, then the second of every ship, ..."""
    if request.kind not in kinds:
        return [preferred]
    out = [preferred]
    seen = {answer_key(preferred)}

    def add(answer: Any) -> bool:
        """Add a new choice; False once there are enough (the rest are not looked at)."""
        if len(out) >= limit:
            return False
        key = answer_key(answer)
        if key not in seen:
            seen.add(key)
            out.append(answer)
        return len(out) < limit

    if request.options is not None:
        for option in request.options:
            if not add(option):
                break
    elif request.ships is not None and isinstance(preferred, dict):
        if spread:
            ships = list(request.ships.items())
            for k in range(max((len(options) for _, options in ships), default=0)):
                if not all(add({**preferred, ship_id: options[k]}) for ship_id, options in ships
                           if k < len(options)):
                    break
        else:
            for ship_id, options in request.ships.items():
                if not all(add({**preferred, ship_id: option}) for option in options):
                    break
    return out


def enemy_range(board: PublicBoard, side: str) -> int:
    """The range in MP from `side`'s nearest ship afloat to the nearest enemy afloat, on the public board
    (`Seat.board()`); a large number when either has none."""
    afloat = [s for s in board["ships"].values() if not (s["struck"] or s["captured"] or s.get("escaped", False))]
    own = [square(s) for s in afloat if s["side"] == side]
    foes = [square(s) for s in afloat if s["side"] != side]
    return min((mp_distance(a, b) for a in own for b in foes), default=1 << 30)


VIEW = frozenset({"view"})
SEARCHING = frozenset({"view", "board", "copies"})


class SearchCaptain:
    """A level: the judgment captain, with a search on top for normal and hard."""

    def __init__(self, seed: int, level: Level, time_cap: bool = False) -> None:
        self.level = level
        #: with `time_cap` (the window), a slow machine ends a search early; without it (simulate, tournament,
        #: tests) the iteration budget alone decides, so the same seed gives the same game anywhere
        self.time_cap = time_cap
        self.dice = Dice(seed ^ 0x15C75)
        self.judgment = JudgmentCaptain(seed, level.temper)
        self._terms: tuple[Any, Terms] | None = None
        #: called from the thinking thread as (iterations done, budget); the window shows it
        self.progress: Callable[[int, int], None] | None = None
        self.last_search: Any = None
        #: decisions where no consistent copy could be drawn, so the judgment decided alone (should stay 0)
        self.searches_skipped = 0
        #: (turn, helm decisions searched in it): HelmSearch.per_turn
        self._helm_turn = (0, 0)

    def needs(self, request: Request) -> frozenset[str]:
        """Its seat: the view for the judgment; at a decision it may search, the board (how many ships are
        afloat) and the side's record of the game to draw copies from."""
        if self.level.budget is None or request.kind not in self.level.searched():
            return VIEW
        return SEARCHING

    def _plan(self, seat: Seat) -> Thinking | None:
        """How to search this decision: the level's budget (a fleet's, fleet_budget.py), or at the helm its
        HelmSearch's; None: the judgment decides alone."""
        level, kind = self.level, seat.request.kind
        if level.budget is None or kind not in level.searched():
            return None
        kinds = level.kinds if level.kinds is not None else SEARCHED
        if kind in HELM_KINDS and kind not in kinds:
            helm = level.helm
            assert helm is not None
            board, turn = seat.board(), seat.view()["turn"]
            done = self._helm_turn[1] if self._helm_turn[0] == turn else 0
            if done >= helm.per_turn or ships_afloat(board) > FLEET_SHIPS or \
                    enemy_range(board, seat.side) > helm.within:
                return None
            self._helm_turn = (turn, done + 1)
            return Thinking(Budget(helm.iterations, level.budget.time_cap_s, level.budget.horizon_turns),
                            helm.max_choices, False, kinds | HELM_KINDS)
        if level.fleet_budget:
            return thinking(level.budget, ships_afloat(seat.board()), level.max_choices, kinds)
        return Thinking(level.budget, level.max_choices, False, kinds)

    def _choices(self, view: SideView, request: Request, preferred: Any, plan: Thinking, terms: Terms,
                 cards: Any) -> list[Any]:
        """The choices to weigh, the judgment's own first: at a crew assignment the judgment's ways of manning
        each ship, at a fire step holding fire and each ship's best shots (ai/judgment.py); elsewhere the
        listed options (`candidates`)."""
        if request.kind not in plan.kinds:
            return [preferred if preferred is not None else think(view, request, cards, terms)]
        if request.kind == "assign_crew":
            return crew_choices(view, request, cards, terms)[:plan.max_choices]
        if request.kind == "fire" and self.level.ranked_fire:
            return fire_choices(view, request, cards, terms)[:plan.max_choices]
        if preferred is None:
            preferred = think(view, request, cards, terms, ROLLOUT)
        return candidates(request, preferred, plan.max_choices, plan.spread, plan.kinds)

    def choose(self, seat: Seat) -> Any:
        preferred = self.judgment.choose(seat)
        plan = self._plan(seat)
        if plan is None:
            return preferred
        if self._terms is None or self._terms[0] is not seat.scenario:
            self._terms = (seat.scenario, victory_terms_of(seat.scenario, seat.cards))
        terms, cards = self._terms[1], seat.cards
        choices = self._choices(seat.view(), seat.request, preferred, plan, terms, cards)
        if len(choices) == 1:
            return preferred
        budget = plan.budget

        def judged(game: Game, request: Request) -> Any:
            if request.kind == "bonus_cards":
                return []  # in a look-ahead, Hold cards are kept (the real decision weighs them)
            return think(_view(game, request.side), request, cards, terms, ROLLOUT)

        def choices_at(game: Game, request: Request) -> list[Any]:
            if request.kind in JUDGED_CHOICES and request.kind in plan.kinds:
                return self._choices(_view(game, request.side), request, None, plan, terms, cards)
            return candidates(request, judged(game, request), plan.max_choices, plan.spread, plan.kinds)

        learned = self.level.value == "learned"

        def score(game: Game, side: str) -> float:
            if game.ended:
                winner = game.events[-1].get("result", {}).get("winner") if game.events else None
                return 0.5 if winner is None else float(winner == side)
            if learned:
                return win_chance(_view(game, side), side, terms, cards)
            return win_probability(evaluate(_view(game, side), side, terms, cards))

        if not self.time_cap:
            budget = Budget(budget.iterations, float("inf"), budget.horizon_turns)
        try:
            if self.level.method == "paired":
                # at the helm the choices are the decision's own, its judgment's looking three maneuvers ahead
                # first (the look-ahead's judgment looks one ahead); every copy shows the seat's view
                root = (lambda game, request: choices) if seat.request.kind in HELM_KINDS else choices_at
                result = paired_search(lambda: seat.determinized(self.dice), seat.side, budget,
                                       candidates=root, policy=judged, evaluate=score,
                                       progress=self.progress, margin=self.level.margin,
                                       confidence=self.level.confidence)
            else:
                result = search(lambda: seat.determinized(self.dice), seat.side, budget, candidates=choices_at,
                                policy=judged, evaluate=score, progress=self.progress)
        except DeterminizeError as e:
            # No copy of the game consistent with what this side has seen could be drawn (a gap in
            # rules/redraw.py's reading of the events): decide by judgment alone rather than not at all.
            log.warning("%s captain: search skipped, %s; the judgment decides", self.level.name, e)
            self.searches_skipped += 1
            self.last_search = None
            return preferred
        self.last_search = result
        return result.answer


def make_level(name: str, seed: int, time_cap: bool = False) -> SearchCaptain:
    return SearchCaptain(seed, LEVELS[name] if name in LEVELS else EXPERIMENTS[name], time_cap)


def _view(game: Game, side: str) -> SideView:
    """`side`'s view without the events, as the captains read it: a loose dict (ai/ reads views by key, untyped)."""
    return game.view(side, events=False)
