"""The judgment captain: sound judgment on every request the rules make, from the side's view alone.

Its inputs are the view (`seat.view()`), the request and the public terms of the battle
(the scenario and the ship cards, which both players see: the 20.1 multipliers and bonuses come from them).
It never reads the game's state or anything hidden, and it rolls no dice of the game:
`think(view, request, cards, terms)` is a pure function of its inputs. The judgments live in `judgment_helm` (maneuvers, 9.0-9.3, 16.0),
`judgment_guns` (crew, fire, loads, 5.0-11.9) and `evaluate` (victory points and the plan: fight or stall);
this module answers the rest — Hold cards (1.7.3-1.7.5), grappling and boarding (12.0, 15.0), sail and
disengagement (17.5) — and keeps every answer legal.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from cs_desktop.ai.evaluate import Terms, evaluate, victory_terms_of, vp_now
from cs_desktop.ai.judgment_guns import CREW_STYLES, Guns
from cs_desktop.ai.judgment_helm import DEPTH, Helm
from cs_desktop.ai.judgment_view import View, afloat, nearest_enemy
from cs_desktop.ai.temper import FULL, Temper
from cs_desktop.ai.seat import Seat
from cs_desktop.rules import geometry as geo
from cs_desktop.rules.deck import card_of
from cs_desktop.rules.cards import ShipCard
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.damage import MORALE_MOD
from cs_desktop.rules.deck import HAND_LIMIT
from cs_desktop.rules.state import QUALITY_MOD, assigned_total
from cs_desktop.rules.scoring import CAPTURED_VP, DRAW_MARGIN
from cs_desktop.rules.view_types import ViewShip

#: rolls where a Hold card discarded for +1 on a die may swing the outcome of the game, with a rough worth
#: in crew or boxes of a success; a card's own effect is played when its hook matches (1.7.5)
STAKES = {"strike check": 3, "morale check": 2, "melee assault": 2, "melee defense": 2, "grapple": 1,
          "to-hit": 1, "defense": 1, "tack": 1, "damage control": 1, "fire fighting": 2, "disengage": 1}


#: how much better (in the helm's VP-scaled score) the square ahead must be to take a Bonus Move
BONUS_MOVE_GAIN = 0.4


#: all the judgment reads of its seat (with the request and the public scenario and cards)
VIEW = frozenset({"view"})


class JudgmentCaptain:
    """The judgment as a captain; a `temper` (ai/temper.py) makes the weaker levels (levels.py)."""

    def __init__(self, seed: int, temper: Temper = FULL) -> None:
        self.seed = seed
        self.temper = temper
        self._terms: tuple[Any, Terms] | None = None  # (the scenario they were worked out for, the terms)
        self.decisions = 0
        self.seconds = 0.0

    # ------------------------------------------------------------------ entry points
    def needs(self, request: Request) -> frozenset[str]:
        return VIEW

    def choose(self, seat: Seat) -> Any:
        if self._terms is None or self._terms[0] is not seat.scenario:
            self._terms = (seat.scenario, victory_terms_of(seat.scenario, seat.cards))
        start = time.perf_counter()  # the view is part of the decision's cost
        answer = think(seat.view(), seat.request, seat.cards, self._terms[1], self.temper)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return answer


def think(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None,
          temper: Temper = FULL) -> Any:
    """The answer to `request` from `view` (see the module doc); always a legal answer. `temper`: how much of
    the judgment it uses (ai/temper.py): how many maneuvers the helm looks ahead (a search's rollouts use
    fewer), and what else a weaker level leaves out."""
    handler = HANDLERS.get(request.kind)
    if handler is None:
        answer = None
    elif request.kind in HELM_KINDS:
        answer = handler(view, request, cards, terms, temper.helm_depth)
    elif request.kind in TEMPERED_KINDS:
        answer = handler(view, request, cards, terms, temper)
    else:
        answer = handler(view, request, cards, terms)
    return legal(request, answer)


def legal(request: Request, answer: Any) -> Any:
    """The answer if it is one of the listed choices; otherwise the first listed choice (never a refusal).
    Answers checked by a validator are built legal by their handlers."""
    if request.options is not None:
        return answer if answer in request.options else request.options[0]
    if request.ships is not None:
        answer = answer if isinstance(answer, dict) else {}
        return {k: (answer[k] if k in answer and answer[k] in opts else opts[0]) for k, opts in request.ships.items()}
    return answer


# ---------------------------------------------------------------------------------------------- handlers
def _setup(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    guns = Guns(Helm(view, request.side, cards, terms))
    return {s: {"sail": "medium", "loads": guns.setup_loads(s)} for s in request.info["ships"]}


def _assign_crew(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None,
                 temper: Temper = FULL) -> Any:
    """5.0: each ship manned in the temper's style within its range (Guns.assign)."""
    guns = Guns(Helm(view, request.side, cards, terms))
    out = {}
    for ship_id, lim in request.info["limits"].items():
        assign = guns.assign(ship_id, lim, temper.crew_style, temper.crew_within)
        assert assigned_total(assign) <= lim["crew"]
        out[ship_id] = assign
    return out


def crew_choices(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> list[Any]:
    """The judgment's crew for every ship first, then each other way of manning one ship at a time (the styles of
    `Guns.assign`): the choices a search weighs at a crew assignment (5.0)."""
    guns = Guns(Helm(view, request.side, cards, terms))
    limits = request.info["limits"]
    own = {ship_id: guns.assign(ship_id, lim) for ship_id, lim in limits.items()}
    out = [own]
    for ship_id, lim in limits.items():
        for style in CREW_STYLES[1:]:
            answer = {**own, ship_id: guns.assign(ship_id, lim, style)}
            if answer not in out:
                out.append(answer)
    return out


def fire_choices(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None,
                 shots: int = 3) -> list[Any]:
    """The judgment's fire for every ship first, then for one ship at a time: holding fire and its `shots` best
    shots by expected VP (11.0) — the choices a search weighs at a fire step."""
    assert request.ships is not None
    guns = Guns(Helm(view, request.side, cards, terms))
    own = legal(request, {sid: guns.fire(sid, opts) for sid, opts in request.ships.items()})
    out = [own]
    for ship_id, options in request.ships.items():
        hold = [o for o in options if o["target"] is None]
        for option in hold[:1] + guns.ranked_shots(ship_id, options)[:shots]:
            answer = {**own, ship_id: option}
            if answer not in out:
                out.append(answer)
    return out


def _select_maneuver(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None,
                        depth: int = DEPTH) -> Any:
    assert request.ships is not None
    helm = Helm(view, request.side, cards, terms, depth)
    remaining = request.info.get("remaining", {})
    return {sid: helm.select(sid, opts, int(remaining.get(sid, 99))) for sid, opts in request.ships.items()}


def _advance_turn(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None,
                     depth: int = DEPTH) -> Any:
    assert request.ships is not None
    helm = Helm(view, request.side, cards, terms, depth)
    return {sid: helm.free_turn(sid, opts) for sid, opts in request.ships.items()}


def _fall_off(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None,
                 depth: int = DEPTH) -> Any:
    assert request.ships is not None
    helm = Helm(view, request.side, cards, terms, depth)
    return {sid: helm.fall_off(sid, opts) for sid, opts in request.ships.items()}


def _fire(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None,
          temper: Temper = FULL) -> Any:
    """11.0: each ship's fire, held at targets beyond the temper's range (Guns.fire)."""
    assert request.ships is not None
    guns = Guns(Helm(view, request.side, cards, terms))
    return {sid: guns.fire(sid, opts, temper.fire_within) for sid, opts in request.ships.items()}


def _select_load(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    assert request.ships is not None
    guns = Guns(Helm(view, request.side, cards, terms))
    return {key: guns.load(*key.split(":")) for key in request.ships}


def _hull_first(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    """11.4.10: the ship hit is named in the request (in a fleet, not necessarily the side's first afloat)."""
    options = tuple(request.options or ())
    guns = Guns(Helm(view, request.side, cards, terms))
    return guns.hull_first(request.info.get("ship"), options)


def _move_order(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    # 8.0: moving second, the Initiative Player sees where the enemy went before he moves
    return "non_initiative_first"


def _parallel_side(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    return (request.options or ("port",))[0]


def _bonus_move(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    """16.0: one square straight ahead, then a rigging check (a die + Strain + Sailing crew, 6 or more holds;
    a failure costs as many rigging boxes as the Strain, which the enemy does not score, ruling R19.0).
    Strain 1 risks the least rigging. Taken when the square ahead is clearly better for the plan, looking a
    maneuver beyond, and the rigging can spare the risk."""
    assert request.ships is not None
    helm = Helm(view, request.side, cards, terms)
    out = {}
    for sid in request.ships:
        ship = view["ships"][sid]
        enemy = nearest_enemy(view, ship)
        if enemy is None:
            out[sid] = 0
            continue
        here = helm.state.ships[sid]
        ahead = here.clone()
        ahead.x, ahead.y = geo.step(here.square, here.heading)
        stay = helm.value(ship, here, enemy, 0, 1)
        go = helm.value(ship, ahead, enemy, 0, 1)
        if helm.ends_game(here):
            go -= 10_000.0  # 9.3
        sound = ship["rigging"] > int(view["tops"][sid]["rigging"]) // 2
        out[sid] = 1 if go > stay + BONUS_MOVE_GAIN and sound else 0
    return out


def _melee_power(ship: ViewShip) -> float:
    a = ship["assign"]
    used = a["sailing"] + a["rigging_change"] + a["rigging_dc"] + sum(a["hull_dc"].values()) + sum(
        a["gunnery"].values())
    crew = max(0, ship["crew"] - used)
    mod = QUALITY_MOD.get(ship["quality"], 0) + MORALE_MOD[int(ship["morale"])]
    return float(crew * (1 + 0.2 * mod))


def _odds(view: View, request: Request) -> float:
    ship = view["ships"][request.info["ship"]]
    enemy_id = request.info.get("enemy")
    if enemy_id is None:
        enemy = nearest_enemy(view, ship)
    else:
        enemy = view["ships"][enemy_id]
    if enemy is None:
        return 0.0
    return _melee_power(ship) / max(1.0, _melee_power(enemy))


def capture_pays(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> bool:
    """A capture scores +10 VP and the boxes of the crew cut down (15.0, 19.0) — but taking the enemy's last
    ship ends the battle (18.0). Worth it when the result then beats what fighting on is expected to bring:
    a win, or a draw where a loss was coming."""
    enemy_id = request.info.get("enemy")
    enemy = view["ships"].get(enemy_id) if enemy_id else None
    if enemy is None:
        return True
    others = [s for s in view["ships"].values() if s["side"] == enemy["side"] and afloat(s) and s["id"] != enemy_id]
    if others:
        return True  # the battle goes on: the prize is pure gain
    t = terms or {sid: {"multiplier": 1.0, "bonus": 0.0} for sid in view["sides"]}
    side = request.side
    vp = vp_now(view, t)
    other = next(s for s in view["sides"] if s != side)
    after = vp[side] - vp[other] + CAPTURED_VP + _melee_power(enemy) * t[side]["multiplier"]
    if after > DRAW_MARGIN:
        return True
    return after >= -DRAW_MARGIN and evaluate(view, side, t, cards) < -DRAW_MARGIN


def _grapple(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    """12.0: lash on when boarding would win (a capture is +10 VP and ends the battle, 15.0) and the capture
    pays (see `capture_pays`)."""
    return _odds(view, request) >= 1.5 and capture_pays(view, request, cards, terms)


def _take_possession(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    """Fleet rules (R18.0h, R19.0f): a hulk taken is the capture points in place of the strike points, at no
    risk: always -- unless, under the prize crews option, she cannot spare the guard her prisoners need, who
    would take the hulk back at once (R18.0k, R18.0l)."""
    info = request.info
    if "guard" in info:
        return int(info["can_spare"]) >= int(info["guard"])
    return True


#: prisoners to a prize-crew point the judgment guards at: half the 1:6 that holds a prize (WS&IM D.9, D.11)
SAFE_GUARD_RATIO = 3


def _prize_crew(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    """R18.0k, R18.0l: a guard of one for three prisoners if she can spare the men -- twice what holds her (one
    for six, WS&IM D.9), as the prize crew takes the first of the men lost under fire (D.11); never fewer than
    the guard the rules ask, never more than she has."""
    options = [int(o) for o in request.options or (0,)]
    safe = -(-int(request.info.get("prisoners", 0)) // SAFE_GUARD_RATIO)
    return min(max(options), max(min(options), safe))


def _retake(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    """R18.0m: board a prize of ours when the boarders' dice outweigh the prize crew's: a prize retaken turns the
    enemy's capture points into strike points (R18.0n); prisoners rising with the boarders (+1 a die) are worth
    half as many men again."""
    info = request.info
    ours, theirs = int(info["melee_crew"]), int(info["prize_crew"])
    help_ = 1.5 if int(info.get("prisoners", 0)) > theirs else 1.0
    return ours * help_ >= 2 * theirs


def _melee(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    return _odds(view, request) >= 1.4 and capture_pays(view, request, cards, terms)


def _melee_continue(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    ours = [s for s in view["ships"].values() if s["side"] == request.side and afloat(s)]
    for ship in ours:
        for g in view["grapples"]:
            if ship["id"] in g["ships"]:
                other = next(i for i in g["ships"] if i != ship["id"])
                return _melee_power(ship) >= 1.1 * max(1.0, _melee_power(view["ships"][other]))
    return False


def _melee_split(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    """15.0: dice against support points. Support lifts the dice nearest a 5, so all-dice wastes points: the
    best share of dice is about seven in ten, more with a good modifier, fewer with a bad one (worked out by
    enumerating the rolls with `melee.best_support`)."""
    options = tuple(request.options or (0,))
    ship = view["ships"].get(request.info.get("ship", ""), None)
    mod = 0
    if ship is not None:
        mod = QUALITY_MOD.get(ship["quality"], 0) + MORALE_MOD[int(ship["morale"])]
        if request.info.get("role") == "assault" and cards[ship["card"]].nation == "FR":
            mod += 1
    n = int(request.info.get("melee_crew", max(options)))
    want = round(n * min(0.85, max(0.5, 0.7 + 0.08 * mod)))
    return min(options, key=lambda k: (abs(k - want), -k))


def _melee_support(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    return list(request.info["suggested"])


def _disengage(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    """17.5: cut loose when the boarders would lose."""
    ship = view["ships"][request.info["ship"]]
    for g in view["grapples"]:
        if ship["id"] in g["ships"]:
            other = next(i for i in g["ships"] if i != ship["id"])
            return _melee_power(ship) < 1.2 * _melee_power(view["ships"][other])
    return False


def _sail_change(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    """17.5: Medium Sail is speed; Fighting Sail halves the rigging hits of shots aimed High (11.4.9), worth it
    only when the enemy is alongside and faster anyway."""
    return request.info["to"] == "medium"


def _bonus_cards(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    """1.7.3-1.7.5: play a card for its own effect on a roll of its kind when the roll matters; discard one
    for +1 (or -1) on a single die where a single die decides much (a strike or morale check, a grapple)."""
    info = request.info
    purpose = str(info["purpose"])
    stake = next((v for k, v in STAKES.items() if purpose.startswith(k)), 0)
    if stake == 0:
        return []
    playable = list(info.get("playable", []))
    if playable:
        return playable[:1]
    hand = [c for c in info["hand"] if card_of(c)["type"] == "hold"]
    ours = [s for s in view["ships"].values() if s["side"] == request.side and afloat(s)]
    limit = HAND_LIMIT[min(int(s["morale"]) for s in ours)] if ours else 3
    if hand and ((stake >= 2 and int(info["dice"]) <= 2) or len(hand) >= limit - 1):
        return hand[: min(int(info["max"]), 1)]  # a full hand loses the next card drawn anyway (1.7.2)
    return []


def _discard_card(view: View, request: Request, cards: Mapping[str, ShipCard], terms: Terms | None) -> Any:
    """1.7.2: keep the cards whose hooks matter most."""
    options = list(request.options or ())

    def worth(c: str) -> int:
        return STAKES.get(str(card_of(c).get("hook")), 0)

    return min(options, key=worth) if options else None


#: request kind -> its handler: (view, request, cards, terms), and the helm's depth too for HELM_KINDS
HANDLERS: dict[str, Callable[..., Any]] = {
    "setup": _setup, "assign_crew": _assign_crew, "select_maneuver": _select_maneuver,
    "advance_turn": _advance_turn, "fall_off": _fall_off, "fire": _fire, "select_load": _select_load,
    "hull_first": _hull_first, "move_order": _move_order, "parallel_side": _parallel_side,
    "bonus_move": _bonus_move, "grapple": _grapple, "melee": _melee, "melee_continue": _melee_continue,
    "melee_split": _melee_split, "melee_support": _melee_support, "disengage": _disengage,
    "sail_change": _sail_change, "bonus_cards": _bonus_cards, "discard_card": _discard_card,
    "take_possession": _take_possession, "prize_crew": _prize_crew, "retake": _retake,
}

__all__ = ["JudgmentCaptain", "think", "capture_pays"]
#: the handlers that steer, and take the helm's look-ahead depth
HELM_KINDS = frozenset({"select_maneuver", "advance_turn", "fall_off"})
#: the handlers that take the rest of the temper: how the crew is manned and the range fire is held beyond
TEMPERED_KINDS = frozenset({"assign_crew", "fire"})
