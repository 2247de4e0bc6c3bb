"""15.0 Melee: boarding across the grappled ships, round after round, until capture, repulse or the
attacker breaks off."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import damage, wsim_melee
from cs_desktop.rules.contacts import is_grappled
from cs_desktop.rules.decisions import SAMPLERS, VALIDATORS, Refusal, Request
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.melee_capture import capture
from cs_desktop.rules.rolls import NO_CARDS, offer_bonus_cards, roll_now

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState

Gen = Generator[list[Request], dict[str, Any], Any]


def split_request(side: str, ship: ShipState, role: str) -> Request:
    n = ship.melee_crew
    low = 1 if role == "assault" and n else 0
    return Request("melee_split", side, "15.0",
                   f"{ship.card.name}: how many of your {n} Melee crew go to {role}? (the rest support)",
                   options=tuple(range(low, n + 1)),
                   info={"ship": ship.id, "role": role, "melee_crew": n})


def best_support(values: list[int], support: int) -> list[int]:
    """The distribution of support that makes the most hits: raise the dice closest to 5 first."""
    extra = [0] * len(values)
    order = sorted((i for i, v in enumerate(values) if v < 5), key=lambda i: (5 - values[i], i))
    for i in order:
        need = 5 - values[i]
        if need <= support:
            extra[i] = need
            support -= need
    return extra


def support_request(side: str, ship: ShipState, values: list[int], support: int, role: str) -> Request:
    return Request("melee_support", side, "15.0",
                   f"{ship.card.name}: add your {support} support point(s) to your {role} dice {values}",
                   info={"values": values, "support": support, "suggested": best_support(values, support)})


def _validate_support(state: GameState, request: Request, answer: Any) -> Refusal | None:
    values = request.info["values"]
    if (not isinstance(answer, list) or len(answer) != len(values)
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in answer)):
        return Refusal("15.0", f"give one whole number (0 or more) per die: {len(values)} numbers")
    if sum(answer) > request.info["support"]:
        return Refusal("15.0", f"only {request.info['support']} support point(s) to distribute")
    return None


def _sample_support(state: GameState, request: Request, rng: Dice) -> list[int]:
    if rng.below(2):
        return list(request.info["suggested"])
    extra = [0] * len(request.info["values"])
    for _ in range(request.info["support"]):
        if extra:
            extra[rng.below(len(extra))] += 1
    return extra


VALIDATORS["melee_support"] = _validate_support
SAMPLERS["melee_support"] = _sample_support


def segment_melee(g: Referee) -> Gen:
    """15.0 for every grappled pair, the Initiative Player's first. Then the Bonus Move (16.0) follows for
    every ship: the Bonus Move that 15.0 step 8 skips after a broken-off melee is that of the two ships of
    the melee, which lie grappled and make none anyway (ruling R16.0); other ships make theirs (ruling
    R15.0b)."""
    state = g.state
    state.impulse = 13
    for record in list(state.grapples):
        if record["state"] != "grappled":
            continue
        a, b = (state.ships[i] for i in record["ships"])
        if not (a.afloat and b.afloat):
            continue
        if state.wsim_melee and record.get(wsim_melee.ONGOING):  # R15.0c: an undecided melee goes on
            yield from wsim_melee.go_on(g, record)
            if state.ended:
                return
            continue
        ip_ship, nip_ship = (a, b) if state.ranks_above(a.side, b.side) else (b, a)  # R6.0b
        attacker = None
        for ship, enemy in ((ip_ship, nip_ship), (nip_ship, ip_ship)):
            if ship.melee_crew <= 0:
                continue
            answers = yield [Request("melee", ship.side, "15.0", f"{ship.card.name}: board {enemy.card.name}?",
                                     options=(False, True), info={"ship": ship.id, "enemy": enemy.id})]
            if answers[ship.side]:
                attacker, defender = ship, enemy
                break
        if attacker is None:
            continue
        if state.wsim_melee:  # R15.0c: Wooden Ships & Iron Men's procedure in place of 15.0's rounds
            yield from wsim_melee.fight(g, record, attacker, defender)
        else:
            yield from fight(g, attacker, defender)
        if state.ended:
            return
    state.segment = "bonus"


def fight(g: Referee, attacker: ShipState, defender: ShipState) -> Gen:
    state = g.state
    g.emit("melee", "15.0", f"{attacker.card.name} boards {defender.card.name}!", ship=attacker.id,
           target=defender.id)
    while True:
        # Steps 2-3: split Melee crew into assault/defense and support
        answers = yield [split_request(attacker.side, attacker, "assault")]
        assault = answers[attacker.side]
        answers = yield [split_request(defender.side, defender, "defense")]
        defense = answers[defender.side]
        a_support = attacker.melee_crew - assault
        d_support = defender.melee_crew - defense
        # Step 4
        a_mods = damage.quality_mods(attacker) + damage.morale_mods(attacker)
        if attacker.card.nation == "FR":
            a_mods.append(("French attacker +1", 1))
        d_mods = damage.quality_mods(defender) + damage.morale_mods(defender)
        # Step 4 is one simultaneous roll: both sides declare their cards first, the NIP first (1.7.3-1.7.4).
        cards = yield from offer_bonus_cards([(attacker.side, assault, "melee assault", "15.0", False),
                                              (defender.side, defense, "melee defense", "15.0", False)], g)
        a_use, d_use = cards.get(attacker.side, NO_CARDS), cards.get(defender.side, NO_CARDS)
        a_roll = roll_now(g, attacker.side, assault, "melee assault", "15.0", a_mods + a_use.mods, a_use.discarded,
                          ship=attacker.id)
        d_roll = roll_now(g, defender.side, defense, "melee defense", "15.0", d_mods + d_use.mods, d_use.discarded,
                          ship=defender.id)
        a_values, d_values = list(a_roll.modified), list(d_roll.modified)
        # Steps 5-6: support
        if a_support and a_values:
            answers = yield [support_request(attacker.side, attacker, a_values, a_support, "assault")]
            a_values = [v + x for v, x in zip(a_values, answers[attacker.side], strict=True)]
        if d_support and d_values:
            answers = yield [support_request(defender.side, defender, d_values, d_support, "defense")]
            d_values = [v + x for v, x in zip(d_values, answers[defender.side], strict=True)]
        # Step 7
        a_hits = sum(1 for v in a_values if v >= 5)
        d_hits = sum(1 for v in d_values if v >= 5)
        cancel = min(a_hits, d_hits)
        a_hits -= cancel
        d_hits -= cancel
        g.emit("melee_round", "15.0", f"boarders score {a_hits + cancel}, defenders {d_hits + cancel}; "
               f"{cancel} cancel", attacker_hits=a_hits, defender_hits=d_hits)
        if a_hits:
            taken = yield from damage.crew_hits(g, defender, min(a_hits, defender.melee_crew), "15.0")
            state.credit_hits(defender.id, attacker.side, taken)  # R19.0h (more than two sides)
        if d_hits:
            taken = yield from damage.crew_hits(g, attacker, min(d_hits, attacker.melee_crew), "15.0")
            state.credit_hits(attacker.id, defender.side, taken)
        # Step 8
        if defender.melee_crew <= 0:
            yield from capture(g, attacker, defender)
            return
        if attacker.melee_crew <= 0:
            g.emit("repulsed", "15.0", f"{attacker.card.name}'s boarders are thrown back", ship=attacker.id)
            return
        answers = yield [Request("melee_continue", attacker.side, "15.0",
                                 f"{attacker.card.name}: continue the melee?", options=(False, True))]
        if not answers[attacker.side]:
            return


__all__ = ["segment_melee", "is_grappled", "best_support"]
