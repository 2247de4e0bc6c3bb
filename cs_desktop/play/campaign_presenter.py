"""The campaign presenter: one career at the screen, without Qt (issue 15 item 6).

It wraps the campaign engine (`cs_desktop/campaign/`) for the window: the pending request and its options in
words, the map model (areas, ports, where the squadron is, the month, the weather), the encounter (who, the
weather gauge, meeting or chase) and the battle's 20.1/21.3 terms line by line, the journal. The port screen
(refit, prizes, the yard's ships) is its own object, `port` (play/campaign_port.py). Every answer goes through
`engine.submit` (a refusal is said in `last_message`, nothing changes) and the campaign is written to the
library after EVERY step (`library/campaign_rows.py`: one checked transaction), so dropping the presenter and
`resume`-ing it from the library gives the same state and the same request.

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
from cs_desktop.play import sea_chart
from cs_desktop.play.campaign_career import mission_words
from cs_desktop.play.campaign_port import PortScreen
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
        #: the port screen: refit, prizes, the yard's ships (play/campaign_port.py); its answers go through choose
        self.port = PortScreen(engine, self.choose)

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
            return self.port.prize_fate_words(str(option))
        if kind == "orders":
            order = option["order"]
            if order == "buy":
                offer = next((o for o in self.port.for_sale() if o["ship"] == option["ship"]), None)
                return f"Buy {c.cards[option['ship']].name}" + (f" for {offer['price']}" if offer else "")
            if order == "refit":
                return f"Refit a month at {self.port.port_name()}: everything the port offers, the worst wound first"
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
                           f"at {self.port.port_name()}" if s.port else f"at sea: {c.area(s.area).name}",
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
