"""Headless campaigns: computer captains on every side, the campaign file written atomically.

`play(engine, captains, months)` answers every request -- orders, sightings, prizes, promotion by the simple
campaign policy, battles by playing the generated scenario with the named computer captains
(`simulate.play_game`) and submitting its decisions -- until the career ends or `months` months have passed.
The same campaign, seed and captains give the same story, byte for byte.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import cs_desktop
from cs_desktop.campaign.engine import CampaignEngine, new_state
from cs_desktop.campaign.folder import Campaign, load_campaign
from cs_desktop.campaign.state import CampaignState
from cs_desktop.files import atomic_write_text, remove_stale_temp_files
from cs_desktop.jsonread import FileFormatError, check_header, field_path, read_json
from cs_desktop.rules.cards import Scenario, ShipCard
from pydantic import TypeAdapter, ValidationError

SAVE_FORMAT = "captains-sea/campaign-save"
MAX_SAVE_BYTES = 50_000_000
#: the journal lines a new career opens with, before the first orders
OPENING_KINDS = ("start", "history")
#: the requests that open a month (in command, on half-pay); months in captivity pass without one
MONTHLY = ("orders", "half_pay")
#: the save's version: 2 added the career after defeat (status, captor, release, defeat, half-pay, courts);
#: a version 1 save loads with their defaults
SAVE_VERSION = 2


def _months_between(a: str, b: str) -> int:
    ya, ma = (int(x) for x in a.split("-"))
    yb, mb = (int(x) for x in b.split("-"))
    return (yb - ya) * 12 + mb - ma


def campaign_ref(c: Campaign) -> str:
    """How a save names its campaign: a shipped one by id, any other by its folder."""
    shipped = cs_desktop.SCENARIOS / "campaigns" / c.id
    return c.id if shipped.resolve() == c.folder.resolve() else str(c.folder.resolve())


def start(c: Campaign, seed: int, nation: str | None = None, year: int | None = None) -> CampaignEngine:
    return CampaignEngine(c, new_state(c, seed, nation, year))


def play(engine: CampaignEngine, captains: tuple[str, str] = ("simple", "simple"),
         months: int | None = None) -> list[dict[str, Any]]:
    """Answer requests until the end or `months` months have passed; the journal lines written meanwhile."""
    from cs_desktop.campaign import policy
    from cs_desktop.simulate import play_game

    s = engine.state
    # a career no month of which has been played yet: its opening lines (written by `new`) are the story's start
    first = 0 if all(e["kind"] in OPENING_KINDS for e in s.journal) else len(s.journal)
    start_date = s.date
    passed = 0
    while (req := engine.pending) is not None:
        monthly = req.kind in MONTHLY
        if monthly and s.date != start_date:
            passed += max(1, _months_between(start_date, s.date))
            start_date = s.date
        if months is not None and monthly and passed >= months:
            break
        if req.kind == "battle":
            b = req.info
            scenario = Scenario.model_validate(b["scenario"])
            cards = {k: ShipCard.model_validate(v) for k, v in b["ships"].items()}
            game = play_game(scenario, cards, b["seed"], captains, b["options"])
            answer: Any = {"decisions": game.decisions}
        else:
            answer = policy.choose(engine, req)
        result = engine.submit(answer)
        if not result:
            raise RuntimeError(f"the campaign refused the computer's answer to {req.kind}: {result}")
    return s.journal[first:]


def document(engine: CampaignEngine) -> dict[str, Any]:
    """The campaign save as plain data: the format, the campaign's id or folder, the state."""
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "campaign": campaign_ref(engine.c), "state": engine.state.to_dict()}


def save_text(engine: CampaignEngine) -> str:
    return json.dumps(document(engine), indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def save(engine: CampaignEngine, path: str | os.PathLike[str]) -> None:
    atomic_write_text(path, save_text(engine))


def load(path: str | os.PathLike[str]) -> CampaignEngine:
    """A campaign file back as an engine; FileFormatError naming the file and field on any problem. Leftover
    temporary files of killed saves of it are removed first (`files.remove_stale_temp_files`)."""
    remove_stale_temp_files(path)
    _, data = read_json(path, MAX_SAVE_BYTES)
    return from_document(data, path)


def from_document(data: Any, where: str | os.PathLike[str]) -> CampaignEngine:
    """A campaign save's data (a file's, or a library row's) back as an engine; FileFormatError naming `where`
    (the file, or the library's campaign) and the field on any problem."""
    from cs_desktop.campaign.folder import find_campaign

    check_header(data, where, SAVE_FORMAT, (1, SAVE_VERSION))
    for key, kind in (("campaign", str), ("state", dict)):
        if not isinstance(data.get(key), kind):
            raise FileFormatError(where, [(key, f"missing or not {'text' if kind is str else 'an object'}")])
    c = load_campaign(find_campaign(data["campaign"]))
    try:  # every field of the state, by type, before anything runs on it
        TypeAdapter(CampaignState).validate_json(json.dumps(data["state"]), strict=True)
    except ValidationError as e:
        raise FileFormatError(where, [(field_path(("state", *err["loc"])), err["msg"])
                                      for err in e.errors()[:20]]) from None
    problems = range_problems(data["state"], c)
    if problems:
        raise FileFormatError(where, problems[:20])
    try:
        state = CampaignState.from_dict(data["state"])
        engine = CampaignEngine(c, state)
        _ = engine.pending
    except (TypeError, KeyError, ValueError, IndexError, StopIteration, AssertionError) as e:
        raise FileFormatError(where, [("state", f"not a campaign state this program can continue: {e}")]) from None
    if state.campaign != c.id:
        raise FileFormatError(where, [("state.campaign", f"{state.campaign!r} is not the campaign {c.id!r}")])
    return engine


#: the largest sum of money, stores, shot or prisoners a save may hold (a career's figures are far below it)
MAX_QUANTITY = 10**9


def _outside(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not low <= value <= high


def range_problems(state: dict[str, Any], c: Campaign) -> list[tuple[str, str]]:
    """Every number of a campaign state (its types already checked) within what a career can reach (issue 31,
    item 6: a gunnery section of -10**9 loaded and printed): the calendar, the money and reputation, and each
    ship's tracks between 0 and her card's top box. (field path, problem) for each one outside."""
    out: list[tuple[str, str]] = []
    for key, low, high in (("month", 1, 12), ("year", 1600, 1900), ("seed", 0, 2**63 - 1),
                           ("dice_counter", 0, 2**63 - 1), ("money", -MAX_QUANTITY, MAX_QUANTITY),
                           ("reputation", -MAX_QUANTITY, MAX_QUANTITY), ("months_at_sea", 0, 12 * 300)):
        if _outside(state.get(key), low, high):
            out.append((f"state.{key}", f"{state[key]} is outside {low} to {high}"))
    for i, ship in enumerate(state.get("ships", [])):
        out += [(f"state.ships[{i}].{k}", p) for k, p in _ship_range_problems(ship, c)]
    return out


def _ship_range_problems(ship: dict[str, Any], c: Campaign) -> list[tuple[str, str]]:
    card = c.cards.get(ship.get("card", ""))
    if card is None:  # the engine says so when it needs her card; here only what no card allows
        return [(k, f"{ship[k]} is below 0") for k in ("crew", "rigging", "experience", "stores", "shot",
                                                        "prisoners") if _outside(ship.get(k), 0, 2**63 - 1)]
    tops = {"crew": card.crew_points, "rigging": card.rigging_points, "morale": 3, "experience": 1000,
            "stores": MAX_QUANTITY, "shot": MAX_QUANTITY, "prisoners": MAX_QUANTITY}
    out = [(k, f"{ship[k]} is outside 0 to {top}") for k, top in tops.items() if _outside(ship.get(k), 0, top)]
    gunnery = ship.get("gunnery", {})
    if set(gunnery) != set(card.gunnery):
        out.append(("gunnery", f"sections {sorted(gunnery)}; expected {sorted(card.gunnery)}"))
    out += [(f"gunnery.{s}", f"{v} is outside 0 to {len(card.gunnery[s])}") for s, v in gunnery.items()
            if s in card.gunnery and _outside(v, 0, len(card.gunnery[s]))]
    return out


def new(campaign: str | os.PathLike[str], seed: int, nation: str | None = None,
        year: int | None = None) -> CampaignEngine:
    """A new career; an open career needs `nation` and `year` (ValueError saying what to choose)."""
    from cs_desktop.campaign.folder import find_campaign

    return start(load_campaign(find_campaign(campaign)), seed, nation, year)


def story(lines: list[dict[str, Any]]) -> str:
    """The journal as text, a line an entry."""
    return "\n".join(f"{e['date']}  {e['text']}" for e in lines)


def status(engine: CampaignEngine) -> dict[str, Any]:
    s = engine.state
    req = engine.pending
    return {"campaign": s.campaign, "date": s.date, "captain": s.captain, "port": s.port, "area": s.area,
            "money": s.money, "reputation": s.reputation, "stats": dict(s.stats), "ended": s.ended,
            "end_reason": s.end_reason, "score": s.score,
            "ships": [{"id": x.id, "name": x.name, "role": x.role, "quality": x.quality, "crew": x.crew,
                       "rigging": x.rigging, "gunnery": dict(x.gunnery), "morale": x.morale, "stores": x.stores,
                       "shot": x.shot, "prisoners": x.prisoners} for x in s.ships],
            "pending": req.kind if req else None}


def path_exists(path: str | os.PathLike[str]) -> bool:
    return Path(path).exists()
