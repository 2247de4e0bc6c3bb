"""8.0 step 3, 11.0 Firing as resumable stages: the announcements (the Non-Initiative Player first, R6.0a: up the
initiative order), the rolls of every attack on the state before any hit (simultaneous fire, 1.7.3-1.7.4 cards
declared first, 11.4.4-11.4.9, 11.9 chasers, 11.6 smoke), the results one by one (11.4.10-11.5), and the next
loads side by side (11.7). Each stage is marked for copies (`Game.mark_step`), its progress in `state.step`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cs_desktop.rules.decisions import Request
from cs_desktop.rules.fire_damage import after_fire, apply_result
from cs_desktop.rules.fire_options import firing_options
from cs_desktop.rules.firing import Gen, describe_fire, plan_attacks, roll_attack, roll_chasers
from cs_desktop.rules.rolls import NO_CARDS, offer_bonus_cards

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee


def fire_stages(g: Referee) -> Gen:
    """8.0 step 3: the Non-Initiative Player announces first, then the Initiative Player (with more sides, up
    the initiative order, R6.0a); fire is simultaneous (11.0). Marked (`Game.mark_step`) wherever it may ask,
    with what is left in `state.step`: ("fire", "announce", i, announced, its request) before the i-th side in
    the initiative order announces (a copy does not work its options out again: the frozen request is kept), ("fire", "roll", announced) before the attacks are rolled, ("fire", "apply", i, announced,
    results) before the i-th result is applied (11.4.10-11.5), ("fire", "after", i, announced) before the i-th
    side that fired selects its next loads (11.7). Leaves `state.step` empty."""
    state = g.state
    step = state.step if state.step[:1] == ("fire",) and len(state.step) > 1 else ("fire", "announce", 0, ())
    order = state.initiative_order()
    if step[1] == "announce":
        i, pairs = step[2], step[3]
        announced: dict[str, dict[str, Any]] = dict(pairs)
        for side in order[i:]:
            if len(step) > 4 and step[4].side == side:  # a copy resuming here: the request kept at the mark
                request = step[4]
            else:
                foes = [s for s in state.afloat() if s.side != side]
                options = {s.id: firing_options(state, s, foes) for s in state.afloat(side)}
                options = {k: v for k, v in options.items() if len(v) > 1}
                if not options:
                    continue
                request = Request("fire", side, "11.0",
                                  "Fire? Choose the target, the sections and their aim (High at rigging, Low at "
                                  "hull), or chasers", ships=options, info={"announced": dict(announced)})
            state.step = ("fire", "announce", order.index(side), tuple(announced.items()), request)
            g.mark_step()
            answers = yield [request]
            announced[side] = {k: v for k, v in answers[side].items() if v["target"] is not None}
            for ship_id, choice in announced[side].items():
                g.emit("announce", "11.0", f"{state.ships[ship_id].card.name} fires at "
                       f"{state.ships[choice['target']].card.name}: " + describe_fire(choice), ship=ship_id,
                       choice=choice)
        if not any(announced.values()):
            state.step = ()
            return
        step = ("fire", "roll", tuple(announced.items()))
        state.step = step
        g.mark_step()
    if step[1] == "roll":
        results = yield from _roll(g, dict(step[2]))
        step = ("fire", "apply", 0, step[2], tuple(results))
    if step[1] == "apply":
        _, _, i, pairs, rolled = step
        for n in range(i, len(rolled)):
            state.step = ("fire", "apply", n, pairs, rolled)
            g.mark_step()
            yield from apply_result(g, rolled[n])
        step = ("fire", "after", 0, pairs)
    _, _, i, pairs = step
    order = state.initiative_order()
    announced = dict(pairs)
    for n in range(i, len(order)):
        fired = announced.get(order[n], {})
        if fired:  # else it asks nothing: no mark needed
            state.step = ("fire", "after", n, pairs)
            g.mark_step()
        yield from after_fire(g, order[n], fired)
    state.step = ()


def _roll(g: Referee, announced: dict[str, dict[str, Any]]) -> Gen:
    """11.0: every attack is rolled on the state before any hit is applied (simultaneous fire); then the smoke.
    Returns the results (not changed after: they are kept in `state.step` while they are applied)."""
    state = g.state
    plans = [plan for side in state.initiative_order() for ship_id, choice in announced.get(side, {}).items()
             for plan in plan_attacks(g, state.ships[ship_id], choice)]
    # 1.7.3-1.7.4: cards for the to-hit rolls of this simultaneous fire are declared before any is rolled,
    # the Non-Initiative Player first (chasers take no modifiers, 11.9).
    for plan in plans:
        if plan.sections:
            cards = yield from offer_bonus_cards([(plan.firer.side, plan.dice, "to-hit", "11.4.5", False)], g)
            plan.cards = cards.get(plan.firer.side, NO_CARDS)
    results = []
    for plan in plans:
        if not plan.sections:
            results.append(roll_chasers(g, plan.firer, plan.target, plan.chaser))
        else:
            results.append((yield from roll_attack(g, plan)))
    # 11.0: fire is simultaneous, so the smoke of this step adds no defense die to another attack of it.
    for result in results:
        if result.smoke:
            firer = state.ships[result.attacker]
            state.smoke[firer.square] = state.smoke.get(firer.square, ()) + (2,) * result.smoke  # a new tuple
            g.emit("smoke", "11.6", f"{result.smoke} Smoke-2 marker(s) at {firer.square}",
                   square=list(firer.square), added=result.smoke)
    return results
