"""5.0 Assign Crew: each captain secretly splits his crew points among tasks; the rest go to Melee."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING, Any

from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.decisions import REQUEST_ONLY, SAMPLERS, VALIDATORS, Refusal, Request
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.state import GameState, ShipState, assigned_total, empty_assignment

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee

TASKS = ("sailing", "rigging_change", "rigging_dc", "hull_dc", "gunnery")
_TASK_SET = frozenset(TASKS)  # compared with an answer's keys, which makes no set of its own
_SECTION_SET = frozenset(SECTION_NAMES)


def limits(ship: ShipState) -> dict[str, Any]:
    """The most crew points each task may take this turn (5.0, 5.1.1-5.1.5)."""
    card = ship.card
    can_medium = ship.rigging > card.fighting_sail_only
    return {
        "crew": ship.crew,  # 5.0: never more than the crew points available
        "sailing": 1,  # 5.1.1
        "rigging_change": 2 if can_medium else 0,  # 5.1.2: only while still capable of Medium Sail
        "rigging_dc": 2,  # 5.1.3
        "hull_dc": {s: 2 for s in SECTION_NAMES},  # 5.1.4: up to two per broadside section
        "gunnery": {s: ship.gunnery[s] for s in SECTION_NAMES},  # 5.1.5: one per undamaged gunnery box
    }


def crew_request(state: GameState, side: str) -> Request:
    ships = [s for s in state.ships_of(side) if s.afloat]
    return Request(
        "assign_crew", side, "5.0",
        "Assign crew points to Sailing, Rigging Change, Rigging and Hull Damage Control and Gunnery "
        "(the rest go to Melee)",
        # copies of the assignments: the request is kept for copies of the game (`segment_crew`), and damage
        # trims a ship's own assignment in place later (`trim_to_crew`)
        info={"limits": {s.id: limits(s) for s in ships}, "current": {s.id: _copied(s.assign) for s in ships}},
    )


def check_assignment(ship_limits: dict[str, Any], assign: Any) -> tuple[str, str] | None:
    """(rule, problem) if `assign` breaks a limit of 5.0, else None."""
    if not isinstance(assign, dict) or assign.keys() != _TASK_SET:
        return "5.0", f"give points for each task: {list(TASKS)}"
    for task in ("sailing", "rigging_change", "rigging_dc"):
        value = assign[task]
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return "5.0", f"{task} must be a whole number of crew points, 0 or more"
    rules = {"sailing": "5.1.1", "rigging_change": "5.1.2", "rigging_dc": "5.1.3"}
    for task, rule in rules.items():
        if assign[task] > ship_limits[task]:
            why = " (the ship can no longer set Medium Sail)" if task == "rigging_change" else ""
            return rule, f"at most {ship_limits[task]} crew point(s) to {task}{why}"
    for task, rule in (("hull_dc", "5.1.4"), ("gunnery", "5.1.5")):
        per = assign[task]
        if not isinstance(per, dict) or per.keys() != _SECTION_SET:
            return "5.0", f"{task} needs a number for each section: {list(SECTION_NAMES)}"
        for section, value in per.items():
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                return "5.0", f"{task}.{section} must be a whole number, 0 or more"
            most = ship_limits[task][section]
            if value > most:
                why = "undamaged gunnery boxes; never a damaged box" if task == "gunnery" else "points per section"
                return rule, f"{task}.{section}: at most {most} ({why})"
    total = assigned_total(assign)
    if total > ship_limits["crew"]:
        return "5.0", f"{total} crew points assigned but only {ship_limits['crew']} available"
    return None


def _validate(state: GameState | None, request: Request, answer: Any) -> Refusal | None:
    table = request.info["limits"]
    if not isinstance(answer, dict) or set(answer) != set(table):
        return Refusal("5.0", f"assign crew for each of your ships: {sorted(table)}")
    for ship_id, assign in answer.items():
        problem = check_assignment(table[ship_id], assign)
        if problem is not None:
            return Refusal(problem[0], f"{ship_id}: {problem[1]}")
    return None


def man_the_guns(ship_limits: dict[str, Any], reserve: int = 0, sailing: bool = True,
                 first: Sequence[str] = ()) -> dict[str, Any]:
    """A ready-made legal assignment: every undamaged gunnery box manned while crew lasts (keeping `reserve`
    points back for Melee), the sections in `first` before the others, then one point on Sailing if any is left
    (5.1.1, 5.1.5). Offered to players as a starting point; they may change it."""
    left = max(0, ship_limits["crew"] - reserve)
    assign = empty_assignment()
    for section in [*first, *(s for s in SECTION_NAMES if s not in first)]:
        take = min(ship_limits["gunnery"][section], left)
        assign["gunnery"][section] = take
        left -= take
    if sailing and left > 0:
        assign["sailing"] = min(ship_limits["sailing"], 1)
    return assign


def random_assignment(ship_limits: dict[str, Any], rng: Dice) -> dict[str, Any]:
    """A random legal assignment: gunnery first (mostly fully manned), then the other tasks."""
    left = ship_limits["crew"]
    assign = empty_assignment()
    sections = list(SECTION_NAMES)
    rng.shuffle(sections)
    for section in sections:
        want = ship_limits["gunnery"][section]
        if rng.below(4) == 0:
            want = rng.below(want + 1)
        take = min(want, left)
        assign["gunnery"][section] = take
        left -= take
    for task in ("sailing", "rigging_change", "rigging_dc"):
        take = min(rng.below(ship_limits[task] + 1), left)
        assign[task] = take
        left -= take
    for section in sections:
        if left <= 0:
            break
        take = min(rng.below(3) if rng.below(3) == 0 else 0, left)
        assign["hull_dc"][section] = take
        left -= take
    return assign


def _sample(state: GameState | None, request: Request, rng: Dice) -> dict[str, Any]:
    return {ship_id: random_assignment(lim, rng) for ship_id, lim in request.info["limits"].items()}


def trim_to_crew(ship: ShipState) -> None:
    """Keep the assignment legal after damage: no point on a damaged gunnery box (5.1 note), and never
    more points assigned than crew left (5.0). Ruling R5.1 in docs/rulings.md says which points go first."""
    a = ship.assign
    for section in SECTION_NAMES:
        a["gunnery"][section] = min(a["gunnery"][section], ship.gunnery[section])
    if ship.rigging <= ship.card.fighting_sail_only:
        a["rigging_change"] = 0  # 5.1.2: no longer capable of Medium Sail
    excess = assigned_total(a) - ship.crew
    for task in ("sailing", "rigging_change", "rigging_dc"):
        if excess <= 0:
            return
        cut = min(excess, a[task])
        a[task] -= cut
        excess -= cut
    for task in ("hull_dc", "gunnery"):
        while excess > 0 and any(a[task].values()):
            section = max(SECTION_NAMES, key=lambda s: (a[task][s], s))
            a[task][section] -= 1
            excess -= 1


def _copied(assign: dict[str, Any]) -> dict[str, Any]:
    return {"sailing": assign["sailing"], "rigging_change": assign["rigging_change"],
            "rigging_dc": assign["rigging_dc"], "hull_dc": dict(assign["hull_dc"]), "gunnery": dict(assign["gunnery"])}


def segment_crew(g: Referee) -> Generator[list[Request], dict[str, Any], None]:
    """5.0: every side assigns its crews at once. The requests are kept in `state.step` at the segment's one mark
    (`Game.mark_step`), so a copy made here does not work them out again."""
    state = g.state
    if state.step[:1] == ("crew",):  # a copy resuming at the mark
        requests = list(state.step[1])
    else:
        requests = [crew_request(state, side) for side in state.sides if state.afloat(side)]
        state.step = ("crew", tuple(requests))
    g.mark_step()
    answers = yield requests
    state.step = ()
    for side, answer in answers.items():
        for ship_id, assign in answer.items():
            ship = state.ships[ship_id]
            ship.assign = _copied(assign)
            # the event keeps the assignment as made: a copy, not the ship's own, which damage trims (5.1 note)
            g.emit("crew", "5.0", f"{ship.card.name} assigns crew; {ship.melee_crew} left for Melee",
                   ship=ship_id, assign=_copied(assign))
        g.emit("crew_done", "5.0", f"{state.sides[side].name} has assigned crew", side=side)
    state.segment = "initiative"


VALIDATORS["assign_crew"] = _validate
SAMPLERS["assign_crew"] = _sample
REQUEST_ONLY.add("assign_crew")  # both read only the request's limits: a captain's seat needs no wiped copy of the state
