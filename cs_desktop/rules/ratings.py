"""Ship ratings (20.1) and victory terms (19.0, 20.1, 21.3): pure functions, no I/O.

- Firepower (FP) follows from the card's historical broadside weight of metal.
- Crew Rating (CR) follows from the crew quality the scenario gives the ship.
- Damage Capacity (DC) is the number of hits the card can sustain: every box of every track.

`victory_terms` turns a scenario and its cards into each side's VP multiplier and VP bonus, with the
arithmetic written out step by step, each step naming its rule. `docs/file-formats.md` documents every
formula here; the ship editor and the `vp` subcommand show the same numbers.

The card-building helpers at the end (`build_gunnery`, `crew_points_for`, ...) are the documented rules that
turned the historical armament and complement into the shipped cards ("How a card is built").
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction

from cs_desktop.rules.cards import SECTION_NAMES, CrewQuality, Gun, GunBox, Scenario, ScenarioSide, ShipCard
from cs_desktop.rules.terms import Step, VictoryTerms, number, side_terms
from cs_desktop.rules.terms_sides import terms_for_sides

#: 20.1: "Each ship is also noted with a Crew Quality" -- CR is that quality as a number. Designed (calibrated,
#: ruling R20.1l): half a point a step, because in play a step of crew quality is worth about half a multiplier
#: step (the balance lab, docs/balance-lab.md "Calibration").
CREW_RATING: dict[str, Fraction] = {"green": Fraction(1), "average": Fraction(3, 2), "crack": Fraction(2)}

#: French guns are rated in livres; 1 livre = 1.079 English pounds, so a French "18" threw 19.4 lb.
POUND_FACTOR: dict[str, Fraction] = {"FR": Fraction(108, 100)}

#: FP = max(FP_MIN, round_half_up((broadside_lb - FP_BASE_LB) / FP_LB_PER_POINT)). Designed (calibrated, ruling
#: R20.1l): the 20.1 example's Constitution 4 and Java 2 hold; a ship firing under 325 lb a broadside rates 0, so
#: the rating tells a 300 lb ship from a 400 lb one and a schooner from a frigate (the old floor of 1 did not).
FP_BASE_LB = 375
FP_LB_PER_POINT = 100
FP_MIN = 0

#: Card building: one gunnery box per GUNS_PER_BOX guns of a section; dice = weight of shot / LB_PER_DIE.
GUNS_PER_BOX = 2
LONG_LB_PER_DIE = 32
CARRONADE_LB_PER_DIE = 64
MAX_TOP_LONG = 6  # playable range: a section's top box fires at most 6 long-gun dice ...
MAX_TOP_CARRONADES = 4  # ... and at most 4 carronade dice
MEN_PER_CREW_POINT = 25
TONS_PER_RIGGING_POINT = 100


def round_half_up(x: float | Fraction) -> int:
    """1.9-style rounding of a non-negative or negative value: halves go up (toward +infinity)."""
    return math.floor(Fraction(x) + Fraction(1, 2))


# --------------------------------------------------------------------------------------------- FP


def broadside_weight(card: ShipCard) -> Fraction:
    """Weight of metal (English pounds) of one broadside: half of every broadside gun, chase guns excluded.

    French calibres count at 1.08 lb per livre. A card without an armament list falls back to its
    gunnery tracks, inverting the card-building rule: each long-gun die at the top of a port section is
    worth 32 lb, each carronade die 64 lb.
    """
    factor = POUND_FACTOR.get(card.nation, Fraction(1))
    guns = [g for g in card.armament if g.position == "broadside"]
    if guns:
        return sum((Fraction(g.count * g.pounds, 2) * factor for g in guns), Fraction(0))
    total = Fraction(0)
    for section in ("port_bow", "port_aft"):
        top = card.gunnery[section][-1]
        total += top.long * LONG_LB_PER_DIE + top.carronades * CARRONADE_LB_PER_DIE
    return total


def firepower(card: ShipCard) -> int:
    """FP (20.1) = max(0, round_half_up((broadside weight of metal - 375 lb) / 100 lb))."""
    w = broadside_weight(card)
    return max(FP_MIN, round_half_up((w - FP_BASE_LB) / FP_LB_PER_POINT))


# --------------------------------------------------------------------------------------------- CR, DC


def crew_rating(card: ShipCard, quality: CrewQuality | str | None = None) -> Fraction:
    """CR (20.1): green 1, average 1.5, crack 2. `quality` None means the card's historical quality."""
    q = quality or card.historical_crew_quality
    return CREW_RATING[q]


def damage_capacity(card: ShipCard) -> int:
    """DC (20.1): hits the ship can sustain = crew points + rigging points + every gunnery box (3.8-3.10)."""
    return card.crew_points + card.rigging_points + sum(len(card.gunnery[s]) for s in SECTION_NAMES)


# --------------------------------------------------------------------------------------------- 20.1


def _ship_ratings(side: ScenarioSide, ships: Mapping[str, ShipCard], steps: list[Step]) -> tuple[int, Fraction, int]:
    """20.1 for each ship of a side (its FP, CR and DC, a step each), summed by 21.3 for several ships."""
    fp, cr, dc = 0, Fraction(0), 0
    for ss in side.ships:
        card = ss.ship if isinstance(ss.ship, ShipCard) else ships[ss.ship]
        quality = ss.crew_quality or card.historical_crew_quality
        f, c, d = firepower(card), crew_rating(card, quality), damage_capacity(card)
        fp, cr, dc = fp + f, cr + c, dc + d
        steps.append(Step(
            "20.1",
            f"{card.name}: FP {f} (broadside {number(broadside_weight(card))} lb), "
            f"CR {number(c)} ({quality} crew), DC {d}",
            {"side": side.id, "ship": card.id, "fp": f, "cr": number(c), "dc": d, "quality": quality,
             "broadside_lb": number(broadside_weight(card))}))
    if len(side.ships) > 1:
        steps.append(Step(
            "21.3", f"{side.name}: {len(side.ships)} ships, summed FP {fp}, CR {number(cr)}, DC {dc}",
            {"side": side.id, "fp": fp, "cr": number(cr), "dc": dc}))
    return fp, cr, dc


def _lower_gets_difference(values: Mapping[str, int | Fraction], label: str, ids: tuple[str, str],
                           names: Mapping[str, str], bonus: dict[str, Fraction], steps: list[Step]) -> None:
    """20.1 FP and CR steps: the side with the lower value gets the difference as bonus."""
    a, b = ids
    lo, hi = (a, b) if values[a] < values[b] else (b, a)
    diff = Fraction(values[hi] - values[lo])
    if diff == 0:
        steps.append(Step("20.1", f"{label} equal ({number(Fraction(values[a]))}): no bonus",
                          {"a": number(Fraction(values[a]))}))
        return
    bonus[lo] += diff
    lo_v, hi_v = number(Fraction(values[lo])), number(Fraction(values[hi]))
    steps.append(Step("20.1", f"{label}: {names[lo]} {lo_v} < {names[hi]} {hi_v}: {names[lo]} +{number(diff)}",
                      {"side": lo, "bonus": number(diff)}))


def _gauge_and_history(scenario: Scenario, ids: tuple[str, str], names: Mapping[str, str],
                       bonus: dict[str, Fraction], steps: list[Step]) -> None:
    """20.1 WG step (meeting engagements: the side without the weather gauge +0.5) and HO step (the
    historical loser +0.5)."""
    a, b = ids
    wg = scenario.weather_gauge
    if scenario.engagement != "meeting":
        steps.append(Step("20.1", "Chase: no weather gauge bonus (meeting engagements only)", {}))
    elif wg is None:
        steps.append(Step("20.1", "Neither side holds the weather gauge: no WG bonus", {}))
    else:
        other = b if wg == a else a
        bonus[other] += Fraction(1, 2)
        steps.append(Step("20.1", f"WG: {names[wg]} holds the weather gauge: {names[other]} +0.5",
                          {"side": other, "bonus": 0.5}))
    winner = scenario.historical_outcome.winner
    if winner is None:
        steps.append(Step("20.1", "HO: no historical winner recorded: no HO bonus", {}))
    else:
        loser = b if winner == a else a
        bonus[loser] += Fraction(1, 2)
        steps.append(Step("20.1", f"HO: {names[winner]} won historically: {names[loser]} +0.5",
                          {"side": loser, "bonus": 0.5}))


def _multipliers(ids: tuple[str, str], names: Mapping[str, str], bonus: Mapping[str, Fraction],
                 steps: list[Step]) -> dict[str, Fraction]:
    """20.1 totals: subtract the lower total from both and add 1, giving each side's VP multiplier."""
    a, b = ids
    steps.append(Step("20.1", f"Totals: {names[a]} {number(bonus[a])}, {names[b]} {number(bonus[b])}",
                      {a: number(bonus[a]), b: number(bonus[b])}))
    low = min(bonus.values())
    mult = {i: bonus[i] - low + 1 for i in ids}
    steps.append(Step(
        "20.1",
        f"Subtract the lower total ({number(low)}) from both and add 1: "
        f"{names[a]} x{number(mult[a])}, {names[b]} x{number(mult[b])}",
        {a: number(mult[a]), b: number(mult[b])}))
    return mult


def _dc_bonus(dc: Mapping[str, int], ids: tuple[str, str], names: Mapping[str, str],
              steps: list[Step]) -> dict[str, int]:
    """20.1 DC step: the side with the lower DC earns the difference as a VP bonus."""
    a, b = ids
    vp_bonus = {i: 0 for i in ids}
    if dc[a] == dc[b]:
        steps.append(Step("20.1", f"DC equal ({dc[a]}): no VP bonus", {}))
        return vp_bonus
    lo, hi = (a, b) if dc[a] < dc[b] else (b, a)
    vp_bonus[lo] = dc[hi] - dc[lo]
    steps.append(Step("20.1", f"DC: {names[lo]} {dc[lo]} < {names[hi]} {dc[hi]}: {names[lo]} earns a VP bonus of "
                      f"{vp_bonus[lo]}", {"side": lo, "bonus": vp_bonus[lo]}))
    return vp_bonus


def _bid_points(scenario: Scenario, ids: tuple[str, str], names: Mapping[str, str],
                steps: list[Step]) -> dict[str, int]:
    """19.0 bid option: the VP each bidder grants the other side."""
    a, b = ids
    bid_points = {i: 0 for i in ids}
    for bidder, points in scenario.options.bid.items():
        other = b if bidder == a else a
        bid_points[other] += points
        steps.append(Step("19.0", f"Bid option: {names[bidder]} grants {names[other]} {points} VP",
                          {"side": other, "points": points}))
    return bid_points


def victory_terms(scenario: Scenario, ships: Mapping[str, ShipCard]) -> VictoryTerms:
    """Each side's VP multiplier and VP bonus by 20.1, with several ships a side summed by 21.3.

    `ships` maps ship id -> card for every ship of the scenario (`files.resolve_ships` gives it).
    Raises KeyError for a ship id missing from `ships`. The steps follow 20.1 in order: ratings, FP, CR,
    WG, HO, totals and multipliers, DC; then the 19.0 bid and the 20.0 printed terms.
    """
    steps: list[Step] = []
    ratings = {side.id: _ship_ratings(side, ships, steps) for side in scenario.sides}
    fp = {i: r[0] for i, r in ratings.items()}
    cr = {i: r[1] for i, r in ratings.items()}
    dc = {i: r[2] for i, r in ratings.items()}
    if len(scenario.sides) > 2:  # R20.1m: the terms for more than two sides
        return terms_for_sides(scenario, steps, fp, cr, dc)
    ids = (scenario.sides[0].id, scenario.sides[-1].id)
    names = {s.id: s.name for s in scenario.sides}
    bonus: dict[str, Fraction] = {i: Fraction(0) for i in ids}
    _lower_gets_difference(fp, "FP", ids, names, bonus, steps)
    _lower_gets_difference(cr, "CR", ids, names, bonus, steps)
    _gauge_and_history(scenario, ids, names, bonus, steps)
    mult = _multipliers(ids, names, bonus, steps)
    vp_bonus = _dc_bonus(dc, ids, names, steps)
    bid_points = _bid_points(scenario, ids, names, steps)
    result = [side_terms(scenario, side, ratings[side.id], mult[side.id], vp_bonus[side.id], bid_points[side.id],
                          steps) for side in scenario.sides]
    return VictoryTerms(sides=result, steps=steps)


# --------------------------------------------------------------------------------------------- card building


def _section_split(n: int) -> tuple[int, int]:
    """Split one side's n guns between the bow and aft sections: (bow, aft), bow taking the odd gun."""
    return (n + 1) // 2, n // 2


def build_gunnery(armament: Iterable[Gun], nation: str = "GB") -> dict[str, list[GunBox]]:
    """The four gunnery tracks (3.10.1) built from a historical armament ("How a card is built").

    Per side: half of every broadside gun. Long guns split bow/aft with the bow taking an odd one;
    carronades split with the aft section (quarterdeck) taking an odd one. A section has
    ceil(guns / 2) boxes; its top box fires round_half_up(long-gun shot weight / 32) long dice and
    round_half_up(carronade shot weight / 64) carronade dice (at most 6 and 4); box k fires round_half_up(top * k / n) of
    each (at least one die in every box). Port and starboard are identical.
    """
    factor = POUND_FACTOR.get(nation, Fraction(1))
    guns = [g for g in armament if g.position == "broadside"]
    long_n = sum(g.count for g in guns if g.kind == "long")
    carr_n = sum(g.count for g in guns if g.kind == "carronade")
    long_lb = sum((g.count * g.pounds * factor for g in guns if g.kind == "long"), Fraction(0))
    carr_lb = sum((g.count * g.pounds * factor for g in guns if g.kind == "carronade"), Fraction(0))
    side_long, side_carr = (long_n + 1) // 2, (carr_n + 1) // 2
    lb_long = long_lb / long_n if long_n else Fraction(0)
    lb_carr = carr_lb / carr_n if carr_n else Fraction(0)
    bow_long, aft_long = _section_split(side_long)
    aft_carr, bow_carr = _section_split(side_carr)
    tracks: dict[str, list[GunBox]] = {}
    for part, n_long, n_carr in (("bow", bow_long, bow_carr), ("aft", aft_long, aft_carr)):
        boxes = max(1, math.ceil((n_long + n_carr) / GUNS_PER_BOX))
        top_long = round_half_up(n_long * lb_long / LONG_LB_PER_DIE)
        top_carr = round_half_up(n_carr * lb_carr / CARRONADE_LB_PER_DIE)
        top_long = min(MAX_TOP_LONG, top_long)
        top_carr = min(MAX_TOP_CARRONADES, top_carr)
        if n_long and top_long == 0:
            top_long = 1
        if n_carr and top_carr == 0:
            top_carr = 1
        track = []
        for k in range(1, boxes + 1):
            lg = round_half_up(Fraction(top_long * k, boxes))
            cr = round_half_up(Fraction(top_carr * k, boxes))
            if lg + cr == 0:
                if top_long >= top_carr:
                    lg = 1
                else:
                    cr = 1
            track.append(GunBox(long=lg, carronades=cr))
        for side in ("port", "starboard"):
            tracks[f"{side}_{part}"] = list(track)
    return {s: tracks[s] for s in SECTION_NAMES}


def crew_points_for(complement: int) -> int:
    """Crew points (3.9): one point per 25 men (the crews of a box's two guns), 1..40."""
    return min(40, max(1, round_half_up(Fraction(complement, MEN_PER_CREW_POINT))))


def red_boxes_for(crew_points: int) -> dict[int, int]:
    """Red boxes (3.9): red 1 at two thirds of the crew track, red 2 at one third (boxes 1..top-1)."""
    out: dict[int, int] = {}
    first = round_half_up(Fraction(2 * crew_points, 3))
    second = round_half_up(Fraction(crew_points, 3))
    if 1 <= first < crew_points:
        out[first] = 1
    if 1 <= second < crew_points and second not in out:
        out[second] = 2
    return out


def rigging_points_for(tons_burthen: int) -> int:
    """Rigging points (3.8): one per 100 tons burthen (builder's measure), at least 4."""
    return min(40, max(4, round_half_up(Fraction(tons_burthen, TONS_PER_RIGGING_POINT))))


def fighting_sail_only_for(rigging_points: int) -> int:
    """'Fighting Sail Only!' boxes (3.8): the bottom third of the rigging track (at least 1)."""
    return max(1, min(rigging_points - 1, round_half_up(Fraction(rigging_points, 3))))
