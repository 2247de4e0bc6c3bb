"""Reading a campaign folder: each file through the careful reader (`jsonread`), validated by its model, then
checked across files (a port in an area that exists, a ship id that names a card, weather for every area and
month, dates inside the calendar). Every problem is a `FileFormatError` naming the file, the field and what is
wrong; nothing is half-loaded.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cs_desktop
from cs_desktop.campaign.model import (
    CAREER_FORMAT,
    PART_FORMATS,
    AreasFile,
    CampaignFile,
    CareerFile,
    MISSIONS_FORMAT,
    Mission,
    MissionsFile,
    NAMES_FORMAT,
    NamesFile,
    PORT_FORMAT,
    PortFile,
    HistoryFile,
    SailingsFile,
    WeatherEntry,
    WeatherFile,
)
from cs_desktop.formats.files import load_ship
from cs_desktop.formats.jsonread import FileFormatError, check_header, read_json
from cs_desktop.formats.modelerrors import validate_model
from cs_desktop.rules.cards import ShipCard

MAX_PART_BYTES = 2_000_000
#: the optional part: exchange, court martial, half-pay (issue 29, item 1)
CAREER_FILE = "career.json"
#: the optional part: ship names by nation (issue 29, item 3)
NAMES_FILE = "names.json"
#: the optional part: missions with goals, outcomes and follow-ups (issue 29, item 2)
MISSIONS_FILE = "missions.json"
#: the optional part: officers, refits and drafts (issue 29, item 5)
PORT_FILE = "port.json"
_OPTIONAL: dict[str, tuple[str, type[Any]]] = {CAREER_FILE: (CAREER_FORMAT, CareerFile),
                                               NAMES_FILE: (NAMES_FORMAT, NamesFile),
                                               MISSIONS_FILE: (MISSIONS_FORMAT, MissionsFile),
                                               PORT_FILE: (PORT_FORMAT, PortFile)}
_MODELS: dict[str, type[Any]] = {"campaign.json": CampaignFile, "areas.json": AreasFile,
                                 "weather.json": WeatherFile, "sailings.json": SailingsFile,
                                 "history.json": HistoryFile}


@dataclass(frozen=True)
class Campaign:
    """A whole campaign, read and checked: its files' models, and every ship card it names by id."""

    folder: Path
    campaign: CampaignFile
    areas: AreasFile
    weather: WeatherFile
    sailings: SailingsFile
    history: HistoryFile
    cards: dict[str, ShipCard] = field(default_factory=dict)
    career: CareerFile | None = None  # the optional career.json: a career that survives defeat
    names: NamesFile | None = None  # the optional names.json: names for the ships of generic sailings
    missions: MissionsFile | None = None  # the optional missions.json: the Admiralty's missions
    works: PortFile | None = None  # the optional port.json: officers, refits, drafts

    def ship_names(self, nation: str) -> list[str]:
        """The names a nation's generic ships are given (none without names.json)."""
        found = next((n for n in self.names.nations if n.nation == nation), None) if self.names else None
        return list(found.ships) if found else []

    def captain_names(self, nation: str) -> list[str]:
        """The names of a nation's captains at sea (none without names.json)."""
        found = next((n for n in self.names.nations if n.nation == nation), None) if self.names else None
        return list(found.captains) if found else []

    @property
    def id(self) -> str:
        return self.campaign.id

    def port(self, port_id: str) -> Any:
        return next(p for p in self.areas.ports if p.id == port_id)

    def area(self, area_id: str) -> Any:
        return next(a for a in self.areas.areas if a.id == area_id)

    def enemies(self, nation: str, date: str) -> set[str]:
        """The nations at war with `nation` in the month `date`: `at_war_with` (for the campaign's own player
        nation), and every war of `wars` that includes the month."""
        out: set[str] = set(self.campaign.at_war_with) if nation == self.campaign.player.nation else set()
        for w in self.campaign.wars:
            if nation in w.nations and w.start <= date <= w.end:
                out |= set(w.nations) - {nation}
        return out

    def weather_for(self, area_id: str, month: int) -> WeatherEntry:
        return next(w for w in self.weather.weather if w.area == area_id and month in w.months)


class CampaignError(FileFormatError):
    """Problems found across a campaign's files: one FileFormatError per file, all of them listed."""

    def __init__(self, errors: list[FileFormatError]) -> None:
        self.errors = errors
        super().__init__(errors[0].path, errors[0].problems)

    def lines(self) -> list[str]:
        return [line for e in self.errors for line in e.lines()]

    def __str__(self) -> str:
        return "\n".join(self.lines())


def is_campaign_folder(path: str | os.PathLike[str]) -> bool:
    return Path(path).is_dir() and (Path(path) / "campaign.json").is_file()


def shipped_campaigns() -> list[Path]:
    root = cs_desktop.SCENARIOS / "campaigns"
    return sorted(p for p in root.iterdir() if is_campaign_folder(p)) if root.is_dir() else []


def find_campaign(name: str | os.PathLike[str]) -> Path:
    """A campaign folder given as a path, or by the id of a shipped campaign."""
    p = Path(name)
    if is_campaign_folder(p):
        return p
    shipped = cs_desktop.SCENARIOS / "campaigns" / str(name)
    if is_campaign_folder(shipped):
        return shipped
    raise FileFormatError(p, [("(folder)", "not a campaign folder (no campaign.json) and no shipped campaign of "
                                           "that name; shipped: " + ", ".join(c.name for c in shipped_campaigns()))])


def _read_part(folder: Path, name: str) -> Any:
    path = folder / name
    _, data = read_json(path, MAX_PART_BYTES)
    fmt, model = _OPTIONAL[name] if name in _OPTIONAL else (PART_FORMATS[name], _MODELS[name])
    check_header(data, path, fmt, (1,))
    return validate_model(model, data, str(path))


def _card(folder: Path, ship_id: str) -> ShipCard | None:
    for d in (folder / "ships", cs_desktop.SCENARIOS / "ships"):
        path = d / f"{ship_id}.json"
        if path.is_file():
            card = load_ship(path)
            if card.id != ship_id:
                raise FileFormatError(path, [("id", f"holds ship id {card.id!r}, expected {ship_id!r}")])
            return card
    return None


def load_campaign(folder: str | os.PathLike[str]) -> Campaign:
    """Read and check the campaign in `folder`; FileFormatError on any problem."""
    root = Path(folder)
    if not is_campaign_folder(root):
        raise FileFormatError(root, [("(folder)", "not a campaign folder: it has no campaign.json")])
    parts = {name: _read_part(root, name) for name in PART_FORMATS}
    for path in sorted((root / "ships").glob("*.json")):  # every card the campaign carries, named or not
        load_ship(path)
    extra = {name: _read_part(root, name) if (root / name).is_file() else None for name in _OPTIONAL}
    c = Campaign(root, parts["campaign.json"], parts["areas.json"], parts["weather.json"], parts["sailings.json"],
                 parts["history.json"], career=extra[CAREER_FILE], names=extra[NAMES_FILE],
                 missions=extra[MISSIONS_FILE], works=extra[PORT_FILE])
    _check_across(c)
    return c


def _problem(problems: dict[str, list[tuple[str, str]]], name: str, where: str, what: str) -> None:
    problems.setdefault(name, []).append((where, what))


def _check_across(c: Campaign) -> None:
    """The references across the folder's files, each file's in turn (areas, campaign, weather, sailings, history,
    career, missions, ports); every problem found is raised at once, by file."""
    out: dict[str, list[tuple[str, str]]] = {}
    for check in (_check_areas, _check_campaign_file, _check_weather, _check_sailings, _check_history, _check_career,
                  _check_missions, _check_port):
        check(c, out)
    if out:
        raise CampaignError([FileFormatError(c.folder / name, problems) for name, problems in out.items()])


def _check_areas(c: Campaign, out: dict[str, list[tuple[str, str]]]) -> None:
    """areas.json: ids used once, each port in an area, the ships for sale offered once each and known."""
    area_ids = [a.id for a in c.areas.areas]
    port_ids = [p.id for p in c.areas.ports]
    for what, ids in (("areas", area_ids), ("ports", port_ids)):
        for i, x in enumerate(ids):
            if x in ids[:i]:
                _problem(out, "areas.json", f"{what}[{i}].id", f"id {x!r} is used twice")
    for i, port in enumerate(c.areas.ports):
        if port.area not in area_ids:
            _problem(out, "areas.json", f"ports[{i}].area", f"no area {port.area!r}; areas: {area_ids}")
        for j, offer in enumerate(port.for_sale):
            where = f"ports[{i}].for_sale[{j}]"
            if offer.ship in [o.ship for o in port.for_sale[:j]]:
                _problem(out, "areas.json", f"{where}.ship", f"ship {offer.ship!r} is offered twice in this port")
            _check_card(c, out, "areas.json", f"{where}.ship", offer.ship, offer.crew_quality)


def _check_campaign_file(c: Campaign, out: dict[str, list[tuple[str, str]]]) -> None:
    """campaign.json: the player's port (of his nation) and ship, the open career's nations and years, and the
    commands' ships."""
    start, end = c.campaign.calendar.start, c.campaign.calendar.end
    port_ids = [p.id for p in c.areas.ports]
    player = c.campaign.player
    if player.port not in port_ids:
        _problem(out, "campaign.json", "player.port", f"no port {player.port!r} in areas.json; ports: {port_ids}")
    elif c.port(player.port).nation != player.nation:
        _problem(out, "campaign.json", "player.port", f"port {player.port!r} is not a {player.nation} port")
    _check_card(c, out, "campaign.json", "player.ship", player.ship, player.crew_quality)
    if c.campaign.open_career is not None:
        oc = c.campaign.open_career
        for i, on in enumerate(oc.nations):
            where = f"open_career.nations[{i}]"
            if on.port not in port_ids:
                _problem(out, "campaign.json", f"{where}.port", f"no port {on.port!r} in areas.json")
            elif c.port(on.port).nation != on.nation:
                _problem(out, "campaign.json", f"{where}.port", f"port {on.port!r} is not a {on.nation} port")
            for j, sh in enumerate(on.ships):
                _check_card(c, out, "campaign.json", f"{where}.ships[{j}].ship", sh.ship, None)
            if on.ships[0].from_year > oc.years[0]:
                _problem(out, "campaign.json", f"{where}.ships[0].from_year",
                         f"no ship for a start in {oc.years[0]}: the first is from {on.ships[0].from_year}")
        if not start[:4] <= str(oc.years[0]) <= str(oc.years[1]) <= end[:4]:
            _problem(out, "campaign.json", "open_career.years", f"{oc.years} must lie inside the calendar "
                                                                f"{start}..{end}, first year first")
    for i, cmd in enumerate(c.campaign.commands):
        _check_card(c, out, "campaign.json", f"commands[{i}].ship", cmd.ship, cmd.crew_quality)


def _check_weather(c: Campaign, out: dict[str, list[tuple[str, str]]]) -> None:
    """weather.json: known areas, and each area's weather given for each month exactly once."""
    area_ids = [a.id for a in c.areas.areas]
    for i, w in enumerate(c.weather.weather):
        if w.area not in area_ids:
            _problem(out, "weather.json", f"weather[{i}].area", f"no area {w.area!r}; areas: {area_ids}")
    for a in area_ids:
        for month in range(1, 13):
            n = sum(1 for w in c.weather.weather if w.area == a and month in w.months)
            if n != 1:
                _problem(out, "weather.json", "weather", f"area {a!r}, month {month}: "
                         + ("no entry" if n == 0 else f"{n} entries; expected exactly one"))


def _check_sailings(c: Campaign, out: dict[str, list[tuple[str, str]]]) -> None:
    """sailings.json: ids used once, known areas and ships, dates inside the calendar."""
    start, end = c.campaign.calendar.start, c.campaign.calendar.end
    area_ids = [a.id for a in c.areas.areas]
    seen: list[str] = []
    for i, s in enumerate(c.sailings.sailings):
        where = f"sailings[{i}]"
        if s.id in seen:
            _problem(out, "sailings.json", f"{where}.id", f"id {s.id!r} is used twice")
        seen.append(s.id)
        for j, a in enumerate(s.areas):
            if a not in area_ids:
                _problem(out, "sailings.json", f"{where}.areas[{j}]", f"no area {a!r}; areas: {area_ids}")
        for j, ship in enumerate(s.ships):
            _check_card(c, out, "sailings.json", f"{where}.ships[{j}]", ship, s.crew_quality)
        if s.end < start or s.start > end:
            _problem(out, "sailings.json", f"{where}.start", f"{s.start}..{s.end} lies outside the calendar "
                                                             f"{start}..{end}")


def _check_card(c: Campaign, out: dict[str, list[tuple[str, str]]], name: str, where: str, ship_id: str,
                quality: str | None) -> None:
    card = c.cards.get(ship_id)
    if card is None:
        try:
            card = _card(c.folder, ship_id)
        except FileFormatError as e:
            _problem(out, name, where, f"ship {ship_id!r}: " + "; ".join(e.lines()))
            return
        if card is None:
            _problem(out, name, where, f"no ship card {ship_id}.json in {c.folder / 'ships'} or the shipped ships")
            return
        c.cards[ship_id] = card
    if quality is not None and quality not in card.crew_quality_options:
        _problem(out, name, where, f"crew quality {quality!r} is not one of {card.name}'s "
                                   f"{card.crew_quality_options}")


def validate_campaign(folder: str | os.PathLike[str]) -> list[str]:
    """Problems with a campaign folder, one line each; [] if good."""
    try:
        load_campaign(folder)
    except FileFormatError as e:
        return e.lines()
    return []


def _check_career(c: Campaign, out: dict[str, list[tuple[str, str]]]) -> None:
    if c.career is None:
        return
    for i, cmd in enumerate(c.career.commands):
        _check_card(c, out, CAREER_FILE, f"commands[{i}].ship", cmd.ship, None)
        if cmd.ship in c.cards and c.cards[cmd.ship].nation != cmd.nation:
            _problem(out, CAREER_FILE, f"commands[{i}].nation", f"{cmd.ship!r} is a {c.cards[cmd.ship].nation} "
                                                                 f"ship, not {cmd.nation}")
        steps = next((len(x.ranks) for x in c.career.ladders if x.nation == cmd.nation), None)
        if steps is not None and cmd.rank >= steps:
            _problem(out, CAREER_FILE, f"commands[{i}].rank", f"rank {cmd.rank}: the {cmd.nation} ladder has ranks "
                                                              f"0 to {steps - 1}")
    nations = [x.nation for x in c.career.ladders]
    for i, n in enumerate(nations):
        if n in nations[:i]:
            _problem(out, CAREER_FILE, f"ladders[{i}].nation", f"{n} has a ladder already")


def _check_history(c: Campaign, out: dict[str, list[tuple[str, str]]]) -> None:
    start, end = c.campaign.calendar.start, c.campaign.calendar.end
    area_ids = [a.id for a in c.areas.areas]
    for i, e in enumerate(c.history.events):
        if not start <= e.date[:7] <= end:
            _problem(out, "history.json", f"events[{i}].date", f"{e.date} is outside the calendar {start}..{end}")
    for i, e in enumerate(c.history.events):
        for j, ship in enumerate(e.about):
            _check_card(c, out, "history.json", f"events[{i}].about[{j}]", ship, None)
    for i, b in enumerate(c.history.scripted):
        where = f"scripted[{i}]"
        if not start <= b.date[:7] <= end:
            _problem(out, "history.json", f"{where}.date", f"{b.date} is outside the calendar {start}..{end}")
        if b.area not in area_ids:
            _problem(out, "history.json", f"{where}.area", f"no area {b.area!r}; areas: {area_ids}")
        for j, ship in enumerate(b.ships):
            _check_card(c, out, "history.json", f"{where}.ships[{j}]", ship, b.crew_quality)


def _check_choices(c: Campaign, out: dict[str, list[tuple[str, str]]], where: str, m: Mission) -> None:
    """A mission's choices have distinct ids, a follow-up's choice is one its mission offers, a cutting-out's
    ship is a card the campaign knows."""
    assert c.missions is not None
    seen = [ch.id for ch in m.choices]
    for j, ch in enumerate(m.choices):
        if ch.id in seen[:j]:
            _problem(out, MISSIONS_FILE, f"{where}.choices[{j}].id", f"id {ch.id!r} is used twice")
    if m.after is not None and m.after.choice is not None:
        before = next((x for x in c.missions.missions if x.id == m.after.mission), None)
        if before is not None and m.after.choice not in [ch.id for ch in before.choices]:
            _problem(out, MISSIONS_FILE, f"{where}.after.choice",
                     f"mission {before.id!r} offers no choice {m.after.choice!r}; its choices: "
                     f"{[ch.id for ch in before.choices]}")
    if m.goal.ship is not None and m.goal.ship not in c.cards:
        _problem(out, MISSIONS_FILE, f"{where}.goal.ship", f"no ship card {m.goal.ship!r}")


def _check_missions(c: Campaign, out: dict[str, list[tuple[str, str]]]) -> None:
    """Every reference of missions.json names something that exists: areas, ports, sailings, missions."""
    if c.missions is None:
        return
    areas, ports = {a.id for a in c.areas.areas}, {p.id for p in c.areas.ports}
    sailings = {x.id for x in c.sailings.sailings}
    ids = [m.id for m in c.missions.missions]
    for i, m in enumerate(c.missions.missions):
        where = f"missions[{i}]"
        if m.id in ids[:i]:
            _problem(out, MISSIONS_FILE, f"{where}.id", f"id {m.id!r} is used twice")
        for name, value, known in (("area", m.goal.area, areas), ("port", m.goal.port, ports),
                                   ("sailing", m.goal.sailing, sailings)):
            if value is not None and value not in known:
                _problem(out, MISSIONS_FILE, f"{where}.goal.{name}", f"no {name} {value!r}; {name}s: {sorted(known)}")
        if m.after is not None and m.after.mission not in ids:
            _problem(out, MISSIONS_FILE, f"{where}.after.mission", f"no mission {m.after.mission!r}")
        _check_choices(c, out, where, m)
        if not any(p.nation == m.nation for p in c.areas.ports):
            _problem(out, MISSIONS_FILE, f"{where}.nation", f"no {m.nation} port to offer it in")
        if m.end < m.start:
            _problem(out, MISSIONS_FILE, f"{where}.end", f"{m.end} is before start {m.start}")


def _check_port(c: Campaign, out: dict[str, list[tuple[str, str]]]) -> None:
    """port.json: refit ids once each, a draft a nation, officers' names from names.json."""
    if c.works is None:
        return
    ids = [r.id for r in c.works.refits]
    for i, x in enumerate(ids):
        if x in ids[:i]:
            _problem(out, PORT_FILE, f"refits[{i}].id", f"id {x!r} is used twice")
    nations = [d.nation for d in c.works.drafts]
    for i, n in enumerate(nations):
        if n in nations[:i]:
            _problem(out, PORT_FILE, f"drafts[{i}].nation", f"{n} has a draft already")
    if c.names is None and not c.works.officers.names:
        _problem(out, PORT_FILE, "officers.names", f"officers are named from these names or the captains of "
                                                   f"{NAMES_FILE}, which this campaign lacks")
