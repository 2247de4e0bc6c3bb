"""The campaign engine: month by month, driven like the rules engine (docs/campaign-engine.md).

`CampaignEngine(campaign, state)` always knows what it waits for: `engine.pending` is one `CampaignRequest`
(orders, encounter, battle, prizes, prize_fate, promotion) with its legal options, or None once the career has ended.
`engine.submit(answer)` checks the answer (a refusal says why and changes nothing) and runs on to the next
decision. A battle request carries a generated scenario; its answer is the decisions of the tactical game,
which the engine replays itself, so a campaign never takes a result on trust. Pure and deterministic: no Qt,
no database, no files; the dice are the campaign's own (seed and counter in the state).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from cs_desktop.campaign import (career, consequences, drafts, encounters, missions, officers, port, prizes, refits,
                                 shipyard, squadron_battle)
from cs_desktop.campaign.battle import battle_scenario, effective_fp
from cs_desktop.campaign.folder import Campaign
from cs_desktop.campaign.state import CampaignState, ShipRecord, adjust, join, log
from cs_desktop.rules.cards import SECTION_NAMES, Scenario, ShipCard
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.setup import ship_ids


@dataclass
class CampaignRequest:
    kind: str
    prompt: str
    options: list[Any] = field(default_factory=list)
    info: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "prompt": self.prompt, "options": self.options, "info": self.info}


@dataclass
class Refused:
    message: str

    def __bool__(self) -> bool:
        return False


def open_start(c: Campaign, nation: str, year: int) -> tuple[str, str]:
    """An open career's first command and home port for `nation` starting in `year`; ValueError if not offered."""
    oc = c.campaign.open_career
    if oc is None:
        raise ValueError(f"{c.campaign.title} is not an open career: it has no nation or year to choose")
    if not oc.years[0] <= year <= oc.years[1]:
        raise ValueError(f"start year {year}: choose one from {oc.years[0]} to {oc.years[1]}")
    on = next((n for n in oc.nations if n.nation == nation), None)
    if on is None:
        raise ValueError(f"nation {nation}: choose one of {[n.nation for n in oc.nations]}")
    ship = [sh.ship for sh in on.ships if sh.from_year <= year][-1]
    return ship, on.port


def new_state(c: Campaign, seed: int, nation: str | None = None, year: int | None = None) -> CampaignState:
    """A career at its first month: the flagship in her home port, fitted out (each quantity in the ledger).
    An open career takes the player's `nation` and start `year` (January); a historical one takes neither."""
    p = c.campaign.player
    start_year, month = (int(x) for x in c.campaign.calendar.start.split("-"))
    ship_id, port_id, quality = p.ship, p.port, p.crew_quality
    if nation is not None or year is not None or c.campaign.open_career is not None:
        if nation is None or year is None:
            raise ValueError("an open career needs a nation and a start year")
        ship_id, port_id = open_start(c, nation, year)
        quality = None
        if year > start_year:
            start_year, month = year, 1
    nation = nation or p.nation
    state = CampaignState(campaign=c.id, seed=int(seed), dice_counter=0, year=start_year, month=month,
                          captain=p.captain, nation=nation, port=port_id, area=c.port(port_id).area,
                          reputation=p.reputation)
    adjust(state, None, "money", p.money, "the ship's account at the start")
    card = c.cards[ship_id]
    from cs_desktop.campaign.state import QUALITY_EXPERIENCE

    quality = quality or card.historical_crew_quality
    ship = ShipRecord(id=card.id, card=card.id, name=card.name, role="flagship",
                      experience=QUALITY_EXPERIENCE[quality], crew=card.crew_points, rigging=card.rigging_points,
                      gunnery={s: len(card.gunnery[s]) for s in SECTION_NAMES}, morale=3,
                      stores=c.campaign.terms.stores_months, shot=c.campaign.terms.shot)
    join(state, ship, f"{card.name} commissioned")
    state.commanded.append(card.id)
    state.rank, state.rank_since = career.rank_needed(c, nation, card.id), state.date  # the rank her command needs
    log(state, "start", f"Captain {p.captain} takes command of {card.name} at {c.port(port_id).name}.")
    return state


class CampaignEngine:
    def __init__(self, campaign: Campaign, state: CampaignState) -> None:
        self.c = campaign
        self.state = state
        refits.register(campaign, [x.card for x in state.ships])  # a refitted ship's own card (refits.py)
        self.dice = Dice(state.seed, state.dice_counter)
        self._run()

    # ------------------------------------------------------------------------------------------ requests

    @property
    def pending(self) -> CampaignRequest | None:
        s = self.state
        if s.ended:
            return None
        if s.stage == "orders":
            info: dict[str, Any] = {"port": s.port, "area": s.area, "history": self._history_hint()}
            if s.port is not None:
                info["refit"] = port.refit_limits(self.c, s)
                info["refit_ships"] = {x.id: port.refit_limits(self.c, s, x.id) for x in port.refit_ships(s)[1:]}
                info["for_sale"] = shipyard.offers(self.c, s)
                info.update(works_info(self.c, s))
            if self.c.missions is not None:
                info["missions"] = missions.describe(self.c, s)
            return CampaignRequest("orders", f"{s.date}: orders for {s.flagship.name}", self.order_options(), info)
        if s.stage == "encounter":
            assert s.encounter is not None
            return CampaignRequest("encounter", f"Sail ho! {s.encounter['title']} ({s.encounter['nation']})",
                                   self.encounter_options(), dict(s.encounter))
        if s.stage == "battle":
            assert s.battle is not None
            return CampaignRequest("battle", f"Battle: {s.battle['scenario']['title']}. Fight it on the board and "
                                             "answer with the game's decisions", [], dict(s.battle))
        if s.stage == "prizes":
            prize = s.prizes[0]
            return CampaignRequest("prizes", f"{prize['name']} has struck: take her as a prize or burn her",
                                   consequences.prize_options(self.c, s, prize), dict(prize))
        if s.stage == "prize_fate":
            fate = prizes.fate_info(self.c, s, prizes.awaiting(self.c, s)[0])
            return CampaignRequest("prize_fate", f"{fate['name']} lies in port: sell her to the prize court or take "
                                                 "her into the squadron", list(prizes.FATES), fate)
        if s.stage == "half_pay":
            return CampaignRequest("half_pay", f"{s.date}: Captain {s.captain} on half-pay at "
                                               f"{self.c.port(s.port).name if s.port else s.area}: wait for a ship, "
                                               "or retire", list(career.HALF_PAY), career.half_pay_info(self.c, s))
        if s.stage == "promotion":
            return CampaignRequest("promotion", "The Navy offers a new command", ["accept", "decline"],
                                   {"ship": s.orders["offer"] if s.orders else None})
        raise RuntimeError(f"no request for stage {s.stage}")

    def order_options(self) -> list[dict[str, Any]]:
        s, c = self.state, self.c
        flag = s.flagship
        out: list[dict[str, Any]] = []
        home = [p for p in c.areas.ports if p.nation == s.nation]
        if s.port is not None and refits.holds_squadron(s):  # in the yard: the works go on (refits.py)
            return [{"order": "refit"}, *shipyard.buy_options(c, s)]
        if s.port is not None:
            out.append({"order": "refit"})
        if flag.stores > 0 and flag.crew > 1:  # the missions on offer first after the refit: the Admiralty's word
            out.extend(missions.order_options(c, s))
            for a in c.areas.areas:
                for stance in ("seek", "avoid"):
                    out.append({"order": "cruise", "area": a.id, "stance": stance})
            for p in c.areas.ports:
                if p.nation in c.enemies(s.nation, s.date) and flag.shot > 0:
                    out.append({"order": "blockade", "port": p.id})
            if s.port is not None:
                out.append({"order": "escort", "area": c.port(s.port).area})
        if s.port is None:
            out.extend({"order": "return", "port": p.id} for p in home)
        return out + shipyard.buy_options(c, s)

    def encounter_options(self) -> list[str]:
        e = self.state.encounter
        assert e is not None
        weather = e["weather"]["strength"]
        enemy = e["nation"] in self.c.enemies(self.state.nation, self.state.date)
        can_fight = enemy and weather not in ("calm", "storm") and self.state.flagship.shot > 0
        if not enemy:
            return ["parley"]
        if e["stands"]:
            return (["engage"] if can_fight else []) + ["evade", "parley"]
        return (["chase"] if can_fight and weather != "gale" else []) + ["evade", "parley"]

    def _history_hint(self) -> list[dict[str, str]]:
        return [{"date": b.date, "area": b.area, "title": b.title} for b in self.c.history.scripted
                if b.date[:7] >= self.state.date and b.id not in self.state.met]

    def submit(self, answer: Any) -> bool | Refused:
        """Apply the answer to the pending request; Refused (state unchanged) if it is not a legal one."""
        req = self.pending
        if req is None:
            return Refused("the career has ended")
        if req.kind == "battle":
            assert self.state.battle is not None
            game = consequences.replay_battle(self.state.battle, answer)
            if isinstance(game, str):
                return Refused(game)
            self._after_battle(game)
        elif req.kind == "orders" and isinstance(answer, dict) and answer.get("order") == "refit" and len(answer) > 1 \
                and {"order": "refit"} in req.options:  # a refit with the port screen's choices
            why = port.check_refit(self.c, self.state, answer)
            if why is not None:
                return Refused(why)
            self._answer_orders(answer)
        elif not any(_same(answer, o) for o in req.options):
            return Refused(f"{req.kind}: choose one of {json.dumps(req.options)[:400]}")
        else:
            getattr(self, f"_answer_{req.kind}")(answer)
        self._run()
        return True

    # ------------------------------------------------------------------------------------------ the month

    def _sync(self) -> None:
        self.state.dice_counter = self.dice.counter

    def _run(self) -> None:
        while not self.state.ended and self.state.stage in ("month", "finish", "close"):
            if self.state.stage == "month":
                self._start_month()
            elif self.state.stage == "close":  # the prizes' fates chosen in port: the month closes
                consequences.close_month(self.c, self.state)
            else:
                self._finish_month()
        self._sync()

    def _start_month(self) -> None:
        s = self.state
        for e in self.c.history.events:
            if e.date[:7] == s.date:
                s.war_ends = s.war_ends or e.ends_war
                # a story the player changed (his ships, those he took or burnt) is not told; news gives no
                # reputation: that comes only from what he did (issue 29, item 3)
                if not set(e.about) & (s.his_ships() | set(s.gone)):
                    log(s, "history", f"[History] {e.text}", sources=list(e.sources))
        if s.status == "prisoner":  # no request: the months of captivity pass until he is exchanged
            career.captivity_month(self.c, s)
        else:
            s.stage = "half_pay" if s.status == "half_pay" else "orders"
            officers.fill(self.c, s)  # a vacant post filled in port (officers.py)
            missions.note_offers(self.c, s)

    def _answer_orders(self, order: dict[str, Any]) -> None:
        s, c = self.state, self.c
        kind = order["order"]
        if kind == "buy":  # no time passes: the orders request comes again (RC15.4a)
            shipyard.buy(c, s, order["ship"])
            return
        if kind == "mission":  # the mission in hand; its order sails (missions.sailing_order)
            order = missions.accept(c, s, order["mission"], order.get("choice"))
            kind = order["order"]
        s.orders = dict(order)
        if kind == "refit":
            port.refit(c, s, order)
            offer = consequences.promotion_offer(c, s)
            if offer is not None:
                s.orders["offer"] = offer
                s.stage = "promotion"
                return
            s.stage = "finish"
            return
        if kind == "return":
            area, stance = c.port(order["port"]).area, "passage"
        elif kind == "blockade":
            area, stance = c.port(order["port"]).area, "blockade"
        elif kind == "escort":
            area, stance = order["area"], "escort"
        else:
            area, stance = order["area"], order["stance"]
        if s.port is not None:
            log(s, "sail", f"{s.flagship.name} sails from {c.port(s.port).name}: {_describe(c, order)}.",
                area=area)
        s.port, s.area = None, area
        s.months_at_sea += 1
        weather = encounters.draw_weather(c, self.dice, area, s.month)
        if encounters.scripted_now(c, s, area) is None:
            log(s, "weather", f"{c.area(area).name}: {weather['strength']} winds from the {weather['from']}.",
                weather=weather)
            if weather["strength"] == "storm":
                consequences.storm(s, self.dice)
        enc = encounters.sighting(c, s, self.dice, area, stance, weather)
        if enc is None:
            s.stage = "finish"
            return
        if enc["scripted"]:
            log(s, "weather", f"{c.area(area).name}: {enc['weather']['strength']} winds from the "
                              f"{enc['weather']['from']} (as on the day).", weather=enc["weather"])
        s.encounter = enc
        side = "enemy" if enc["nation"] in c.enemies(s.nation, s.date) else "neutral"
        log(s, "sighting", f"Sail sighted: {enc['title']} ({enc['nation']}, {side}"
                           + (f", {enc['mission']}" if enc.get("mission") else "") + ")"
                           + _rival_words(enc)
                           + ("; she stands to fight" if enc["stands"] else "; she tries to escape")
                           + f"; weather gauge: {enc['gauge']}.", encounter=enc["title"],
            ships=list(enc.get("names") or []), nation=enc["nation"])
        s.stage = "encounter"

    def _answer_encounter(self, choice: str) -> None:
        s, c = self.state, self.c
        e = s.encounter
        assert e is not None
        hull = squadron_battle.squadron_hull(c, s)  # the squadron keeps together (RC15.5b)
        their_hull = min((c.cards[k].hull_type for k in e["ships"]), key=("slow", "average", "fast").index)
        weather = e["weather"]["strength"]
        calm_or_storm = weather in ("calm", "storm")  # no action can be fought
        if choice == "engage":
            self._start_battle("meeting", e["gauge"])
            return
        if choice == "chase":
            ok, die, mod = encounters.escape_roll(self.dice, e["gauge"], hull, their_hull, "enemy")
            if ok:
                log(s, "chase", f"{e['title']} gets away (escape roll {die}{mod:+d}).")
                s.stage = "finish"
            else:
                log(s, "chase", f"{s.flagship.name} comes up with {e['title']} (escape roll {die}{mod:+d}).")
                self._start_battle("chase", "player")
            return
        if choice == "parley":
            if e["nation"] not in c.enemies(s.nation, s.date):
                log(s, "parley", f"{s.flagship.name} speaks {e['title']}; they part as friends.")
                s.stage = "finish"
                return
            own = squadron_battle.squadron_fp(c, s)  # the summons of every ship that would fight (RC15.5a)
            theirs = sum(effective_fp(c.cards[k]) for k in e["ships"])
            if e["scripted"] is None and theirs * 3 < own:
                log(s, "parley", f"Summoned to surrender by a far stronger ship, {e['title']} strikes without a fight.")
                consequences.struck_without_fight(c, s, e)
                return
            if calm_or_storm:
                log(s, "parley", f"{e['title']} refuses the summons; the {weather} keeps the ships apart.")
                s.stage = "finish"
                return
            log(s, "parley", f"{e['title']} answers the summons with a gun: she takes the weather gauge.")
            self._start_battle("meeting", "enemy")
            return
        # evade
        if calm_or_storm and e["nation"] in c.enemies(s.nation, s.date):
            log(s, "evade", f"The {weather} keeps {s.flagship.name} and {e['title']} apart.")
            s.stage = "finish"
            return
        if not e["stands"] or e["nation"] not in c.enemies(s.nation, s.date):
            log(s, "evade", f"{s.flagship.name} lets {e['title']} go.")
            s.stage = "finish"
            return
        ok, die, mod = encounters.escape_roll(self.dice, e["gauge"], hull, their_hull, "player")
        if ok:
            log(s, "evade", f"{s.flagship.name} evades {e['title']} (escape roll {die}{mod:+d}).")
            consequences.prizes_in_company_risk(s, self.dice)
            consequences.convoy_scatters(s)
            s.stage = "finish"
        else:
            log(s, "evade", f"{e['title']} brings {s.flagship.name} to action (escape roll {die}{mod:+d}).")
            self._start_battle("meeting", e["gauge"])

    def _start_battle(self, engagement: str, gauge: str) -> None:
        s, c = self.state, self.c
        e = s.encounter
        assert e is not None
        engagement = e.get("engagement") or engagement
        flag = s.flagship
        guard = prizes.guard(c, flag)  # the prisoners' guard stays below and does not fight (RC15.3b)
        scenario, cards = battle_scenario(
            battle_id=f"campaign-{s.date}-{s.stats['battles'] + 1}",
            title=e.get("battle_title") or f"{flag.name} vs {e['title']}", date=e["date"], location=c.area(s.area).name,
            engagement=engagement, gauge=gauge, player_nation=s.nation,
            player_ship={"quality": officers.battle_quality(c, s), "crew": flag.crew - guard, "rigging": flag.rigging,
                         "gunnery": flag.gunnery, "morale": officers.battle_morale(c, s)},
            player_card=c.cards[flag.card], enemy_nation=e["nation"], enemy_cards=_named(c, s, e),
            enemy_quality=e.get("crew_quality"), turn_limit=c.campaign.terms.battle_turn_limit,
            description=f"Campaign {c.campaign.title}, {s.date}. {e.get('historical_outcome', '')}".strip(),
            consorts=squadron_battle.consort_entries(c, s))
        from cs_desktop.rules.ratings import victory_terms

        terms = victory_terms(scenario, cards)
        s.battle = {"scenario": scenario.model_dump(mode="json"),
                    "ships": {k: v.model_dump(mode="json") for k, v in cards.items()},
                    "seed": self.dice.below(2**31), "options": {}, "player_side": s.nation.lower(),
                    "terms": [f"[{st.rule}] {st.text}" for st in terms.steps],
                    "names": _enemy_names(scenario, e),
                    **squadron_battle.battle_record(c, s)}
        if guard:
            s.battle["guard"] = guard
            log(s, "prisoners", f"{guard} crew point(s) of {flag.name} guard the {flag.prisoners} point(s) of "
                                "prisoners below and do not fight.", guard=guard)
        if "squadron" in s.battle:
            log(s, "squadron", "The squadron fights together under the fleet rules (RC15.5a): "
                               + "; ".join(squadron_battle.squadron_lines(c, squadron_battle.fighting(c, s))) + ".")
        log(s, "battle", f"{scenario.title}: a {engagement} engagement, weather gauge {gauge}. "
                         + " ".join(f"{t.name} x{t.multiplier:g} +{t.bonus} VP." for t in terms.sides),
            terms=s.battle["terms"])
        s.stage = "battle"

    def _answer_prizes(self, choice: str) -> None:
        consequences.decide_prize(self.c, self.state, choice)

    def _answer_prize_fate(self, choice: str) -> None:
        prizes.decide_fate(self.c, self.state, choice)
        if not prizes.awaiting(self.c, self.state):
            self.state.stage = "close"

    def _answer_half_pay(self, choice: str) -> None:
        career.half_pay(self.c, self.state, self.dice, choice)

    def _answer_promotion(self, choice: str) -> None:
        consequences.promotion(self.c, self.state, choice)

    def _after_battle(self, game: Any) -> None:
        s = self.state
        crew, points = s.flagship.crew, self.c.cards[s.flagship.card].crew_points
        consequences.after_battle(self.c, s, self.dice, game)
        lost = crew - s.flagship.crew if s.status == "command" and s.ships else 0
        officers.after_battle(self.c, s, lost, points)

    def _finish_month(self) -> None:
        officers.month_end(self.c, self.state)  # experience, the master's mending at sea, a promotion away
        refits.month_passes(self.c, self.state)  # four weeks of the works in hand
        consequences.month_end(self.c, self.state, self.dice)


def works_info(c: Campaign, s: CampaignState) -> dict[str, Any]:
    """The port screen's part for what is done between battles (issue 29, item 5): the officers, the refits on
    offer and in hand, the nation's draft (none without port.json)."""
    if c.works is None:
        return {}
    ships = [{"ship": x.id, "name": x.name, "works": refits.offers(c, s, x.id), "draft": drafts.limits(c, s, x)}
             for x in port.refit_ships(s)]  # the flagship first, then every consort the yard can take
    return {"officers": officers.words(c, s), "works": ships[0]["works"], "works_in_hand": [dict(w) for w in s.works],
            "draft": ships[0]["draft"], "works_ships": ships}


def _rival_words(enc: dict[str, Any]) -> str:
    if not enc.get("captain"):
        return ""
    if enc.get("rival"):
        return (f"; Captain {enc['captain']}, who parted from you unbeaten in {enc['rival']['last']}, knows your "
                "ship and comes to settle it")
    return f", Captain {enc['captain']}"


def _named(c: Campaign, s: CampaignState, e: dict[str, Any]) -> list[ShipCard]:
    """The enemy's cards, each under the name she was sighted by (a generic sailing's ship has her own), unless
    a ship of the player's side sails under the same card (one card serves both sides: it keeps its name)."""
    ours = {x.card for x in s.ships}
    names = e.get("names") or [c.cards[k].name for k in e["ships"]]
    return [c.cards[k] if k in ours or c.cards[k].name == n else c.cards[k].model_copy(update={"name": n})
            for k, n in zip(e["ships"], names, strict=True)]


def _enemy_names(scenario: Scenario, e: dict[str, Any]) -> dict[str, str]:
    """Each enemy ship's game id -> the name she was sighted by."""
    gids = [gid for gid, si, _ in ship_ids(scenario) if si == 1]
    names = e.get("names") or []
    return dict(zip(gids, names, strict=False))


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _describe(c: Campaign, order: dict[str, Any]) -> str:
    kind = order["order"]
    if kind == "cruise":
        return f"cruise {c.area(order['area']).name}, {order['stance']}ing action"
    if kind in ("blockade", "return"):
        return f"{kind} {c.port(order['port']).name}"
    return f"{kind} in {c.area(order['area']).name}" if "area" in order else kind
