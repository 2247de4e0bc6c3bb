"""Questions the rules do not need a person for (issue 28, item 3): who maneuvers first (8.0, R6.0c), which section
takes the first hull hit (11.4.10), the free turn to a superior wind position (9.1.1) and a crew left as it stands
(5.0) — each answered by a standing order with a visible default the player can change (Game → Settings…), and
asked only where the answer matters. Read by turn_flow.decide, from the deciding side's own view and request.

- `move_order` — who maneuvers first when ships of several sides complete maneuvers: `last` (the others first:
  he sees where they went before his own ships move; on the table top the initiative is taken that way), `first`,
  or `ask`.
- `hull_first` — the first hull hit when both targeted sections are equally whole: `spare` (the section whose
  guns bear on no enemy takes it; if both or neither bear, the one not loaded; if both are loaded or neither, the
  first the rules name) or `ask`.
- `free_turn` `auto` — beyond `NEAR` MP of the nearest enemy, the choice pointing the bow nearest her; within
  it, the choice that brings her into the arc of a broadside; holding the course on a tie.
- `discard` — which Bridge Card to discard down to the hand size (1.7.2): `least` (the one whose roll decides
  least, the judgment captain's table) or `ask`.
- `bonus_move` — the Bonus Move (16.0): `near` (asked only with an enemy within long range, 24 MP; farther off
  no Bonus Move, no Strain), `never`, or `ask`.
- `crew` `keep` — the crew stays as it stands, unless it leaves a battery with an enemy in its arc without
  gunners, or keeps back less than crew_plan.melee_reserve for Melee with an enemy near enough to board (then he
  is asked, the battery that bears and the reserve ready-made).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cs_desktop.ai.judgment import STAKES
from cs_desktop.play import crew_plan
from cs_desktop.rules.deck import card_of
from cs_desktop.rules import geometry as geo
from cs_desktop.rules.crew import check_assignment
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.state import assigned_total

MOVE_ORDER_CHOICES = {
    "last": "the others maneuver first; mine after seeing theirs",
    "first": "mine maneuver first",
    "ask": "always ask",
}
HULL_FIRST_CHOICES = {
    "spare": "spare the guns that bear (the unloaded section on a tie)",
    "ask": "always ask",
}

DISCARD_CHOICES = {
    "least": "the card whose roll decides least",
    "ask": "always ask",
}
BONUS_MOVE_CHOICES = {
    "near": "ask with an enemy within 24 MP; farther off, none",
    "never": "never: no Bonus Move",
    "ask": "always ask",
}

Answer = tuple[Any, str]  # (the answer, why)


def discard(request: Request, order: str) -> Answer | None:
    """1.7.2: the card to discard by the `discard` order (None: ask)."""
    options = list(request.options or ())
    if order != "least" or not options:
        return None

    def worth(card: str) -> int:
        return next((v for k, v in STAKES.items() if str(card_of(card).get("hook") or "").startswith(k)), 0)

    card = min(options, key=lambda c: (worth(c), options.index(c)))
    return card, f"1.7.2: standing order: discard {DISCARD_CHOICES['least']} — {card_of(card)['name']}"


def bonus_move(view: Mapping[str, Any], request: Request, order: str) -> Answer | None:
    """16.0: no Bonus Move for any ship by the `bonus_move` order (None: ask)."""
    ships = request.ships or {}
    if order == "ask" or not ships or any(0 not in options for options in ships.values()):
        return None
    if order == "near":
        for sid in ships:
            me = view["ships"][sid]
            if any(geo.mp_distance((int(me["x"]), int(me["y"])), (int(e["x"]), int(e["y"]))) <= geo.BROADSIDE_RANGE
                   for e in crew_plan.enemies(dict(view), sid)):
                return None
    why = "no enemy within 24 MP" if order == "near" else "never"
    return {sid: 0 for sid in ships}, f"16.0: standing order: no Bonus Move ({why})"


def move_order(request: Request, order: str) -> Answer | None:
    """8.0 / R6.0c: "initiative_first" or "non_initiative_first" by the `move_order` order (None: ask). The
    deciding side is always the highest in the initiative order among those moving, so `last` is
    "non_initiative_first" with two sides or more."""
    if order == "ask":
        return None
    answer = "non_initiative_first" if order == "last" else "initiative_first"
    if answer not in (request.options or ()):
        return None
    return answer, ("8.0: standing order: " + MOVE_ORDER_CHOICES[order] + " — "
                    + ("the other side maneuvers first" if order == "last" else "your ships maneuver first"))


def _bears(view: Mapping[str, Any], ship_id: str, section: str) -> bool:
    """Does an enemy afloat lie in the arc of the broadside `section` is on (11.1)?"""
    side = "port" if section.startswith("port") else "starboard"
    return crew_plan.enemy_in_arc(dict(view), ship_id, side) is not None


def hull_first(view: Mapping[str, Any], request: Request, order: str) -> Answer | None:
    """11.4.10: the section to take the first hull hit on a tie, by the `hull_first` order (None: ask)."""
    options = tuple(request.options or ())
    ship_id = str(request.info.get("ship", ""))
    if order != "spare" or len(options) != 2 or ship_id not in view.get("ships", {}):
        return None
    loads = view["ships"][ship_id].get("loads", {})

    def cost(section: str) -> tuple[bool, bool]:
        return (_bears(view, ship_id, section), bool(loads.get(section)))

    first = min(options, key=lambda s: (cost(s), options.index(s)))
    mine, other = cost(first), cost(options[1] if first == options[0] else options[0])
    why = ("both alike: the first the rules name" if mine == other else
           "its guns bear on no enemy" if mine[0] != other[0] else "it is not loaded")
    return first, f"11.4.10: standing order: {HULL_FIRST_CHOICES['spare']} — {str(first).replace('_', ' ')} ({why})"


def free_turn_auto(view: Mapping[str, Any], sid: str, options: list[Any] | tuple[Any, ...], hold: Any,
                   nearest: Callable[[str], Mapping[str, Any] | None], near: int) -> tuple[Any, str]:
    """9.1.1 `auto`: one ship's choice and the words for it."""
    ship = view["ships"][sid]
    enemy = nearest(sid)
    if enemy is None:
        return hold, "no enemy afloat, course held"
    sq, esq = (int(ship["x"]), int(ship["y"])), (int(enemy["x"]), int(enemy["y"]))
    heading = int(ship["heading"])
    if geo.mp_distance(sq, esq) > near:
        def off_bow(option: Mapping[str, Any]) -> float:
            b = geo.relative_bearing(sq, geo.turn(heading, int(option["turn"])), esq)
            return min(b, 360.0 - b)

        best = min(options, key=lambda o: (off_bow(o), o is not hold))
        return best, ("course held, the bow already points nearest the nearest enemy" if best is hold
                      else f"turned {'starboard' if best['turn'] > 0 else 'port'} toward the nearest enemy")

    def in_arc(option: Mapping[str, Any]) -> bool:
        return geo.broadside_side_in_arc(sq, geo.turn(heading, int(option["turn"])), esq) is not None

    best = min(options, key=lambda o: (not in_arc(o), o is not hold))
    return best, ("course held" if best is hold else
                  f"turned {'starboard' if best['turn'] > 0 else 'port'} to bring the nearest enemy into a "
                  "broadside's arc")


def crew_keep(view: Mapping[str, Any], request: Request) -> Answer | None:
    """5.0 `keep`: the crew as it stands for every ship, if legal and no battery with an enemy in its arc goes
    without gunners (None: ask)."""
    limits = request.info.get("limits", {})
    current = request.info.get("current", {})
    if not limits or set(current) != set(limits):
        return None
    for sid, lim in limits.items():
        if check_assignment(lim, current[sid]) is not None:
            return None
        if int(lim["crew"]) - assigned_total(current[sid]) < crew_plan.melee_reserve(dict(view), sid, int(lim["crew"])):
            return None  # an enemy could board her and too few are kept back for Melee (15.0)
    answer = {sid: current[sid] for sid in limits}
    if crew_plan.no_gunner_warnings(dict(view), answer):
        return None
    return answer, "5.0: standing order: keep the crew as it stands (no battery that bears is left unmanned)"
