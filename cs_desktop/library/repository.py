"""Queries and row changes on one open session. No transactions here: the caller (`store.Library`) owns
the session and its transaction, so several of these make one all-or-nothing operation."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import delete, func, or_
from sqlmodel import Session, col, select

from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.formats.files import dump_scenario, dump_ship, parse_scenario, parse_ship
from cs_desktop.library.db import utcnow
from cs_desktop.library.models import (
    CampaignRow,
    SavedGameRow,
    ScenarioRow,
    ScenarioShipLink,
    ShippedFileRow,
    ShipRow,
)
from cs_desktop.rules.cards import Scenario, ShipCard

# ---------------------------------------------------------------------------------------------- summaries


@dataclass(frozen=True)
class ShipEntry:
    """A ship as the library lists it (the card itself: `Library.get_ship`)."""

    id: str
    name: str
    nation: str
    rating: str
    guns: int
    hull_type: str
    origin: str
    modified: bool  # a shipped ship the user has changed
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class ScenarioEntry:
    id: str
    title: str
    date: str
    engagement: str
    ship_count: int
    ship_ids: tuple[str, ...]
    origin: str
    modified: bool
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class SavedGameEntry:
    id: int
    name: str
    scenario_id: str | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class CampaignEntry:
    id: int
    name: str
    created_at: datetime
    updated_at: datetime


# ---------------------------------------------------------------------------------------------- helpers


def content_hash(text: str) -> str:
    """The hash the library keeps of a card: sha256 of its canonical JSON (files.dump_*)."""
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


_RATED_GUNS = re.compile(r"(\d{1,3})\s*-?\s*guns?\b", re.IGNORECASE)


def rated_guns(card: ShipCard) -> int:
    """The number of guns a ship is rated for ("44-gun frigate" -> 44); else the guns of its armament."""
    m = _RATED_GUNS.search(card.rating)
    if m:
        return int(m.group(1))
    return sum(g.count for g in card.armament)


def _like(text: str) -> str:
    return "%" + text.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _ship_search_text(card: ShipCard) -> str:
    return " ".join([card.id, card.name, card.rating, card.notes]).lower()


def _scenario_search_text(s: Scenario, names: dict[str, str]) -> str:
    parts = [s.id, s.title, s.location, s.description]
    for side in s.sides:
        parts.append(side.name)
        parts.extend(names.get(ss.ship_id, ss.ship_id) for ss in side.ships)
    return " ".join(parts).lower()


def ship_ids_of(s: Scenario) -> list[str]:
    return list(dict.fromkeys(ss.ship_id for side in s.sides for ss in side.ships))


def ship_entry(row: ShipRow) -> ShipEntry:
    return ShipEntry(row.id, row.name, row.nation, row.rating, row.guns, row.hull_type, row.origin,
                     _modified(row), row.created_at, row.updated_at)


def _modified(row: ShipRow | ScenarioRow) -> bool:
    return row.shipped_hash is not None and content_hash(row.card_json) != row.shipped_hash


def scenario_entry(row: ScenarioRow, ship_ids: Sequence[str]) -> ScenarioEntry:
    return ScenarioEntry(row.id, row.title, row.date, row.engagement, row.ship_count, tuple(ship_ids),
                         row.origin, _modified(row), row.created_at, row.updated_at)


# ---------------------------------------------------------------------------------------------- ships


def ship_row(session: Session, ship_id: str) -> ShipRow | None:
    return session.get(ShipRow, ship_id)


def card_of(row: ShipRow) -> ShipCard:
    return parse_ship(row.card_json, f"library ship {row.id!r}")


def find_ships(session: Session, *, text: str = "", nation: str | Iterable[str] | None = None,
               rating: str = "", guns_min: int | None = None, guns_max: int | None = None,
               hull_type: str | Iterable[str] | None = None, origin: str | None = None) -> list[ShipEntry]:
    q = select(ShipRow)
    if text.strip():
        for word in text.split():
            q = q.where(col(ShipRow.search_text).like(_like(word), escape="\\"))
    if nation:
        q = q.where(col(ShipRow.nation).in_([nation] if isinstance(nation, str) else list(nation)))
    if rating.strip():
        q = q.where(func.lower(ShipRow.rating).like(_like(rating.strip()), escape="\\"))
    if guns_min is not None:
        q = q.where(col(ShipRow.guns) >= guns_min)
    if guns_max is not None:
        q = q.where(col(ShipRow.guns) <= guns_max)
    if hull_type:
        q = q.where(col(ShipRow.hull_type).in_([hull_type] if isinstance(hull_type, str) else list(hull_type)))
    if origin:
        q = q.where(col(ShipRow.origin) == origin)
    q = q.order_by(func.lower(ShipRow.name), col(ShipRow.id))
    return [ship_entry(r) for r in session.exec(q)]


def put_ship(session: Session, card: ShipCard, *, origin: str | None = None,
             shipped_hash: str | None = None, shipped_version: str | None = None) -> tuple[ShipRow, bool]:
    """Insert or update the row of `card` (validated again through files.parse_ship). Returns the row and
    whether anything changed. Without `origin`, a new row is 'user' and an edited shipped row becomes 'user'
    (or 'shipped' again when its content is back to the shipped card)."""
    text = dump_ship(card)
    card = parse_ship(text, f"ship {card.id!r}")  # the checks beyond the model (3.10.1 tracks ...)
    row = session.get(ShipRow, card.id)
    now = utcnow()
    if row is None:
        row = ShipRow(id=card.id, name=card.name, nation=card.nation, hull_type=card.hull_type,
                      card_json=text, created_at=now, updated_at=now)
    elif row.card_json == text and origin is None and shipped_hash is None:
        return row, False
    row.name, row.nation, row.rating, row.hull_type = card.name, card.nation, card.rating, card.hull_type
    row.guns = rated_guns(card)
    row.card_json = text
    row.search_text = _ship_search_text(card)
    _stamp(session, row, text, shipped_hash, shipped_version, origin, now)
    return row, True


def scenarios_using(session: Session, ship_id: str) -> list[str]:
    q = select(ScenarioShipLink.scenario_id).where(col(ScenarioShipLink.ship_id) == ship_id)
    return sorted(session.exec(q))


def delete_ship(session: Session, ship_id: str) -> bool:
    row = session.get(ShipRow, ship_id)
    if row is None:
        return False
    session.delete(row)
    session.flush()
    return True


def unique_id(session: Session, model: type[ShipRow] | type[ScenarioRow], base: str) -> str:
    """A free id like `base-copy`, `base-copy-2`, ... (at most 64 characters, a valid slug)."""
    stem = re.sub(r"-copy(-\d+)?$", "", base)
    for n in range(1, 10_000):
        suffix = "-copy" if n == 1 else f"-copy-{n}"
        candidate = stem[:64 - len(suffix)].rstrip("-") + suffix
        if session.get(model, candidate) is None:
            return candidate
    raise RuntimeError("no free id")  # pragma: no cover


def copy_name(name: str, limit: int = 80) -> str:
    suffix = " (copy)"
    return name if name.endswith(suffix) else name[:limit - len(suffix)] + suffix


# ---------------------------------------------------------------------------------------------- scenarios


def scenario_of(row: ScenarioRow) -> Scenario:
    return parse_scenario(row.card_json, f"library scenario {row.id!r}")


def scenario_ship_ids(session: Session, scenario_id: str) -> list[str]:
    q = select(ScenarioShipLink.ship_id).where(col(ScenarioShipLink.scenario_id) == scenario_id)
    return sorted(session.exec(q))


def find_scenarios(session: Session, *, text: str = "", date_from: str | date | None = None,
                   date_to: str | date | None = None, ship_count_min: int | None = None,
                   ship_count_max: int | None = None, engagement: str | None = None,
                   ship_id: str | None = None, origin: str | None = None) -> list[ScenarioEntry]:
    q = select(ScenarioRow)
    if text.strip():
        for word in text.split():
            q = q.where(col(ScenarioRow.search_text).like(_like(word), escape="\\"))
    if date_from is not None:
        q = q.where(col(ScenarioRow.date) >= str(date_from))
    if date_to is not None:
        q = q.where(col(ScenarioRow.date) <= str(date_to))
    if ship_count_min is not None:
        q = q.where(col(ScenarioRow.ship_count) >= ship_count_min)
    if ship_count_max is not None:
        q = q.where(col(ScenarioRow.ship_count) <= ship_count_max)
    if engagement:
        q = q.where(col(ScenarioRow.engagement) == engagement)
    if ship_id:
        used = select(ScenarioShipLink.scenario_id).where(col(ScenarioShipLink.ship_id) == ship_id)
        q = q.where(col(ScenarioRow.id).in_(used))
    if origin:
        q = q.where(col(ScenarioRow.origin) == origin)
    q = q.order_by(col(ScenarioRow.date), func.lower(ScenarioRow.title), col(ScenarioRow.id))
    rows = list(session.exec(q))
    links: dict[str, list[str]] = {}
    if rows:
        lq = select(ScenarioShipLink).where(col(ScenarioShipLink.scenario_id).in_([r.id for r in rows]))
        for link in session.exec(lq):
            links.setdefault(link.scenario_id, []).append(link.ship_id)
    return [scenario_entry(r, sorted(links.get(r.id, []))) for r in rows]


def split_inline_ships(s: Scenario) -> tuple[Scenario, list[tuple[str, ShipCard]]]:
    """The scenario with every inline ship card replaced by its id, and the cards with their field paths.
    Two different inline cards with one id are refused."""
    data = s.model_dump(mode="json")
    cards: list[tuple[str, ShipCard]] = []
    seen: dict[str, ShipCard] = {}
    problems: list[tuple[str, str]] = []
    for i, side in enumerate(s.sides):
        for j, ss in enumerate(side.ships):
            if isinstance(ss.ship, ShipCard):
                where = f"sides[{i}].ships[{j}].ship"
                if ss.ship.id in seen and seen[ss.ship.id] != ss.ship:
                    problems.append((where, f"two different cards use the ship id {ss.ship.id!r}"))
                    continue
                if ss.ship.id not in seen:
                    seen[ss.ship.id] = ss.ship
                    cards.append((where, ss.ship))
                data["sides"][i]["ships"][j]["ship"] = ss.ship.id
    if problems:
        raise FileFormatError(f"scenario {s.id!r}", problems)
    return Scenario.model_validate(data), cards


def rename_ship_refs(s: Scenario, renames: dict[str, str]) -> Scenario:
    """`s` with ship ids (plain references) renamed by `renames`."""
    if not renames:
        return s
    data = s.model_dump(mode="json")
    for side in data["sides"]:
        for ss in side["ships"]:
            if isinstance(ss["ship"], str) and ss["ship"] in renames:
                ss["ship"] = renames[ss["ship"]]
    return Scenario.model_validate(data)


def check_scenario_ships(session: Session, s: Scenario, source: str) -> dict[str, ShipCard]:
    """Every ship id of `s` (ids only, no inline cards) must be in the library and allow the stipulated
    crew quality; returns id -> card. Raises FileFormatError naming the field otherwise."""
    problems: list[tuple[str, str]] = []
    cards: dict[str, ShipCard] = {}
    for i, side in enumerate(s.sides):
        for j, ss in enumerate(side.ships):
            where = f"sides[{i}].ships[{j}]"
            sid = ss.ship_id
            if sid not in cards:
                row = session.get(ShipRow, sid)
                if row is None:
                    problems.append((f"{where}.ship", f"no ship {sid!r} in the library; import its ship file "
                                                      f"first, or put the whole card in the scenario"))
                    continue
                cards[sid] = card_of(row)
            card = cards[sid]
            if ss.crew_quality is not None and ss.crew_quality not in card.crew_quality_options:
                problems.append((f"{where}.crew_quality", f"{ss.crew_quality!r} is not one of {card.name}'s "
                                                          f"crew qualities {card.crew_quality_options}"))
    if problems:
        raise FileFormatError(source, problems)
    return cards


def put_scenario(session: Session, s: Scenario, *, origin: str | None = None,
                 shipped_hash: str | None = None, shipped_version: str | None = None,
                 source: str | None = None) -> tuple[ScenarioRow, bool]:
    """Insert or update a scenario whose ships are all ids already in the library (see
    split_inline_ships). Validated through files.parse_scenario; the ship links are rewritten."""
    src = source or f"scenario {s.id!r}"
    if any(isinstance(ss.ship, ShipCard) for side in s.sides for ss in side.ships):
        raise ValueError("put_scenario takes ship ids only; split the inline cards first")
    text = dump_scenario(s)
    s = parse_scenario(text, src)
    cards = check_scenario_ships(session, s, src)
    row = session.get(ScenarioRow, s.id)
    now = utcnow()
    if row is None:
        row = ScenarioRow(id=s.id, title=s.title, date=s.date, engagement=s.engagement, ship_count=0,
                          card_json=text, created_at=now, updated_at=now)
    elif row.card_json == text and origin is None and shipped_hash is None:
        return row, False
    row.title, row.date, row.engagement = s.title, s.date, s.engagement
    row.ship_count = sum(len(side.ships) for side in s.sides)
    row.card_json = text
    row.search_text = _scenario_search_text(s, {k: c.name for k, c in cards.items()})
    _stamp(session, row, text, shipped_hash, shipped_version, origin, now)
    session.execute(delete(ScenarioShipLink).where(col(ScenarioShipLink.scenario_id) == s.id))
    for sid in ship_ids_of(s):
        session.add(ScenarioShipLink(scenario_id=s.id, ship_id=sid))
    session.flush()
    return row, True


def delete_scenario(session: Session, scenario_id: str) -> bool:
    row = session.get(ScenarioRow, scenario_id)
    if row is None:
        return False
    session.execute(delete(ScenarioShipLink).where(col(ScenarioShipLink.scenario_id) == scenario_id))
    session.delete(row)
    session.flush()
    return True


# ---------------------------------------------------------------------------------------------- shipped record


def shipped_record(session: Session, kind: str, item_id: str) -> ShippedFileRow | None:
    return session.get(ShippedFileRow, (kind, item_id))


def record_shipped(session: Session, kind: str, item_id: str, digest: str, version: str) -> None:
    rec = session.get(ShippedFileRow, (kind, item_id))
    if rec is None:
        rec = ShippedFileRow(kind=kind, item_id=item_id, shipped_hash=digest, shipped_version=version,
                             imported_at=utcnow())
    else:
        rec.shipped_hash, rec.shipped_version, rec.imported_at = digest, version, utcnow()
    session.add(rec)
    session.flush()


# ---------------------------------------------------------------------------------------------- games, campaigns


def to_json(value: Any, what: str) -> str:
    """Compact JSON of plain data; refuses NaN/Infinity and anything that is not JSON (no pickle)."""
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError) as e:
        raise ValueError(f"{what} is not plain JSON data: {e}") from None


def game_entry(row: SavedGameRow) -> SavedGameEntry:
    assert row.id is not None
    return SavedGameEntry(row.id, row.name, row.scenario_id, row.created_at, row.updated_at)


def campaign_entry(row: CampaignRow) -> CampaignEntry:
    assert row.id is not None
    return CampaignEntry(row.id, row.name, row.created_at, row.updated_at)


def list_games(session: Session, text: str = "", scenario_id: str | None = None) -> list[SavedGameEntry]:
    q = select(SavedGameRow)
    if text.strip():
        q = q.where(or_(func.lower(SavedGameRow.name).like(_like(text.strip()), escape="\\"),
                        func.lower(SavedGameRow.scenario_id).like(_like(text.strip()), escape="\\")))
    if scenario_id:
        q = q.where(col(SavedGameRow.scenario_id) == scenario_id)
    q = q.order_by(col(SavedGameRow.updated_at).desc(), col(SavedGameRow.id).desc())
    return [game_entry(r) for r in session.exec(q)]


def list_campaigns(session: Session) -> list[CampaignEntry]:
    q = select(CampaignRow).order_by(col(CampaignRow.updated_at).desc(), col(CampaignRow.id).desc())
    return [campaign_entry(r) for r in session.exec(q)]


def _stamp(session: Any, row: Any, text: str, shipped_hash: str | None, shipped_version: str | None,
           origin: str | None, now: Any) -> None:
    """The bookkeeping shared by ship and scenario rows: shipped hash and version, origin (a row whose card
    still equals the shipped one is 'shipped', else 'user'), update time; then write it."""
    if shipped_hash is not None:
        row.shipped_hash, row.shipped_version = shipped_hash, shipped_version
    row.origin = origin if origin is not None else (
        "shipped" if row.shipped_hash == content_hash(text) else "user")
    row.updated_at = now
    session.add(row)
    session.flush()
