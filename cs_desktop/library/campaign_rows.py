"""Campaigns in the library: one row per career, its save document as JSON (docs/library.md, *Campaigns*).

Every write is one transaction that checks itself before it commits: the row is written, read back from the
database inside the same transaction and compared with what was meant to be stored; anything else rolls the
whole write back, so the row keeps its last good state (a crash mid-write leaves the previous one, SQLite's
journal sees to that). A row whose stored text cannot be read -- cut short, not JSON, not an object -- is
reported with `CampaignRowError`, naming the campaign and what is wrong; listing never fails on it (the entry
carries the problem instead), and every other campaign still loads.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, text
from sqlmodel import Session, col, select

from cs_desktop.library.db import LibraryError, NotFoundError, transaction, utcnow
from cs_desktop.library.models import CampaignRow
from cs_desktop.library.repository import CampaignEntry, campaign_entry, list_campaigns, to_json


class CampaignRowError(LibraryError):
    """A campaign row that cannot be read back; the message names the campaign and the problem."""

    def __init__(self, campaign_id: int, name: str, problem: str) -> None:
        self.campaign_id, self.name, self.problem = campaign_id, name, problem
        super().__init__(f"campaign {campaign_id} ({name!r}) in the library: {problem}")


@dataclass(frozen=True)
class CampaignListing:
    """A campaign as the Continue list shows it: `summary` says where the career stands (date, captain, ship),
    `problem` is non-empty for a row that cannot be read (the list still shows it)."""

    id: int
    name: str
    created_at: datetime
    updated_at: datetime
    summary: str = ""
    problem: str = ""


def parse(row: CampaignRow) -> dict[str, Any]:
    """The stored document of `row`, or CampaignRowError saying what is wrong with it."""
    assert row.id is not None
    try:
        data = json.loads(row.state_json)
    except json.JSONDecodeError as e:
        raise CampaignRowError(row.id, row.name, f"the stored state is not readable JSON ({e.msg} at line "
                                                 f"{e.lineno}, column {e.colno} of {len(row.state_json)} "
                                                 f"characters): it was cut short or overwritten") from None
    if not isinstance(data, dict):
        raise CampaignRowError(row.id, row.name, f"the stored state is a JSON {type(data).__name__}, not an object")
    return data


def summary(data: dict[str, Any]) -> str:
    state = data.get("state")
    if not isinstance(state, dict):
        return str(data.get("campaign", ""))
    ships = [s.get("name") for s in state.get("ships", []) if isinstance(s, dict) and s.get("role") == "flagship"]
    when = f"{state.get('year', '?')}-{int(state.get('month', 0)):02d}" if isinstance(state.get("month"), int) else "?"
    end = f", ended: {state.get('end_reason')}" if state.get("ended") else ""
    return (f"{data.get('campaign', '?')}, {when}, Captain {state.get('captain', '?')}"
            + (f" in {ships[0]}" if ships else "") + end)


def listing(engine: Engine) -> list[CampaignListing]:
    """Every campaign, the most recently played first; a row that cannot be read is listed with its problem."""
    out = []
    with Session(engine) as s:
        q = select(CampaignRow).order_by(col(CampaignRow.updated_at).desc(), col(CampaignRow.id).desc())
        for row in s.exec(q):
            assert row.id is not None
            try:
                said, problem = summary(parse(row)), ""
            except CampaignRowError as e:
                said, problem = "", e.problem
            out.append(CampaignListing(row.id, row.name, row.created_at, row.updated_at, said, problem))
    return out


def save(engine: Engine, document: dict[str, Any], name: str, campaign_id: int | None = None) -> CampaignRow:
    """Write a campaign (a new row if `campaign_id` is None) in one transaction, checked by reading it back
    before the commit; LibraryError (nothing written) if it is not plain JSON or does not read back equal."""
    if not name.strip():
        raise LibraryError("a campaign needs a name")
    stored = to_json(document, "the campaign state")
    now = utcnow()
    with transaction(engine) as s:
        if campaign_id is None:
            row = CampaignRow(name=name.strip(), state_json=stored, created_at=now, updated_at=now)
        else:
            found = s.get(CampaignRow, campaign_id)
            if found is None:
                raise NotFoundError(f"no campaign {campaign_id}")
            row = found
            row.name, row.state_json, row.updated_at = name.strip(), stored, now
        s.add(row)
        s.flush()
        back = s.connection().execute(text("SELECT state_json FROM campaigns WHERE id = :id"),
                                      {"id": row.id}).scalar_one()
        if back != stored or json.loads(back) != json.loads(stored):
            raise LibraryError(f"campaign {row.id} ({name!r}): the state did not read back as written; "
                               "nothing was saved")
        s.expunge(row)
    return row


def load(engine: Engine, campaign_id: int) -> tuple[str, dict[str, Any]]:
    """The campaign's name and stored document; NotFoundError, or CampaignRowError for an unreadable row."""
    with transaction(engine) as s:
        row = s.get(CampaignRow, campaign_id)
        if row is None:
            raise NotFoundError(f"no campaign {campaign_id}")
        return row.name, parse(row)


Notify = Callable[[str, Iterable[str], str], None]


class Campaigns:
    """The campaigns table as `Library.campaigns`: every write checked by reading it back, every change told."""

    def __init__(self, engine: Engine, notify: Notify) -> None:
        self._engine, self._notify = engine, notify

    def entries(self) -> list[CampaignEntry]:
        """Every campaign row as an entry (id, name, times), without reading its document."""
        with transaction(self._engine) as s:
            return list_campaigns(s)

    def listing(self) -> list[CampaignListing]:
        """Every campaign with where it stands; an unreadable row is listed with its problem."""
        return listing(self._engine)

    def save(self, state: dict[str, Any], name: str, *, campaign_id: int | None = None) -> CampaignEntry:
        """Write a campaign in one transaction checked by reading it back before the commit."""
        entry = campaign_entry(save(self._engine, state, name, campaign_id))
        self._notify("campaign", [str(entry.id)], "saved")
        return entry

    def load(self, campaign_id: int) -> dict[str, Any]:
        """The stored document; CampaignRowError (naming the campaign and the problem) for an unreadable row."""
        return load(self._engine, campaign_id)[1]

    def delete(self, campaign_id: int) -> None:
        with transaction(self._engine) as s:
            row = s.get(CampaignRow, campaign_id)
            if row is None:
                raise NotFoundError(f"no campaign {campaign_id}")
            s.delete(row)
        self._notify("campaign", [str(campaign_id)], "deleted")
