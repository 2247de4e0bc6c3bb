"""A turn that flows (issue 11, item 2): which requests a human seat must be shown, and which are answered for
him — by the rules (one legal answer) or by his standing orders — with a sentence saying what and why.

`decide(view, request, orders)` returns a `Pass` (the answer and the reason) or None (ask the player). It reads
only what the deciding side may know: its view (`game.view(side)`) and the pending request, through the
engine's public helpers. The caller submits the answer through `game.submit`, so it is checked like any other
answer and recorded in `game.decisions` like a human one (a replay is unchanged).

Standing orders (`StandingOrders`), set by the player in advance and changed at any time:

- `hold_cards` — which rolls he is offered Hold-card discards on (1.7.3): `stake` (issue 28: only where a die
  decides much — the roll's stake in the judgment captain's table at least `hold_stake`, and either one or two
  dice rolled, so one die's +1 weighs, or a card in hand made for the roll); `always`; `key` (the rolls that
  decide a fight: to-hit, defense, melee, grapple, strike and morale checks, and any roll a card in his hand
  applies to); `applies` (only rolls a card in his hand applies to for its own effect, 1.7.5); `never`.
  Where he is not offered the discard, he keeps his cards.
- `free_turn` — the free turn to a better wind position after an Advance (9.1.1): `ask`; `near` (ask while an
  enemy is within `NEAR` MP of the ship; farther off, take whichever choice — the turn or holding the course —
  points her bow nearest the nearest enemy); `never` (always hold the course).
- `crew` — the crew assignment (5.0): `ask` (the battery that bears is offered ready-made, see crew_plan.py);
  `bears` (man the battery that bears without asking, unless a battery with an enemy in its arc would be left
  without gunners).
- `fire` — when he is asked to fire (11.0): `ask` (whenever a gun bears); `16`, `12` or `8` (only while a
  target the guns bear on is within that many MP; farther off, hold fire and keep the guns loaded).
- `worth` — which shots are worth being asked about (issue 28): `any` (any shot that can hit); `half` (a shot
  expected to score half a hit or more); `one` (a hit or more). A ship whose best shot falls short holds fire
  without a word; a fire request with no ship worth asking is answered: all hold fire (play/fire_plan.py).
- `reload` — the load of a broadside just fired (11.7): `ask`; `same` (the load it last held, as his own log
  shows it; Round Shot if it shows none); `round` (always Round Shot). Loads chosen after a marker found no
  crew (10.0) are answered the same way.
- `ask_everything` — ask every request, as the engine poses it (turns all of the above off, single legal
  answers included).

Decisions that belong together are already one request where the engine groups them (every ship of a side in
one maneuver, fire, load or crew request; every load of a broadside after firing), so each is one question.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Protocol

from cs_desktop.ai.judgment import STAKES
from cs_desktop.play import crew_plan
from cs_desktop.play.designations import designations
from cs_desktop.play.fair_advice import FairAdvice
from cs_desktop.play.fire_plan import HOLD, WORTH_CHOICES, fire_rows
from cs_desktop.play.flow_orders import (
    BONUS_MOVE_CHOICES,
    DISCARD_CHOICES,
    HULL_FIRST_CHOICES,
    MOVE_ORDER_CHOICES,
    bonus_move,
    crew_keep,
    discard,
    free_turn_auto,
    hull_first,
    move_order,
)
from cs_desktop.rules import geometry as geo
from cs_desktop.rules.answers import show
from cs_desktop.rules.deck import card_of
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.rolls import card_can_change

if TYPE_CHECKING:
    from cs_desktop.rules.cards import ShipCard
    from cs_desktop.rules.game import Game


class FleetLike(Protocol):
    """play/fleet_orders.FleetOrders, as answer_for uses it (that module imports this one)."""

    def decide(self, view: Mapping[str, Any], request: Request, cards: Mapping[str, ShipCard],
               names: Mapping[str, str]) -> Pass | None: ...

#: free turn order "near": ask while an enemy is within this many MP (half broadside range, 11.1)
NEAR = geo.BROADSIDE_RANGE // 2

#: the rolls that decide a fight (purpose prefixes of rolls.roll / offer_bonus_cards)
KEY_ROLLS = ("to-hit", "defense", "melee", "grapple", "strike check", "morale check", "boarding to retake",
             "prize crew's defense")  # the last two: retaking a prize (R18.0m)

HOLD_CARD_CHOICES = {
    "stake": "only where a die decides much (the stake below), on one or two dice or with a card made for the roll",
    "always": "every roll I hold cards for",
    "key": "the rolls that decide a fight, and rolls a card in my hand applies to",
    "applies": "only rolls a card in my hand applies to",
    "never": "never: keep my cards",
}
#: the stake of a roll (the judgment captain's table, ai/judgment.STAKES) at least which `stake` offers cards
HOLD_STAKE_CHOICES = {
    "fleet": "2, or in a fleet (more than 3 ships a side) 3: a fleet's many small rolls are not asked about",
    "1": "1 and up: also to-hit, defense, grapple, tack, damage control and disengage rolls",
    "2": "2 and up: strike and morale checks, melee, fire fighting",
    "3": "3: strike checks only",
}
FREE_TURN_CHOICES = {
    "auto": "far off, steer for the nearest enemy; near, bring her into a broadside's arc",
    "ask": "always ask",
    "near": f"ask with an enemy within {NEAR} MP; farther off, steer for the nearest enemy",
    "never": "never take it: hold the course",
}
CREW_CHOICES = {
    "keep": "keep the crew as it stands unless a battery that bears is left unmanned",
    "ask": "ask every turn (the battery that bears ready-made)",
    "bears": "man the battery that bears without asking",
}
FIRE_CHOICES = {
    "ask": "whenever a gun bears",
    "16": "only with a target within 16 MP; hold fire beyond",
    "12": "only with a target within 12 MP; hold fire beyond",
    "8": "only with a target within 8 MP; hold fire beyond",
}
RELOAD_CHOICES = {
    "ask": "ask every time",
    "same": "the load it last held",
    "round": "always Round Shot",
}
CHOICES: dict[str, dict[str, str]] = {"hold_cards": HOLD_CARD_CHOICES, "free_turn": FREE_TURN_CHOICES,
                                      "crew": CREW_CHOICES, "fire": FIRE_CHOICES, "worth": WORTH_CHOICES,
                                      "reload": RELOAD_CHOICES, "move_order": MOVE_ORDER_CHOICES,
                                      "hull_first": HULL_FIRST_CHOICES,
                                      "hold_stake": HOLD_STAKE_CHOICES, "discard": DISCARD_CHOICES,
                                      "bonus_move": BONUS_MOVE_CHOICES}


@dataclass(frozen=True, slots=True)
class StandingOrders:
    hold_cards: str = "stake"
    free_turn: str = "auto"
    crew: str = "keep"
    fire: str = "16"
    reload: str = "same"
    ask_everything: bool = False
    worth: str = "half"
    move_order: str = "last"
    hull_first: str = "spare"
    hold_stake: str = "fleet"
    discard: str = "least"
    bonus_move: str = "near"
    never_cards: str = ""  # Hold cards (ids, comma-separated) never offered for a roll, the player's "never ask"

    def to_mapping(self) -> dict[str, str]:
        """Text values, for a settings file."""
        return {f.name: _text(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> StandingOrders:
        """Orders from text values (a settings file); a missing or unknown value keeps its default."""
        kept: dict[str, Any] = {}
        for name, choices in CHOICES.items():
            value = data.get(name)
            if isinstance(value, str) and value in choices:
                kept[name] = value
        never = data.get("never_cards")
        if isinstance(never, str):
            kept["never_cards"] = ",".join(sorted({c for c in never.split(",") if c and c.replace("-", "").isalnum()}))
        flag = data.get("ask_everything")
        if isinstance(flag, bool) or flag in ("true", "false"):
            kept["ask_everything"] = flag in (True, "true")
        return replace(cls(), **kept)


def _text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


@dataclass(frozen=True, slots=True)
class Pass:
    """An answer given for the player, and the sentence for his log."""

    answer: Any
    why: str


def decide(view: Mapping[str, Any], request: Request, orders: StandingOrders,
           names: Mapping[str, str] | None = None, cards: Mapping[str, ShipCard] | None = None) -> Pass | None:
    """The answer to give for the player, or None to ask him. Reads only `view` (his) and `request`; `names`
    (ship id -> designation, play/designations.py) only words the reason; `cards` (the public ship cards) price
    the shots of a fire request for the `worth` order (without them that order is not applied)."""
    n = _Names(names or {})
    if orders.ask_everything:
        return None
    only = single_answer(request, n)
    if only is not None:
        return Pass(only[0], f"{request.rule}: {only[1]} — passed")
    if request.kind == "bonus_cards":
        return _hold_cards(request, orders, view)
    if request.kind == "advance_turn":
        return _free_turn(view, request, orders, n)
    if request.kind == "assign_crew" and orders.crew == "bears":
        return _crew(view, request, n)
    if request.kind == "assign_crew" and orders.crew == "keep":
        return _given(crew_keep(view, request))
    if request.kind == "move_order":
        return _given(move_order(request, orders.move_order))
    if request.kind == "hull_first":
        return _given(hull_first(view, request, orders.hull_first))
    if request.kind == "discard_card":
        return _given(discard(request, orders.discard))
    if request.kind == "bonus_move":
        return _given(bonus_move(view, request, orders.bonus_move))
    if request.kind == "fire":
        far = _fire(view, request, int(orders.fire), n) if orders.fire != "ask" else None
        return far if far is not None or cards is None else _fire_worth(view, request, orders, n, cards)
    if request.kind == "select_load" and orders.reload != "ask":
        return _reload(view, request, orders, n)
    return None


def pass_for(view: Mapping[str, Any], request: Request, orders: StandingOrders, fleet: FleetLike | None,
             cards: Mapping[str, ShipCard]) -> Pass | None:
    """The answer the standing orders, then the fleet orders, give for `request` of the side whose `view`
    (with its visible events) it is; None: ask the player. The same for a seat at one screen (`answer_for`)
    and an online seat (play/online_orders.py), which has only its view and request."""
    names = designations(view, cards)
    passed = decide(view, request, orders, names, cards)
    if passed is None and fleet is not None and not orders.ask_everything:
        passed = fleet.decide(view, request, cards, names)
    return passed


def answer_for(game: Game, humans: set[str], orders: StandingOrders,
               fleet: FleetLike | None = None) -> list[tuple[int, str, int, str]]:
    """Submit, through `game.submit`, every answer `decide` gives for the pending requests of the `humans`
    sides (then the fleet orders', play/fleet_orders.py), until each request left needs its player. Returns
    (decision index, side, turn, why) per answer."""
    done: list[tuple[int, str, int, str]] = []
    for _ in range(10_000):
        if game.ended:
            break
        for request in game.pending:
            if request.side not in humans:
                continue
            passed = pass_for(game.view(request.side), request, orders, fleet, game.cards)
            if passed is None:
                continue
            turn = game.state.turn
            if not game.submit(request.side, passed.answer):
                continue  # never expected: the answer was built from the request; ask the player instead
            done.append((len(game.decisions) - 1, request.side, turn, passed.why))
            break
        else:
            break
    return done


class _Names:
    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = names

    def __call__(self, ship_id: Any) -> str:
        return self.names.get(str(ship_id), str(ship_id))


def single_answer(request: Request, name: _Names = _Names({})) -> tuple[Any, str] | None:
    """(the answer, why) when the request has exactly one legal answer."""
    if request.options is not None and len(request.options) == 1:
        return request.options[0], f"the only legal answer is {show(request.options[0])}"
    if request.ships is not None and request.ships and all(len(o) == 1 for o in request.ships.values()):
        answer = {sid: opts[0] for sid, opts in request.ships.items()}
        return answer, "one legal choice only: " + "; ".join(f"{name(sid)} {show(a)}" for sid, a in answer.items())
    if request.kind == "melee_support" and int(request.info.get("support", 1)) == 0:
        return [0] * len(request.info["values"]), "no support points to add"
    return None


def _given(found: tuple[Any, str] | None) -> Pass | None:
    return None if found is None else Pass(found[0], found[1])


def stake_of(purpose: str) -> int:
    """How much a roll decides (ai/judgment.STAKES: 0 for rolls a Hold card hardly changes the game by)."""
    return next((v for k, v in STAKES.items() if purpose.startswith(k)), 0)


def card_kind(card: str) -> str:
    """A card in hand ("weather-eye#1") without its copy number: what "never ask" keeps."""
    return card.split("#")[0]


def stake_needed(orders: StandingOrders, view: Mapping[str, Any], side: str) -> int:
    """The stake a roll must reach for Hold cards to be offered: `hold_stake`, or for `fleet` 2, 3 in a fleet."""
    if orders.hold_stake != "fleet":
        return int(orders.hold_stake)
    ships = [s for s in view.get("ships", {}).values() if s.get("side") == side]
    return 3 if len(ships) > 3 else 2


def _hold_cards(request: Request, orders: StandingOrders, view: Mapping[str, Any]) -> Pass | None:
    info = request.info
    purpose = str(info["purpose"])
    never = set(orders.never_cards.split(",")) - {""}
    if never and all(card_kind(c) in never for c in info.get("hand", [])):
        return Pass([], "1.7.3: standing order: never offer " + ", ".join(sorted(never)) + " — cards kept")
    needs = request.needs
    lower = bool(needs and needs.get("lower_is_better"))
    # a card with its own effect on this roll (1.7.5) counts only where its effect can change the result
    applies = any(card_kind(c) not in never and card_can_change(needs, lower, int(card_of(c)["modifier"])) is not False
                  for c in info.get("playable", []))
    if not applies and card_can_change(needs, lower) is False:
        return Pass([], f"1.7.3: no card in hand can change the result of the {purpose} roll ({need_words(needs or {})}) "
                        "— cards kept")
    if orders.hold_cards == "always":
        return None
    if orders.hold_cards == "stake":
        stake, need = stake_of(purpose), stake_needed(orders, view, request.side)
        if stake >= need and (applies or int(info.get("dice", 1)) <= 2):
            return None
        why = (f"the {purpose} roll's stake is {stake}, below {need}" if stake < need else
               f"one die of {info.get('dice')} decides little on the {purpose} roll and no card in hand is made "
               "for it")
        return Pass([], f"1.7.3: standing order: offer cards only where a die decides much — {why}; cards kept")
    if orders.hold_cards in ("applies", "key") and applies:
        return None
    if orders.hold_cards == "key" and purpose.startswith(KEY_ROLLS):
        return None
    if orders.hold_cards == "never":
        why = "standing order: never offer Hold-card discards"
    elif orders.hold_cards == "key":
        why = (f"{purpose} is not a key roll and no card in hand has its own effect on it (1.7.5); standing order: "
               "discard for +1 only on key rolls")
    else:
        why = (f"no card in hand has its own effect on the {purpose} roll (1.7.5); standing order: discard for +1 "
               "only where one does")
    return Pass([], f"1.7.3: {why} — passed, cards kept")


def need_words(need: Mapping[str, Any]) -> str:
    """The words for what a roll needs (rolls.needs)."""
    steps = " or ".join(str(t) for t in need["steps"]) or "no value"
    return f"its result changes at a die of {steps}; {int(need['modifier']):+d} a die"


def _free_turn(view: Mapping[str, Any], request: Request, orders: StandingOrders, name: _Names) -> Pass | None:
    assert request.ships is not None
    if orders.free_turn == "ask":
        return None
    answer: dict[str, Any] = {}
    notes = []
    for sid, options in request.ships.items():
        hold = next((o for o in options if isinstance(o, dict) and o.get("turn") == 0), None)
        if hold is None:
            return None
        if orders.free_turn == "never":
            answer[sid] = hold
            continue
        if orders.free_turn == "auto":
            answer[sid], said = free_turn_auto(view, sid, options, hold, lambda s: _nearest(view, s), NEAR)
            notes.append(f"{name(sid)}: {said}")
            continue
        ship = view["ships"][sid]
        enemy = _nearest(view, sid)
        if enemy is None:
            answer[sid] = hold
            notes.append(f"{name(sid)}: no enemy afloat, course held")
            continue
        sq, esq = _square(ship), _square(enemy)
        if geo.mp_distance(sq, esq) <= NEAR:
            return None
        heading = int(ship["heading"])

        def off_bow(option: dict[str, Any]) -> float:
            b = geo.relative_bearing(sq, geo.turn(heading, int(option["turn"])), esq)
            return min(b, 360.0 - b)

        best = min(options, key=lambda o: (off_bow(o), o is not hold))  # a tie holds the course
        answer[sid] = best
        notes.append(f"{name(sid)}: no enemy within {NEAR} MP; " + (
            "course held, the bow already points nearest " if best is hold
            else f"turned {'starboard' if best['turn'] > 0 else 'port'} toward ") + name(enemy["id"]))
    if orders.free_turn == "never":
        return Pass(answer, "9.1.1: standing order: never take the free turn — course held")
    return Pass(answer, "9.1.1: standing order: " + "; ".join(notes))


def _square(ship: Mapping[str, Any]) -> tuple[int, int]:
    return (int(ship["x"]), int(ship["y"]))


def _nearest(view: Mapping[str, Any], ship_id: str) -> dict[str, Any] | None:
    sq = _square(view["ships"][ship_id])
    found = crew_plan.enemies(dict(view), ship_id)
    return min(found, key=lambda e: (geo.mp_distance(sq, _square(e)), str(e["id"]))) if found else None


def _crew(view: Mapping[str, Any], request: Request, name: _Names) -> Pass | None:
    v = dict(view)
    answer = {sid: crew_plan.bearing_assignment(v, sid, lim) for sid, lim in request.info["limits"].items()}
    if crew_plan.no_gunner_warnings(v, answer):
        return None  # a bearing battery would go unmanned: the player decides
    parts = []
    for sid in sorted(answer):
        guns = answer[sid]["gunnery"]
        port, starboard = (sum(guns[s] for s in geo.sections_for_side(b)) for b in crew_plan.BATTERIES)
        parts.append(f"{name(sid)} port {port}, starboard {starboard}")
    return Pass(answer, "5.0: standing order: man the battery that bears — " + "; ".join(parts))


def last_load(view: Mapping[str, Any], ship_id: str, section: str) -> str | None:
    """The load this side last chose for a broadside (2.0 setup, 11.7), from its own visible events."""
    for e in reversed(view.get("events", [])):
        if e.get("ship") != ship_id:
            continue
        if e.get("type") == "load_type" and e.get("slot") == section:
            return str(e["load"])
        if e.get("type") == "loads" and isinstance(e.get("loads"), dict) and section in e["loads"]:
            return str(e["loads"][section])
    return None


def _reload(view: Mapping[str, Any], request: Request, orders: StandingOrders, name: _Names) -> Pass | None:
    assert request.ships is not None
    answer: dict[str, Any] = {}
    for key, options in request.ships.items():
        ship_id, _, section = key.partition(":")
        want = (last_load(view, ship_id, section) or "round") if orders.reload == "same" else "round"
        if want not in options:
            return None
        answer[key] = want
    what = "; ".join(f"{name(k.split(':')[0])} {k.split(':')[1].replace('_', ' ')} {v}"
                     for k, v in sorted(answer.items()))
    rule = "the load it last held" if orders.reload == "same" else "Round Shot"
    return Pass(answer, f"11.7: standing order: reload with {rule} — {what}")


def _fire(view: Mapping[str, Any], request: Request, limit: int, name: _Names) -> Pass | None:
    assert request.ships is not None
    answer: dict[str, Any] = {}
    far = []
    for sid, options in request.ships.items():
        hold = next((o for o in options if isinstance(o, dict) and o.get("target") is None), None)
        if hold is None:
            return None
        sq = _square(view["ships"][sid])
        targets = sorted({str(o["target"]) for o in options if o is not hold})
        near = min((geo.mp_distance(sq, _square(view["ships"][t])) for t in targets), default=10**6)
        if near <= limit:
            return None
        answer[sid] = hold
        far.append(f"{name(sid)}: nearest target {near} MP off" if targets else f"{name(sid)}: no target")
    return Pass(answer, f"11.0: standing order: hold fire beyond {limit} MP — " + "; ".join(far))


def _fire_worth(view: Mapping[str, Any], request: Request, orders: StandingOrders, name: _Names,
                cards: Mapping[str, ShipCard]) -> Pass | None:
    """All hold fire when no ship's best shot reaches the `worth` order (play/fire_plan.py); else None."""
    rows = fire_rows(request, FairAdvice(view, cards), orders.worth, name.names)
    if any(row.asked for row in rows):
        return None
    return Pass({row.ship_id: dict(HOLD) for row in rows},
                f"11.0: standing order: fire only {WORTH_CHOICES.get(orders.worth, orders.worth)} — "
                + "; ".join(row.summary for row in rows))
