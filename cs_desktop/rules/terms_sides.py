"""20.1 / 21.3 victory terms for more than two sides (ruling R20.1m).

20.1 compares two ships: the lower FP gets the difference, the lower CR the difference, the side without the
weather gauge +0.5, the historical loser +0.5; the lower total is taken from both and 1 added; the lower DC gets
the difference as a VP bonus. With three or four sides each side is measured against the best of the others,
which is the two-sided arithmetic when there are two: every side below the highest FP (CR) gets its difference
from the highest; every side but the one holding the weather gauge gets +0.5 (meeting engagements only); every
side but the historical winner gets +0.5; the lowest total is taken from every total and 1 added; every side
below the highest DC gets its difference from the highest as a VP bonus. A bid (19.0 option) grants its points
to each other side. 21.3 sums each side's ships first, as for two sides.
"""

from __future__ import annotations

from fractions import Fraction

from cs_desktop.rules.cards import Scenario
from cs_desktop.rules.terms import Step, VictoryTerms, number, side_terms


def _below_highest_gets_difference(values: dict[str, int] | dict[str, Fraction], label: str, names: dict[str, str],
                                   bonus: dict[str, Fraction], steps: list[Step]) -> None:
    """R20.1m's FP and CR steps: every side below the highest gets its difference from the highest."""
    ids = list(bonus)
    top = max(values.values())
    best = [names[i] for i in ids if values[i] == top]
    for i in ids:
        diff = Fraction(top - values[i])
        if diff:
            bonus[i] += diff
            steps.append(Step("20.1", f"{label}: {names[i]} {number(Fraction(values[i]))} < {' and '.join(best)} "
                              f"{number(Fraction(top))} (the highest): {names[i]} +{number(diff)}",
                              {"side": i, "bonus": number(diff), "ruling": "R20.1m"}))
    if all(values[i] == top for i in ids):
        steps.append(Step("20.1", f"{label} equal ({number(Fraction(top))}): no bonus", {"a": number(Fraction(top))}))


def _every_other_side_gets_half(holder: str, text: str, bonus: dict[str, Fraction], steps: list[Step]) -> None:
    """R20.1m's WG and HO steps: every side but the holder of the gauge (the historical winner) +0.5."""
    for i in bonus:
        if i != holder:
            bonus[i] += Fraction(1, 2)
    steps.append(Step("20.1", f"{text}: every other side +0.5", {"side": holder, "bonus": 0.5, "ruling": "R20.1m"}))


def terms_for_sides(scenario: Scenario, steps: list[Step], fp: dict[str, int], cr: dict[str, Fraction],
                    dc: dict[str, int]) -> VictoryTerms:
    """The terms of three or four sides (R20.1m), in 20.1's order: FP, CR, WG, HO, totals and multipliers, DC;
    then the 19.0 bid and the 20.0 printed terms. `steps` holds 21.3's per-ship steps already."""
    ids = [s.id for s in scenario.sides]
    names = {s.id: s.name for s in scenario.sides}
    bonus: dict[str, Fraction] = {i: Fraction(0) for i in ids}

    _below_highest_gets_difference(fp, "FP", names, bonus, steps)
    _below_highest_gets_difference(cr, "CR", names, bonus, steps)
    wg = scenario.weather_gauge
    if scenario.engagement != "meeting":
        steps.append(Step("20.1", "Chase: no weather gauge bonus (meeting engagements only)", {}))
    elif wg is None:
        steps.append(Step("20.1", "No side holds the weather gauge: no WG bonus", {}))
    else:
        _every_other_side_gets_half(wg, f"WG: {names[wg]} holds the weather gauge", bonus, steps)
    winner = scenario.historical_outcome.winner
    if winner is None:
        steps.append(Step("20.1", "HO: no historical winner recorded: no HO bonus", {}))
    else:
        _every_other_side_gets_half(winner, f"HO: {names[winner]} won historically", bonus, steps)
    steps.append(Step("20.1", "Totals: " + ", ".join(f"{names[i]} {number(bonus[i])}" for i in ids),
                      {i: number(bonus[i]) for i in ids}))
    low = min(bonus.values())
    mult = {i: bonus[i] - low + 1 for i in ids}
    steps.append(Step("20.1", f"Subtract the lowest total ({number(low)}) from each and add 1: "
                      + ", ".join(f"{names[i]} x{number(mult[i])}" for i in ids), {i: number(mult[i]) for i in ids}))
    top_dc = max(dc.values())
    vp_bonus = {i: top_dc - dc[i] for i in ids}
    for i in ids:
        if vp_bonus[i]:
            steps.append(Step("20.1", f"DC: {names[i]} {dc[i]} < the highest {top_dc}: {names[i]} earns a VP bonus "
                              f"of {vp_bonus[i]}", {"side": i, "bonus": vp_bonus[i], "ruling": "R20.1m"}))
    if not any(vp_bonus.values()):
        steps.append(Step("20.1", f"DC equal ({top_dc}): no VP bonus", {}))
    bid_points = {i: 0 for i in ids}
    for bidder, points in scenario.options.bid.items():
        for i in ids:
            if i != bidder:
                bid_points[i] += points
        steps.append(Step("19.0", f"Bid option: {names[bidder]} grants each other side {points} VP",
                          {"side": bidder, "points": points, "ruling": "R20.1m"}))
    result = [side_terms(scenario, side, (fp[side.id], cr[side.id], dc[side.id]), mult[side.id], vp_bonus[side.id],
                         bid_points[side.id], steps) for side in scenario.sides]
    return VictoryTerms(sides=result, steps=steps)
