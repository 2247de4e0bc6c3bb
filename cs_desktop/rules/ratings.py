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

from cs_desktop.rules.cards import SECTION_NAMES, CrewQuality, Gun, GunBox, Scenario, ShipCard
from cs_desktop.rules.terms import SideTerms, Step, VictoryTerms, number
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


def victory_terms(scenario: Scenario, ships: Mapping[str, ShipCard]) -> VictoryTerms:
    """Each side's VP multiplier and VP bonus by 20.1, with several ships a side summed by 21.3.

    `ships` maps ship id -> card for every ship of the scenario (`files.resolve_ships` gives it).
    Raises KeyError for a ship id missing from `ships`.
    """
    steps: list[Step] = []
    a, b = scenario.sides[0], scenario.sides[-1]
    ids = (a.id, b.id)
    fp: dict[str, int] = {}
    cr: dict[str, Fraction] = {}
    dc: dict[str, int] = {}
    for side in scenario.sides:
        fps: list[int] = []
        crs: list[Fraction] = []
        dcs: list[int] = []
        for ss in side.ships:
            card = ss.ship if isinstance(ss.ship, ShipCard) else ships[ss.ship]
            quality = ss.crew_quality or card.historical_crew_quality
            f, c, d = firepower(card), crew_rating(card, quality), damage_capacity(card)
            fps.append(f)
            crs.append(c)
            dcs.append(d)
            steps.append(
                Step(
                    "20.1",
                    f"{card.name}: FP {f} (broadside {number(broadside_weight(card))} lb), "
                    f"CR {number(c)} ({quality} crew), DC {d}",
                    {"side": side.id, "ship": card.id, "fp": f, "cr": number(c), "dc": d, "quality": quality,
                     "broadside_lb": number(broadside_weight(card))},
                )
            )
        fp[side.id], cr[side.id], dc[side.id] = sum(fps), sum(crs, Fraction(0)), sum(dcs)
        if len(side.ships) > 1:
            steps.append(
                Step(
                    "21.3",
                    f"{side.name}: {len(side.ships)} ships, summed FP {fp[side.id]}, CR {number(cr[side.id])}, "
                    f"DC {dc[side.id]}",
                    {"side": side.id, "fp": fp[side.id], "cr": number(cr[side.id]), "dc": dc[side.id]},
                )
            )
    names = {s.id: s.name for s in scenario.sides}
    if len(scenario.sides) > 2:  # R20.1m: the terms for more than two sides
        return terms_for_sides(scenario, steps, fp, cr, dc)
    bonus: dict[str, Fraction] = {i: Fraction(0) for i in ids}

    def lower_gets_difference(values: Mapping[str, int | Fraction], label: str) -> None:
        lo, hi = (a.id, b.id) if values[a.id] < values[b.id] else (b.id, a.id)
        diff = Fraction(values[hi] - values[lo])
        if diff == 0:
            steps.append(Step("20.1", f"{label} equal ({number(Fraction(values[a.id]))}): no bonus",
                              {"a": number(Fraction(values[a.id]))}))
            return
        bonus[lo] += diff
        lo_v, hi_v = number(Fraction(values[lo])), number(Fraction(values[hi]))
        steps.append(
            Step(
                "20.1",
                f"{label}: {names[lo]} {lo_v} < {names[hi]} {hi_v}: {names[lo]} +{number(diff)}",
                {"side": lo, "bonus": number(diff)},
            )
        )

    lower_gets_difference(fp, "FP")
    lower_gets_difference(cr, "CR")

    wg = scenario.weather_gauge
    if scenario.engagement != "meeting":
        steps.append(Step("20.1", "Chase: no weather gauge bonus (meeting engagements only)", {}))
    elif wg is None:
        steps.append(Step("20.1", "Neither side holds the weather gauge: no WG bonus", {}))
    else:
        other = b.id if wg == a.id else a.id
        bonus[other] += Fraction(1, 2)
        steps.append(
            Step("20.1", f"WG: {names[wg]} holds the weather gauge: {names[other]} +0.5", {"side": other,
                                                                                          "bonus": 0.5})
        )

    winner = scenario.historical_outcome.winner
    if winner is None:
        steps.append(Step("20.1", "HO: no historical winner recorded: no HO bonus", {}))
    else:
        loser = b.id if winner == a.id else a.id
        bonus[loser] += Fraction(1, 2)
        steps.append(
            Step("20.1", f"HO: {names[winner]} won historically: {names[loser]} +0.5", {"side": loser,
                                                                                      "bonus": 0.5})
        )

    steps.append(
        Step(
            "20.1",
            f"Totals: {names[a.id]} {number(bonus[a.id])}, {names[b.id]} {number(bonus[b.id])}",
            {a.id: number(bonus[a.id]), b.id: number(bonus[b.id])},
        )
    )
    low = min(bonus.values())
    mult = {i: bonus[i] - low + 1 for i in ids}
    steps.append(
        Step(
            "20.1",
            f"Subtract the lower total ({number(low)}) from both and add 1: "
            f"{names[a.id]} x{number(mult[a.id])}, {names[b.id]} x{number(mult[b.id])}",
            {a.id: number(mult[a.id]), b.id: number(mult[b.id])},
        )
    )

    vp_bonus = {i: 0 for i in ids}
    if dc[a.id] == dc[b.id]:
        steps.append(Step("20.1", f"DC equal ({dc[a.id]}): no VP bonus", {}))
    else:
        lo, hi = (a.id, b.id) if dc[a.id] < dc[b.id] else (b.id, a.id)
        vp_bonus[lo] = dc[hi] - dc[lo]
        steps.append(
            Step(
                "20.1",
                f"DC: {names[lo]} {dc[lo]} < {names[hi]} {dc[hi]}: {names[lo]} earns a VP bonus of "
                f"{vp_bonus[lo]}",
                {"side": lo, "bonus": vp_bonus[lo]},
            )
        )

    bids = scenario.options.bid
    bid_points = {i: 0 for i in ids}
    for bidder, points in bids.items():
        other = b.id if bidder == a.id else a.id
        bid_points[other] += points
        steps.append(
            Step("19.0", f"Bid option: {names[bidder]} grants {names[other]} {points} VP", {"side": other,
                                                                                           "points": points})
        )

    result = []
    for side in scenario.sides:
        i = side.id
        override = scenario.victory_override.get(i)
        m, bo = float(mult[i]), vp_bonus[i]
        if override is not None:
            steps.append(
                Step(
                    "20.0",
                    f"The scenario prints its own terms for {names[i]}: x{override.multiplier:g}, bonus "
                    f"{override.bonus} (computed: x{number(mult[i])}, bonus {vp_bonus[i]})",
                    {"side": i, "multiplier": override.multiplier, "bonus": override.bonus},
                )
            )
            m, bo = float(override.multiplier), override.bonus
        result.append(
            SideTerms(
                side=i,
                name=side.name,
                ships=[ss.ship_id for ss in side.ships],
                fp=fp[i],
                cr=number(cr[i]),
                dc=dc[i],
                multiplier=m,
                bonus=bo,
                bid_points=bid_points[i],
                computed_multiplier=float(mult[i]),
                computed_bonus=vp_bonus[i],
                overridden=override is not None,
            )
        )
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
