"""A simple campaign policy: the computer's answer to every campaign request but the battle (which computer
captains fight on the board). It reads only the request and the public state, like a player would:

- in port: refit while hurt, short of crew or stores; otherwise sail for the area of the next historical
  action if it is this month, else the area where the most enemy sail is expected, seeking action;
- at sea: go home when hurt, short of stores or shot, or carrying prizes;
- sighting: fit for action (two thirds of her crew, half her rigging, morale Fair or better), fight an enemy
  up to 1.3 times the present firepower of the ships that would fight (the flagship and her consorts fit to
  fight, RC15.5a) and chase one under 0.4 times it -- but a squadron faster than the enemy and holding the
  weather gauge, sure to get away, fights only what it would chase; a historical action is always fought;
  else evade; neutrals are spoken;
- missions: in port, fit and not refitting, take the first mission on offer; with one in hand, sail its order
  (the area, the port to blockade, the escort) when nothing sends her home first;
- prizes: take when the crew can spare a prize crew; promotion: accept; half-pay: wait for a ship, and retire
  after `RETIRE_AFTER` months without one;
- a squadron of at most `SQUADRON` consorts (RC15.6a): in port, keep a prize (`prize_fate` "keep") that is a
  fighting ship -- at least half her gunnery boxes left, not a slow hull when the flagship is not slow -- when
  her prize crew and the port's recruits the purse can pay man her (her working crew, RC15.3b); else sell her.
  Buy the best ship for sale (most gunnery boxes, then the cheaper) under the same terms when the purse holds
  her price, her recruits to a full crew and a full refit of the flagship besides, never while the flagship
  is hurt;
- its consorts (kept or bought): in port with the flagship fit, refit the first consort unfit to fight
  (RC15.5a), recruiting and repairing what the purse pays. With no consorts nothing changes.
"""

from __future__ import annotations

from typing import Any

from cs_desktop.campaign import missions, policy_port
from cs_desktop.campaign.battle import effective_fp
from cs_desktop.campaign.encounters import active_sailings
from cs_desktop.campaign.engine import CampaignEngine, CampaignRequest
from cs_desktop.campaign.port import check_refit
from cs_desktop.campaign.prizes import working_crew
from cs_desktop.campaign.squadron_battle import HULLS, fit_to_fight, squadron_fp, squadron_hull

#: the most consorts (ships kept or bought) the computer sails with (RC15.6a)
SQUADRON = 2
FIGHT_UP_TO = 1.3
#: months on half-pay without a ship after which the computer captain retires
RETIRE_AFTER = 24
#: a runner is chased only when far weaker: a stern chase gives the prey the first raking shots
CHASE_UP_TO = 0.4


def choose(engine: CampaignEngine, request: CampaignRequest) -> Any:
    s, c = engine.state, engine.c
    opts = request.options
    if request.kind == "orders":
        return _orders(engine, opts, request.info)
    if request.kind == "encounter":
        e = s.encounter
        assert e is not None
        flag = s.flagship
        card = c.cards[flag.card]
        own = squadron_fp(c, s)  # the flagship and every consort fit to fight (RC15.5a)
        theirs = sum(effective_fp(c.cards[k]) for k in e["ships"])
        ready = flag.crew * 3 >= card.crew_points * 2 and flag.rigging * 2 >= card.rigging_points \
            and flag.morale >= 2
        limit = CHASE_UP_TO if _sure_to_get_away(engine) else FIGHT_UP_TO  # she chooses her fights
        if "engage" in opts and (e.get("scripted") or (ready and theirs <= limit * own)):
            return "engage"
        if "chase" in opts and ready and theirs <= CHASE_UP_TO * own:
            return "chase"
        return "evade" if "evade" in opts else opts[0]
    if request.kind == "prizes":
        return "take" if "take" in opts else "burn"
    if request.kind == "prize_fate":
        return "keep" if _keep(engine, request.info) else "sell"
    if request.kind == "promotion":
        return "accept"
    if request.kind == "half_pay":  # wait for a ship; after RETIRE_AFTER months without one, retire
        return "retire" if s.half_pay_months >= RETIRE_AFTER else "wait"
    raise ValueError(f"the policy does not answer {request.kind}")


def _sure_to_get_away(engine: CampaignEngine) -> bool:
    """A squadron faster than the enemy and holding the weather gauge escapes on any die (`escape_roll`: +1 a
    step of speed, +2 with the gauge, 4 or more): she need fight only what she would chase (a copper bottom
    must not make her take on stronger ships she could leave behind)."""
    e, c = engine.state.encounter, engine.c
    assert e is not None
    their_hull = min((c.cards[k].hull_type for k in e["ships"]), key=HULLS.index)
    speed = HULLS.index(squadron_hull(c, engine.state)) - HULLS.index(their_hull)
    return speed >= 1 and e["gauge"] == "player"


def _orders(engine: CampaignEngine, opts: list[dict[str, Any]], info: dict[str, Any]) -> dict[str, Any]:
    s, c = engine.state, engine.c
    flag = s.flagship
    card = c.cards[flag.card]
    hurt = sum(flag.damage(card).values()) > 0
    prizes = any(x.role == "prize" for x in s.ships)
    now = [b for b in c.history.scripted if b.date[:7] == s.date and b.id not in s.met]
    fit = sum(flag.damage(card).values()) * 8 <= card.crew_points + card.rigging_points
    if now and fit:  # a historical action this month: be there unless badly hurt
        want = {"order": "cruise", "area": now[0].area, "stance": "seek"}
        if want in opts:
            return want
    if s.port is not None:
        buy = None if hurt else _buy(engine, opts, info)
        if buy is not None:
            return buy
        if {"order": "refit"} in opts and (hurt or flag.stores < 3 or flag.shot < c.campaign.terms.shot // 2):
            return policy_port.manned_refit(engine, info) or {"order": "refit"}
        consort = _consort_refit(engine, info)
        if consort is not None and {"order": "refit"} in opts:
            return consort
        works = policy_port.works_order(engine, info) if {"order": "refit"} in opts else None
        if works is not None:  # a copper bottom, extra boats (policy_port.py)
            return works
        offered = [o for o in opts if o["order"] == "mission"]
        if offered and fit:  # the first mission on offer (missions.json order)
            return offered[0]
    else:
        damaged = sum(flag.damage(card).values()) * 4 > card.crew_points + card.rigging_points
        if prizes or damaged or flag.stores <= 1 or flag.shot < 10 or s.months_at_sea >= 4:
            home = [o for o in opts if o["order"] == "return"]
            courts = [o for o in home if c.port(o["port"]).prize_court]
            if courts or home:
                return (courts or home)[0]
    if s.mission is not None:  # the mission in hand: where its goal is
        want = {k: v for k, v in missions.sailing_order(c, s, missions.find(c, s.mission["id"])).items()
                if k != "mission"}
        if want in opts:
            return want

    def presence(area: str) -> int:
        return sum(x.chance for x in active_sailings(c, area, s.date, s.gone) if x.nation in c.enemies(s.nation, s.date))

    cruises = [o for o in opts if o["order"] == "cruise" and o["stance"] == "seek"]
    if cruises:
        return max(cruises, key=lambda o: (presence(o["area"]), o["area"]))
    return opts[0]


def _consort_refit(engine: CampaignEngine, info: dict[str, Any]) -> dict[str, Any] | None:
    """In port with the flagship fit: a refit for the first consort unfit to fight (RC15.5a), recruiting and
    repairing what the purse pays (recruits first, then rigging, then the sections in order); None if none."""
    s, c = engine.state, engine.c
    for ship in [x for x in s.ships if x.role == "consort" and not fit_to_fight(c, x)]:
        lim = info.get("refit_ships", {}).get(ship.id)
        if lim is None:
            continue
        money = lim["money"]
        recruit = min(lim["recruit"], money // lim["recruit_cost"] if lim["recruit_cost"] else lim["recruit"])
        money -= recruit * lim["recruit_cost"]
        repair: dict[str, int] = {}
        left = lim["repair_total"]
        for track, most in lim["repair"].items():
            n = min(most, left, money // lim["repair_cost"] if lim["repair_cost"] else most)
            if n > 0:
                repair[track] = n
                left -= n
                money -= n * lim["repair_cost"]
        if recruit == 0 and not repair:
            continue
        order = {"order": "refit", "ship": ship.id, "repair": repair, "recruit": recruit, "loads": True}
        if check_refit(c, s, order) is None:
            return order
    return None


def _room(engine: CampaignEngine) -> bool:
    """The squadron has room for another consort (RC15.6a)."""
    return sum(1 for x in engine.state.ships if x.role == "consort") < SQUADRON


def _pace_kept(engine: CampaignEngine, hull: str) -> bool:
    """A new consort does not slow the squadron to a slow hull's pace unless the flagship is slow herself."""
    flag_hull = engine.c.cards[engine.state.flagship.card].hull_type
    return HULLS.index(hull) > 0 or flag_hull == HULLS[0]


def _keep(engine: CampaignEngine, fate: dict[str, Any]) -> bool:
    """Keep a prize (RC15.6a): room in the squadron, a fighting ship (half her gunnery boxes left, a pace the
    squadron keeps), and her prize crew plus recruits the port and the purse give this month man her."""
    s, c = engine.state, engine.c
    assert s.port is not None
    card = c.cards[fate["card"]]
    need = max(0, working_crew(c, s.ship(fate["ship"])) - fate["crew"])
    terms = c.campaign.terms
    return (_room(engine) and fate["guns"] * 2 >= fate["gun_boxes"] and _pace_kept(engine, card.hull_type)
            and need <= c.port(s.port).recruits.points and need * terms.recruit_cost_per_point <= s.money)


def _flagship_refit_cost(engine: CampaignEngine) -> int:
    """What a full refit of the flagship would cost now: every box repaired, every crew point recruited."""
    s, c = engine.state, engine.c
    terms = c.campaign.terms
    damage = s.flagship.damage(c.cards[s.flagship.card])
    return (damage["hull"] + damage["rigging"]) * terms.repair_cost_per_box \
        + damage["crew"] * terms.recruit_cost_per_point


def _buy(engine: CampaignEngine, opts: list[dict[str, Any]], info: dict[str, Any]) -> dict[str, Any] | None:
    """The best ship for sale the policy buys (RC15.6a), or None: room in the squadron, a pace the squadron
    keeps, and a purse that holds her price, her recruits to a full crew and a full refit of the flagship."""
    if not _room(engine):
        return None
    s, c = engine.state, engine.c
    spare = s.money - _flagship_refit_cost(engine)
    cost = c.campaign.terms.recruit_cost_per_point
    offers = [o for o in info.get("for_sale", []) if {"order": "buy", "ship": o["ship"]} in opts
              and _pace_kept(engine, o["hull"]) and o["price"] + (o["crew_points"] - o["crew"]) * cost <= spare]
    if not offers:
        return None
    best = max(offers, key=lambda o: (o["guns"], -o["price"], o["ship"]))
    return {"order": "buy", "ship": best["ship"]}
