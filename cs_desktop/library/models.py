"""The library's tables as SQLModel classes (schema version `migrations.LATEST`).

The tables are *created* by the hand-written steps in `migrations.py`, never by `create_all`; a test checks
that the two agree. Cards are kept as their canonical JSON text (`files.dump_ship` / `dump_scenario`); the
other columns are copies of card fields for listing, searching and filtering.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from sqlmodel import Field, SQLModel

Origin = Literal["shipped", "user"]
ORIGINS: tuple[str, ...] = ("shipped", "user")
Kind = Literal["ship", "scenario"]


class ShipRow(SQLModel, table=True):
    """A ship card. `id` is the card's id, the name scenarios use to refer to it."""

    __tablename__ = "ships"

    id: str = Field(primary_key=True)
    name: str
    nation: str
    rating: str = ""
    guns: int = 0  # the rated number of guns ("44-gun frigate"), else the guns of the armament
    hull_type: str
    card_json: str
    search_text: str = ""  # lower-case id, name, rating, notes: what the text search looks in
    origin: str = "user"  # 'shipped': as imported from scenarios/; 'user': made or edited by the user
    shipped_hash: str | None = None  # hash of the shipped card this row was imported from (if any)
    shipped_version: str | None = None  # program version that imported it
    created_at: datetime
    updated_at: datetime


class ScenarioRow(SQLModel, table=True):
    """A scenario card. Ships are referred to by id (`scenario_ships`); inline cards are stored as ships."""

    __tablename__ = "scenarios"

    id: str = Field(primary_key=True)
    title: str
    date: str  # ISO YYYY-MM-DD: sorts and compares as text
    engagement: str  # 'meeting' | 'chase'
    ship_count: int
    card_json: str
    search_text: str = ""  # lower-case id, title, location, description, side and ship names
    origin: str = "user"
    shipped_hash: str | None = None
    shipped_version: str | None = None
    created_at: datetime
    updated_at: datetime


class ScenarioShipLink(SQLModel, table=True):
    """Which ships a scenario uses: a ship in use cannot be deleted (foreign key, ON DELETE RESTRICT)."""

    __tablename__ = "scenario_ships"

    scenario_id: str = Field(primary_key=True, foreign_key="scenarios.id", ondelete="CASCADE")
    ship_id: str = Field(primary_key=True, foreign_key="ships.id", ondelete="RESTRICT")


class SavedGameRow(SQLModel, table=True):
    """A saved game: the JSON of `Game.save_data()` (scenario, cards, seed, options, decisions)."""

    __tablename__ = "saved_games"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    scenario_id: str | None = None  # not a foreign key: the save holds its own copy of the scenario
    data_json: str
    created_at: datetime
    updated_at: datetime


class CampaignRow(SQLModel, table=True):
    """A campaign's state as JSON (campaign play comes in a later issue)."""

    __tablename__ = "campaigns"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    state_json: str
    created_at: datetime
    updated_at: datetime


class ShippedFileRow(SQLModel, table=True):
    """The last shipped version of each shipped ship and scenario the importer has seen (schema 2).

    The importer compares a shipped file's hash with this record: the same hash means "already imported"
    (whatever the user did with it since, even deleting it), a new hash means a new shipped version."""

    __tablename__ = "shipped_files"

    kind: str = Field(primary_key=True)  # 'ship' | 'scenario'
    item_id: str = Field(primary_key=True)
    shipped_hash: str
    shipped_version: str
    imported_at: datetime


TABLES = (ShipRow, ScenarioRow, ScenarioShipLink, SavedGameRow, CampaignRow, ShippedFileRow)
