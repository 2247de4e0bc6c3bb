"""The campaign presenter: one career at the screen, without Qt (issue 15 item 6).

It wraps the campaign engine (`cs_desktop/campaign/`) for the window: the pending request and its options in
words, the map model (areas, ports, where the squadron is, the month, the weather), the port's refit terms, the
encounter (who, the weather gauge, meeting or chase) and the battle's 20.1/21.3 terms line by line, the
journal. Every answer goes through `engine.submit` (a refusal is said in `last_message`, nothing changes) and
the campaign is written to the library after EVERY step (`library/campaign_rows.py`: one checked transaction),
so dropping the presenter and `resume`-ing it from the library gives the same state and the same request.

A battle fought on the board: `battle_setup()` gives the scenario, cards, seed and options the tactical game
starts from; `battle_progress(decisions)` stores the decisions made so far in the campaign's row (closing the
window mid-battle loses nothing: `resumed_battle()` gives them back); `finish_battle(decisions)` submits the
finished game, which the engine replays itself, with the same consequences as the headless path. `resolve()`
lets computer captains fight it (`simulate.play_game`), as `captains-sea campaign play` does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cs_desktop.campaign.engine import CampaignEngine, CampaignRequest, Refused
from cs_desktop.campaign.headless import document, from_document, new
from cs_desktop.campaign import port as port_rules
from cs_desktop.play import sea_chart
from cs_desktop.play.campaign_career import mission_words
from cs_desktop.play.sea_chart import Ring
from cs_desktop.campaign.state import MORALE_NAMES
from cs_desktop.library.store import Library
from cs_desktop.rules.cards import Scenario, ShipCard

#: the key of the campaign row's document holding the decisions of the battle on the board
BATTLE_KEY = "battle_in_play"


@dataclass(frozen=True)
class MapPort:
    id: str
    name: str
    area: str
    nation: str
    friendly: bool
    position: tuple[float, float] | None  # (latitude, longitude) when the campaign gives it


@dataclass(frozen=True)
class MapArea:
    id: str
    name: str
    position: tuple[float, float] | None


@dataclass(frozen=True)
class ShipForSale:
    """A ship the port's yard offers (RC15.4a): what the port screen's shipyard draws."""

    ship: str
    name: str
    price: int
    words: str  # her tracks, hull and delivery crew, in words
    can_buy: bool
    why_not: str  # why she cannot be bought now ("" if she can)


@dataclass(frozen=True)
class PrizeFate:
    """The prize in port waiting for the player's choice (RC15.3a): what the port screen's prize box draws."""

    name: str
    lines: list[str]
    sell_words: str
    keep_words: str


@dataclass
class CampaignMap:
    """What the map draws: the areas and ports, where the squadron is, the month and the weather."""

    title: str
    date: str
    areas: list[MapArea]
    ports: list[MapPort]
    area: str
    port: str | None
    where: str
    ships: list[str] = field(default_factory=list)
    weather: str = ""
    land: tuple[Ring, ...] = ()  # coastlines, (longitude, latitude) rings (play/sea_chart.py)
    chart_note: str = ""  # where the coastlines come from, or why there are none
    track: list[tuple[float, float]] = field(default_factory=list)  # (latitude, longitude), oldest first


class CampaignPresenter:
    def __init__(self, library: Library, campaign_id: int, name: str, engine: CampaignEngine,
                 battle: list[Any] | None = None) -> None:
        self.library = library
        self.campaign_id = campaign_id
        self.name = name
        self.engine = engine
        self.battle_decisions: list[Any] | None = battle
        self.last_message = ""

    # ------------------------------------------------------------------------------------------ lifetime
    @classmethod
    def start(cls, library: Library, campaign: str, seed: int, nation: str | None = None,
              year: int | None = None, name: str | None = None) -> CampaignPresenter:
        """A new career in the library (ValueError / FileFormatError saying what to choose or what is wrong)."""
        engine = new(campaign, seed, nation, year)
        s = engine.state
        title = name or f"{engine.c.campaign.title} — Captain {s.captain}, {s.date} (seed {s.seed})"
        entry = library.campaigns.save(document(engine), title)
        return cls(library, entry.id, entry.name, engine)

    @classmethod
    def resume(cls, library: Library, campaign_id: int) -> CampaignPresenter:
        """The campaign as it was last written (CampaignRowError / FileFormatError naming it if unreadable)."""
        from cs_desktop.library import campaign_rows

        name, data = campaign_rows.load(library.engine, campaign_id)
        engine = from_document(data, f"library campaign {campaign_id} ({name!r})")
        battle = data.get(BATTLE_KEY)
        decisions = battle.get("decisions") if isinstance(battle, dict) else None
        return cls(library, campaign_id, name, engine, decisions if isinstance(decisions, list) else None)

    def _save(self) -> None:
        doc = document(self.engine)
        if self.battle_decisions is not None and self.engine.state.stage == "battle":
            doc[BATTLE_KEY] = {"seed": self.engine.state.battle and self.engine.state.battle["seed"],
                               "decisions": list(self.battle_decisions)}
        self.library.campaigns.save(doc, self.name, campaign_id=self.campaign_id)

    # ------------------------------------------------------------------------------------------ reading
    @property
    def ended(self) -> bool:
        return self.engine.state.ended

    def request(self) -> CampaignRequest | None:
        return self.engine.pending

    def options(self) -> list[tuple[Any, str]]:
        """The pending request's options, each with its words."""
        req = self.engine.pending
        return [] if req is None else [(o, self.option_words(req.kind, o)) for o in req.options]

    def menu_options(self) -> list[tuple[Any, str]]:
        """The options the page shows as buttons: all but those the port screen shows itself (the prize's fate,
        the ships for sale)."""
        req = self.engine.pending
        if req is not None and req.kind == "prize_fate":
            return []
        return [(o, w) for o, w in self.options() if not (isinstance(o, dict) and o.get("order") == "buy")]

    def option_words(self, kind: str, option: Any) -> str:
        c = self.engine.c
        if kind == "prize_fate":
            return self.prize_fate_words(str(option))
        if kind == "orders":
            order = option["order"]
            if order == "buy":
                offer = next((o for o in self._for_sale() if o["ship"] == option["ship"]), None)
                return f"Buy {c.cards[option['ship']].name}" + (f" for {offer['price']}" if offer else "")
            if order == "refit":
                return f"Refit a month at {self._port_name()}: everything the port offers, the worst wound first"
            if order == "cruise":
                return f"Cruise {c.area(option['area']).name}, {option['stance']}ing action"
            if order == "blockade":
                return f"Blockade {c.port(option['port']).name}"
            if order == "escort":
                return f"Escort a convoy in {c.area(option['area']).name}"
            if order == "mission":
                return mission_words(self.engine.pending, option["mission"], option.get("choice"))
            return f"Return to {c.port(option['port']).name}"
        return {"engage": "Engage her (a meeting engagement)", "chase": "Chase her",
                "evade": "Evade", "parley": "Parley (speak her, summon her to strike)",
                "take": "Take her as a prize (a prize crew from your crew)", "burn": "Burn her",
                "accept": "Accept the new command", "decline": "Decline it",
                "wait": "Wait on half-pay for a ship", "retire": "Retire from the sea (the career ends)",
                }.get(str(option), str(option))

    def _port_name(self) -> str:
        s = self.engine.state
        return str(self.engine.c.port(s.port).name if s.port else self.engine.c.area(s.area).name)

    def refit_terms(self) -> str:
        """The port screen's line: what a month's refit here repairs and recruits, and what it costs."""
        s, c = self.engine.state, self.engine.c
        if s.port is None:
            return "at sea: no refit"
        p = c.port(s.port)
        t = port_rules.terms_at(c, p)
        card = c.cards[s.flagship.card]
        damage = sum(s.flagship.damage(card).values())
        repairs = (f"repairs up to {p.repair} of {damage} damaged boxes at {t.repair_cost_per_box} a box" if damage
                   else f"nothing to repair (up to {p.repair} boxes a month at {t.repair_cost_per_box} a box)")
        yard = {"dockyard": "A dockyard", "yard": "A yard", "anchorage": "An anchorage (the rigging only)"}[p.yard]
        return (f"{yard}: {repairs}, recruits "
                f"up to {p.recruits.points} {p.recruits.quality} crew points at {t.recruit_cost_per_point} a point, "
                f"fills stores and shot, morale to handy")

    def refit_choices(self, ship: str | None = None) -> dict[str, Any] | None:
        """The port screen's choices for the flagship, or the squadron's ship `ship` (the orders request's
        `info.refit` / `info.refit_ships`): the boxes each track can have repaired, the port's total a month,
        the recruits, their quality, the costs; None at sea."""
        req = self.engine.pending
        if req is None or req.kind != "orders" or "refit" not in req.info:
            return None
        if ship is not None and ship in req.info.get("refit_ships", {}):
            return dict(req.info["refit_ships"][ship])
        return dict(req.info["refit"])

    def refit_ships(self) -> list[tuple[str, str]]:
        """The ships a refit may serve (id, name): the flagship first, then the squadron's other ships."""
        req = self.engine.pending
        if req is None or req.kind != "orders" or "refit" not in req.info:
            return []
        first = req.info["refit"]
        return [(first["ship"], first["name"])] + [(k, v["name"]) for k, v in req.info.get("refit_ships", {}).items()]

    def _for_sale(self) -> list[dict[str, Any]]:
        req = self.engine.pending
        return list(req.info.get("for_sale", [])) if req is not None and req.kind == "orders" else []

    def ships_for_sale(self) -> list[ShipForSale]:
        """The port's ships for sale (RC15.4a), each with her price and whether she can be bought now."""
        req = self.engine.pending
        out = []
        for o in self._for_sale():
            option = {"order": "buy", "ship": o["ship"]}
            can = req is not None and option in req.options
            why = "" if can else ("bought already" if o["bought"] else
                                  f"the account holds {self.engine.state.money}" if not o["affordable"] else "")
            words = (f"{o['hull']} hull, {o['guns']} gunnery boxes, rigging {o['rigging']}; delivered with "
                     f"{o['crew']} of her {o['crew_points']} crew points ({o['quality']})")
            out.append(ShipForSale(o["ship"], o["name"], int(o["price"]), words, can, why))
        return out

    def buy(self, ship: str) -> bool:
        """Buy a ship for sale here; False (and why in `last_message`) if refused."""
        return self.choose({"order": "buy", "ship": ship})

    def prize_fate(self) -> PrizeFate | None:
        """The prize in port waiting for the player's choice, or None."""
        req = self.engine.pending
        if req is None or req.kind != "prize_fate":
            return None
        i = req.info
        lines = [f"Crew {i['crew']}/{i['crew_points']} (her prize crew), rigging {i['rigging']}/{i['rigging_points']}"
                 f", gunnery {i['guns']}/{i['gun_boxes']}, stores {i['stores']}",
                 f"The prize court values her at {i['value']}: the captain's share is {i['share']}"]
        return PrizeFate(str(i["name"]), lines, self.prize_fate_words("sell"), self.prize_fate_words("keep"))

    def prize_fate_words(self, choice: str) -> str:
        req = self.engine.pending
        i = req.info if req is not None and req.kind == "prize_fate" else {}
        if choice == "sell":
            return f"Sell her to the prize court (your share {i.get('share', '?')})"
        return (f"Keep her: she joins your squadron with her damage, her prize crew of {i.get('crew', '?')} "
                "aboard (no share)")

    def refit_cost(self, repair: dict[str, int], recruit: int, ship: str | None = None) -> int:
        lim = self.refit_choices(ship) or {}
        return sum(repair.values()) * int(lim.get("repair_cost", 0)) + recruit * int(lim.get("recruit_cost", 0))

    def refit(self, repair: dict[str, int], recruit: int, loads: bool, ship: str | None = None) -> bool:
        """A month in port with the port screen's choices (for the flagship, or the squadron's ship `ship`);
        False (and why in `last_message`) if refused."""
        answer: dict[str, Any] = {"order": "refit", "repair": {k: v for k, v in repair.items() if v},
                                  "recruit": recruit, "loads": loads}
        if ship is not None and ship != self.engine.state.flagship.id:
            answer["ship"] = ship
        return self.choose(answer)

    def ships(self) -> list[str]:
        from cs_desktop.campaign.prizes import guard, unguarded

        s, c = self.engine.state, self.engine.c
        out = []
        for x in s.ships:
            card = c.cards[x.card]
            held = ""
            if x.prisoners:  # who guards them (RC15.3b) and how many are loose (RC15.3c)
                loose = unguarded(c, x)
                held = f" (guard {guard(c, x)}" + (f", {loose} unguarded" if loose else "") + ")"
            out.append(f"{x.name} ({x.role}, {x.quality} crew): crew {x.crew}/{card.crew_points}, rigging "
                       f"{x.rigging}/{card.rigging_points}, gunnery {x.guns}/{x.guns + x.damage(card)['hull']}, "
                       f"morale {MORALE_NAMES.get(x.morale, x.morale)}, stores {x.stores}, shot {x.shot}, "
                       f"prisoners {x.prisoners}{held}")
        return out

    def weather(self) -> str:
        s = self.engine.state
        for e in reversed(s.journal):
            if e["date"] != s.date:
                break
            if e["kind"] == "weather" and isinstance(e.get("weather"), dict):
                return f"{e['weather']['strength']} winds from the {e['weather']['from']}"
        return "in port" if s.port else ""

    def map_model(self) -> CampaignMap:
        s, c = self.engine.state, self.engine.c
        enemies = c.enemies(s.nation, s.date)
        areas = [MapArea(a.id, a.name, _pos(getattr(a, "position", None))) for a in c.areas.areas]
        ports = [MapPort(p.id, p.name, p.area, p.nation, p.nation not in enemies, _pos(getattr(p, "position", None)))
                 for p in c.areas.ports]
        chart = sea_chart.shipped()
        places = {**{a.id: a.position for a in areas}, **{p.id: p.position for p in ports}}
        return CampaignMap(c.campaign.title, s.date, areas, ports, s.area, s.port,
                           f"at {self._port_name()}" if s.port else f"at sea: {c.area(s.area).name}",
                           [x.name for x in s.ships], self.weather(), chart.land,
                           chart.problem or f"Coastlines: {chart.source}", sea_chart.track(s.journal, places))

    def encounter_lines(self) -> list[str]:
        """The encounter screen: who, her nation and mission, the weather, the gauge, whether she stands."""
        e = self.engine.state.encounter
        if e is None:
            return []
        c = self.engine.c
        lines = [f"Sail: {e['title']} ({e['nation']}" + (f", {e['mission']}" if e.get("mission") else "") + ")",
                 "Ships: " + ", ".join(_ship_words(c.cards[k].name, n)
                                       for k, n in zip(e["ships"], e.get("names") or [None] * len(e["ships"]),
                                                       strict=False)),
                 f"Weather: {e['weather']['strength']} winds from the {e['weather']['from']}",
                 f"Weather gauge: {e['gauge']}",
                 "She stands to fight (a meeting engagement)" if e["stands"] else "She tries to escape (a chase)"]
        if e.get("scripted"):
            lines.append(f"A historical action: {e.get('battle_title') or e['title']}")
        s = self.engine.state
        if s.stage == "encounter" and any(x.role == "consort" for x in s.ships):
            from cs_desktop.campaign.squadron_battle import encounter_words

            lines += encounter_words(c, s)  # a line per ship that would fight (RC15.5a)
        return lines

    def terms(self) -> list[str]:
        """The battle's 20.1/21.3 terms, one line a step, as the tactical setup shows them."""
        b = self.engine.state.battle
        if not b:
            return []
        guard = [f"{b['guard']} crew point(s) guard the prisoners below and do not fight (RC15.3b)"] \
            if b.get("guard") else []
        from cs_desktop.campaign.squadron_battle import terms_words

        return guard + terms_words(self.engine.c, self.engine.state, b) + list(b["terms"])

    def journal(self, last: int | None = None) -> list[str]:
        lines = [f"{e['date']}  {e['text']}" for e in self.engine.state.journal]
        return lines[-last:] if last else lines

    # ------------------------------------------------------------------------------------------ answering
    def choose(self, answer: Any) -> bool:
        """Answer the pending request (not a battle); saved to the library at once. False (and why in
        `last_message`) if refused."""
        req = self.engine.pending
        if req is not None and req.kind == "battle":
            self.last_message = "a battle is answered by fighting it (finish_battle) or resolving it"
            return False
        return self._submit(answer)

    def _submit(self, answer: Any) -> bool:
        result = self.engine.submit(answer)
        if isinstance(result, Refused):
            self.last_message = result.message
            return False
        self.last_message = ""
        self.battle_decisions = None
        self._save()
        return True

    def battle_setup(self) -> tuple[Scenario, dict[str, ShipCard], int, dict[str, Any], str]:
        """The pending battle as the tactical game starts it: scenario, cards, seed, options, the player's side."""
        b = self.engine.state.battle
        if b is None or self.engine.state.stage != "battle":
            raise ValueError("no battle to fight")
        return (Scenario.model_validate(b["scenario"]),
                {k: ShipCard.model_validate(v) for k, v in b["ships"].items()}, int(b["seed"]),
                dict(b["options"]), str(b["player_side"]))

    def battle_progress(self, decisions: list[Any]) -> None:
        """The decisions of the battle on the board so far, written into the campaign's row."""
        if self.engine.state.stage != "battle":
            return
        self.battle_decisions = list(decisions)
        self._save()

    def resumed_battle(self) -> list[Any] | None:
        """The decisions of a battle left unfinished on the board (None if none)."""
        return list(self.battle_decisions) if self.battle_decisions is not None else None

    def finish_battle(self, decisions: list[Any]) -> bool:
        """The finished game's decisions: the engine replays them and carries the consequences over."""
        return self._submit({"decisions": list(decisions)})

    def resolve(self, captains: tuple[str, str] = ("simple", "simple")) -> bool:
        """A minor action resolved by the engine: computer captains fight it, as the headless path does."""
        from cs_desktop.batch.simulate import play_game

        scenario, cards, seed, options, _side = self.battle_setup()
        game = play_game(scenario, cards, seed, captains, options)
        return self._submit({"decisions": game.decisions})


def _pos(value: Any) -> tuple[float, float] | None:
    if value is None:
        return None
    return (float(value.lat), float(value.lon))


def _ship_words(card_name: str, name: str | None) -> str:
    """A sighted ship: her name, and her card's when she is a ship of that card's type under her own name."""
    return card_name if name is None or name == card_name else f"{name} (of {card_name}'s type)"
