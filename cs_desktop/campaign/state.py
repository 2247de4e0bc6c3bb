"""A campaign's state: plain data that round-trips through JSON (docs/campaign-engine.md).

Everything that changes lives here: the date, where the squadron is, the captain, each ship's tracks, stores,
shot, prize crew and prisoners, the journal, and the campaign's own seeded dice (seed and counter, as in
`cs_desktop/rules/dice.py`). Every change to a counted quantity -- crew, damage boxes, stores, shot,
prisoners, money, ships -- goes through `adjust`, which records it with its cause in the ledger; so "nothing
created or lost without a cause" is a check a test can make (`ledger_totals` equals `totals`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Annotated, Any

from pydantic import Field

from cs_desktop.rules.cards import SECTION_NAMES, ShipCard

#: quantities the ledger counts, per ship (the first six) and for the captain
SHIP_QUANTITIES = ("crew", "rigging", "guns", "stores", "shot", "prisoners")
QUANTITIES = (*SHIP_QUANTITIES, "money", "ships")
#: crew morale boxes (3.4) a crew can be in between battles: Unfit 1, Fair 2, Handy 3
MORALE_NAMES = {1: "unfit", 2: "fair", 3: "handy"}
#: experience a crew needs for each quality; recruits bring the experience of their quality
QUALITY_EXPERIENCE = {"green": 0, "average": 4, "crack": 10}


#: the largest sum of money, stores, shot or prisoners a save may hold (a career's figures are far below it)
MAX_QUANTITY = 10**9
#: the ranges a saved state's numbers are validated against (issue 31, item 6: a gunnery section of -10**9
#: loaded and printed); a ship's tracks are further bounded by her card's boxes (campaign/play.py)
Quantity = Annotated[int, Field(ge=0, le=MAX_QUANTITY)]
Signed = Annotated[int, Field(ge=-MAX_QUANTITY, le=MAX_QUANTITY)]
Counter = Annotated[int, Field(ge=0, le=2**63 - 1)]
Months = Annotated[int, Field(ge=0, le=12 * 300)]


def _section_order(section: str) -> tuple[int, str]:
    return (SECTION_NAMES.index(section) if section in SECTION_NAMES else len(SECTION_NAMES), section)


def quality_of(experience: int) -> str:
    return "crack" if experience >= 10 else "average" if experience >= 4 else "green"


@dataclass
class ShipRecord:
    """One ship of the squadron: the flagship, or a prize sailing with a prize crew."""

    id: str
    card: str
    name: str
    role: str  # "flagship", "prize", or "consort" (a ship of the squadron: a prize kept, a ship bought)
    experience: Annotated[int, Field(ge=0, le=1000)]
    crew: Quantity
    rigging: Quantity
    gunnery: dict[str, Quantity]
    morale: Annotated[int, Field(ge=0, le=3)] = 3
    stores: Quantity = 0
    shot: Quantity = 0
    prisoners: Quantity = 0

    def __post_init__(self) -> None:
        # the sections in the rules' order, whatever order they were given in (a save's JSON sorts its keys), so
        # that every walk over them -- and the ledger it writes -- is the same after a reload
        self.gunnery = {s: self.gunnery[s] for s in sorted(self.gunnery, key=_section_order)}

    @property
    def guns(self) -> int:
        return sum(self.gunnery.values())

    @property
    def quality(self) -> str:
        return quality_of(self.experience)

    def damage(self, card: ShipCard) -> dict[str, int]:
        return {"hull": sum(len(card.gunnery[s]) for s in SECTION_NAMES) - self.guns,
                "rigging": card.rigging_points - self.rigging, "crew": card.crew_points - self.crew}


@dataclass
class CampaignState:
    campaign: str
    seed: Counter
    dice_counter: Counter
    year: Annotated[int, Field(ge=1600, le=1900)]
    month: Annotated[int, Field(ge=1, le=12)]
    captain: str
    nation: str
    port: str | None  # the port the squadron lies in, or None at sea
    area: str
    money: Signed = 0
    reputation: Signed = 0
    ships: list[ShipRecord] = field(default_factory=list)
    stage: str = "month"  # month, orders, encounter, battle, prizes, promotion, ended
    orders: dict[str, Any] | None = None
    encounter: dict[str, Any] | None = None
    battle: dict[str, Any] | None = None
    prizes: list[dict[str, Any]] = field(default_factory=list)
    months_at_sea: Months = 0
    war_ends: bool = False
    met: list[str] = field(default_factory=list)  # scripted battles met, by id
    gone: list[str] = field(default_factory=list)  # enemy ship cards taken or burnt: no longer met at sea
    commands_taken: list[str] = field(default_factory=list)
    bought: list[str] = field(default_factory=list)  # offers of ports' yards bought, as "port/ship" (RC15.4a)
    stats: dict[str, Quantity] = field(default_factory=lambda: {"battles": 0, "won": 0, "lost": 0, "drawn": 0,
                                                          "taken": 0, "burnt": 0, "condemned": 0, "lost_prizes": 0})
    journal: list[dict[str, Any]] = field(default_factory=list)
    ledger: list[dict[str, Any]] = field(default_factory=list)
    ended: bool = False
    end_reason: str = ""
    score: dict[str, Any] | None = None
    # a career after defeat (issue 29, item 1; saves of version 1 have none of these and take the defaults)
    status: str = "command"  # command; prisoner (held by `captor` until `release`, "" = the peace); half_pay
    captor: str = ""
    release: str = ""
    defeat: dict[str, Any] | None = None  # the record a court martial tries: ship, enemy, odds, damage, turns
    half_pay_months: Months = 0
    lost_ships: list[str] = field(default_factory=list)  # cards of his ships taken by the enemy
    rank: int = 0  # his step on his nation's ladder (career.json ladders), from the first
    rank_since: str = ""  # the month he reached it ("" = the career's start)
    courts: list[dict[str, Any]] = field(default_factory=list)  # each court martial: date, ship, points, verdict
    # a world that remembers (issue 29, item 3; also new in version 2)
    gone_names: list[str] = field(default_factory=list)  # names of enemy ships taken or burnt: never met again
    commanded: list[str] = field(default_factory=list)  # cards of every ship he has commanded
    # missions (issue 29, item 2; also new in version 2)
    mission: dict[str, Any] | None = None  # the mission in hand: id, deadline (YYYY-MM), progress
    missions: list[dict[str, Any]] = field(default_factory=list)  # each mission ended: id, outcome, date
    missions_offered: list[str] = field(default_factory=list)  # every mission ever offered him, by id
    # enemy captains who got away from him and may meet him again: sailing, card, name, captain, nation, escaped,
    # last (the month); also new in version 2
    rivals: list[dict[str, Any]] = field(default_factory=list)
    # between battles (issue 29, item 5; also new in version 2): the flagship's officers (post, name,
    # experience, since), and the refits in hand (ship, refit, weeks_left, begun)
    officers: list[dict[str, Any]] = field(default_factory=list)
    works: list[dict[str, Any]] = field(default_factory=list)
    officer_dice: Counter = 0  # the officers' own dice (seed and this counter): names, deaths

    def his_ships(self) -> set[str]:
        """The cards of ships the player's story has made his: commanded, in the squadron, lost by him (a
        refitted card, `constitution--copper`, by her own card's id too)."""
        cards = {*self.commanded, *self.lost_ships, *(x.card for x in self.ships)}
        return cards | {x.split("--")[0] for x in cards}

    @property
    def date(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"

    @property
    def flagship(self) -> ShipRecord:
        return next(s for s in self.ships if s.role == "flagship")

    def ship(self, ship_id: str) -> ShipRecord:
        return next(s for s in self.ships if s.id == ship_id)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CampaignState:
        d = dict(data)
        d["ships"] = [ShipRecord(**s) for s in d.get("ships", [])]
        return cls(**d)


def add_months(date: str, n: int) -> str:
    """The month `n` months after `date` (YYYY-MM)."""
    year, month = (int(x) for x in date.split("-"))
    month += n
    return f"{year + (month - 1) // 12:04d}-{(month - 1) % 12 + 1:02d}"


def count(state: CampaignState, key: str, n: int = 1) -> None:
    """Add to a career statistic (a save older than the statistic has none yet)."""
    state.stats[key] = state.stats.get(key, 0) + n


def log(state: CampaignState, kind: str, text: str, **data: Any) -> None:
    """A line of the captain's journal."""
    state.journal.append({"date": state.date, "kind": kind, "text": text, **data})


def adjust(state: CampaignState, ship: ShipRecord | None, what: str, delta: int, cause: str) -> None:
    """Change a counted quantity by `delta` and record it with its cause; ship None = the captain's money."""
    if delta == 0:
        return
    if not cause:
        raise ValueError("every change needs a cause")
    if what == "money":
        state.money += delta
    elif what == "guns":
        raise ValueError("gunnery boxes change by section: use adjust_section")
    else:
        assert ship is not None and what in SHIP_QUANTITIES
        setattr(ship, what, getattr(ship, what) + delta)
    state.ledger.append({"date": state.date, "ship": ship.id if ship else None, "what": what, "delta": delta,
                         "cause": cause})


def adjust_section(state: CampaignState, ship: ShipRecord, section: str, delta: int, cause: str) -> None:
    if delta == 0:
        return
    ship.gunnery[section] += delta
    state.ledger.append({"date": state.date, "ship": ship.id, "what": "guns", "delta": delta, "cause": cause,
                         "section": section})


def join(state: CampaignState, ship: ShipRecord, cause: str) -> None:
    """A ship joins the squadron with what she carries, each quantity recorded."""
    crew, rigging, gunnery, stores, shot, prisoners = (ship.crew, ship.rigging, dict(ship.gunnery), ship.stores,
                                                       ship.shot, ship.prisoners)
    ship.crew = ship.rigging = ship.stores = ship.shot = ship.prisoners = 0
    ship.gunnery = {s: 0 for s in gunnery}
    state.ships.append(ship)
    state.ledger.append({"date": state.date, "ship": ship.id, "what": "ships", "delta": 1, "cause": cause})
    for what, value in (("crew", crew), ("rigging", rigging), ("stores", stores), ("shot", shot),
                        ("prisoners", prisoners)):
        adjust(state, ship, what, value, cause)
    for section, value in gunnery.items():
        adjust_section(state, ship, section, value, cause)


def leave(state: CampaignState, ship: ShipRecord, cause: str) -> None:
    """A ship leaves the squadron; everything she carries leaves with her, recorded; works in hand on her are
    stopped and refunded."""
    _refund_works(state, ship)
    for what in ("crew", "rigging", "stores", "shot", "prisoners"):
        adjust(state, ship, what, -getattr(ship, what), cause)
    for section in list(ship.gunnery):
        adjust_section(state, ship, section, -ship.gunnery[section], cause)
    state.ships.remove(ship)
    state.ledger.append({"date": state.date, "ship": ship.id, "what": "ships", "delta": -1, "cause": cause})


def _refund_works(state: CampaignState, ship: ShipRecord) -> None:
    """Her works in hand (issue 29 item 5) stopped: each refunded pro rata by the weeks not done (its cost x weeks
    left / weeks, rounded down); one line."""
    stopped = [w for w in state.works if w["ship"] == ship.id]
    if not stopped:
        return
    back = sum(int(w.get("cost", 0)) * max(0, int(w["weeks_left"])) // max(1, int(w.get("weeks", 1)))
               for w in stopped)
    state.works = [w for w in state.works if w["ship"] != ship.id]
    adjust(state, None, "money", back, f"works on {ship.name} stopped: the weeks not done refunded")
    undone = ", ".join(f"{w['refit']} {max(0, int(w['weeks_left']))} of {w.get('weeks', '?')} weeks" for w in stopped)
    log(state, "works", f"{ship.name} leaves the squadron with work in hand ({undone} not done): the yard stops "
                        f"and refunds {back}.", ship=ship.id, refund=back)


def totals(state: CampaignState) -> dict[str, int]:
    """Every counted quantity now."""
    out = {q: sum(getattr(s, q) for s in state.ships) for q in SHIP_QUANTITIES}
    out["money"] = state.money
    out["ships"] = len(state.ships)
    return out


def ledger_totals(state: CampaignState, start_money: int = 0) -> dict[str, int]:
    """Every counted quantity as the ledger's changes add up (money from `start_money`)."""
    out = {q: 0 for q in QUANTITIES}
    out["money"] = start_money
    for entry in state.ledger:
        out[entry["what"]] += entry["delta"]
    return out
