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
from typing import Annotated, Any, Literal

import cs_desktop
from cs_desktop.campaign import refits
from cs_desktop.campaign.engine import CampaignEngine, new_state
from cs_desktop.campaign.folder import Campaign, load_campaign
from cs_desktop.campaign.state import CampaignState
from cs_desktop.formats.files import atomic_write_text, remove_stale_temp_files
from cs_desktop.formats.jsonread import FileFormatError, check_header, read_json
from cs_desktop.formats.modelerrors import validate_model
from cs_desktop.rules.cards import Scenario, ShipCard
from pydantic import BaseModel, ConfigDict, Field

SAVE_FORMAT = "captains-sea/campaign-save"
MAX_SAVE_BYTES = 50_000_000
#: the journal lines a new career opens with, before the first orders
OPENING_KINDS = ("start", "history", "officers")  # officers: the first to join (issue 29 item 5)
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
    from cs_desktop.batch.simulate import play_game

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


class CampaignSaveFile(BaseModel):
    """The campaign save (format captains-sea/campaign-save): the campaign's id or folder and its state, every
    field typed and every number within what a career can reach (`campaign/state.py`'s ranges). A library row
    keeps more beside them (the battle in play: `play/campaign_presenter.py`), checked where it is used."""

    model_config = ConfigDict(extra="ignore")

    format: Literal["captains-sea/campaign-save"]
    version: Literal[1, 2]
    campaign: Annotated[str, Field(min_length=1, max_length=4096)]
    state: CampaignState


def from_document(data: Any, where: str | os.PathLike[str]) -> CampaignEngine:
    """A campaign save's data (a file's, or a library row's) back as an engine; FileFormatError naming `where`
    (the file, or the library's campaign) and the field on any problem."""
    from cs_desktop.campaign.folder import find_campaign

    check_header(data, where, SAVE_FORMAT, (1, SAVE_VERSION))
    try:  # every field of the save, by type and range, before anything runs on it
        validate_model(CampaignSaveFile, data, str(where))
    except FileFormatError as e:
        raise FileFormatError(where, e.problems[:20]) from None
    c = load_campaign(find_campaign(data["campaign"]))
    refits.register(c, [str(x.get("card", "")) for x in data["state"].get("ships", [])])  # refitted cards
    problems = card_problems(data["state"], c)
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


def card_problems(state: dict[str, Any], c: Campaign) -> list[tuple[str, str]]:
    """What the save's model cannot know: each ship's tracks within her card's boxes (crew, rigging, the
    gunnery sections). (field path, problem) for each one outside. The state's types and other ranges are
    already checked (`CampaignSaveFile`)."""
    out: list[tuple[str, str]] = []
    for i, ship in enumerate(state.get("ships", [])):
        card = c.cards.get(ship.get("card", ""))
        if card is None:  # the engine says so when it needs her card
            continue
        out += [(f"state.ships[{i}].{k}", f"must be at most {top} (her card's boxes), got {ship[k]}")
                for k, top in (("crew", card.crew_points), ("rigging", card.rigging_points)) if ship[k] > top]
        gunnery = ship["gunnery"]
        if set(gunnery) != set(card.gunnery):
            out.append((f"state.ships[{i}].gunnery", f"sections {sorted(gunnery)}; expected {sorted(card.gunnery)}"))
        out += [(f"state.ships[{i}].gunnery.{s}", f"must be at most {len(card.gunnery[s])} (her card's boxes), "
                                                  f"got {v}")
                for s, v in gunnery.items() if s in card.gunnery and v > len(card.gunnery[s])]
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
