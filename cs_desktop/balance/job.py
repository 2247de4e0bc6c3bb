"""What a balance run plays: pairings (a scenario each), captains, games per pairing, seed, batch size.

A pairing is a whole scenario and its ship cards as plain JSON data, so a job is complete in itself (it is
written to the output folder as job.json, and a worker needs nothing but the data and the package). Pairings
come from scenario files, or from a sweep: every ordered pair of different ships of a folder, each as a
meeting engagement and as a chase, generated as a what-if scenario through the scenario model (the engine
computes its 20.1 terms as for any scenario). The ordered pairs give both seats: X vs Y and Y vs X.

Game i of pairing p is played with the seed `game_seed(seed, p.id, i)`, which depends on nothing else, so a
run gives the same games whatever the number of workers, the batch order or an interruption.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cs_desktop.rules.cards import Scenario, ShipCard

JOB_FORMAT = "captains-sea/balance-job"
#: 2 since issue 31: `turn_limit` null plays each scenario's own printed limit and 0 none (version 1's null was
#: none), so a folder of version 1 is another job and is never continued with the new meaning
JOB_VERSION = 2
#: the printed turn limit of a sweep's what-if scenarios: the shipped duels' designed 40 (R18.0i)
SWEEP_TURN_LIMIT = 40

#: a meeting engagement between two ships with no history: A (west) and B (east) on the centre row, both on a
#: beam reach across a wind blowing toward heading 1, so neither side is to windward (no 20.1 WG bonus)
MEETING: dict[str, tuple[str, int]] = {"first": ("A", 3), "second": ("B", 7)}
#: a chase as the campaign generates it (campaign/battle.py): the hunter in C, the prey in D, both running
#: before a wind blowing toward heading 3
CHASE: dict[str, tuple[str, int]] = {"first": ("C", 3), "second": ("D", 3)}
WIND = {"meeting": 1, "chase": 3}
ENGAGEMENTS = ("meeting", "chase")


class JobError(ValueError):
    """A job that cannot be run as asked (the message says what to change)."""


@dataclass(frozen=True)
class Pairing:
    """One scenario to play many times. `kind` is "scenario", "meeting" or "chase"; `first`/`second` name what
    the heat map's rows and columns show (the first side's ships, the second side's)."""

    id: str
    kind: str
    title: str
    first: str
    second: str
    scenario: dict[str, Any]
    ships: dict[str, dict[str, Any]]

    def models(self) -> tuple[Scenario, dict[str, ShipCard]]:
        return (Scenario.model_validate(self.scenario),
                {k: ShipCard.model_validate(v) for k, v in self.ships.items()})

    def sides(self) -> tuple[str, str]:
        a, b = self.scenario["sides"]
        return str(a["id"]), str(b["id"])

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "title": self.title, "first": self.first, "second": self.second,
                "scenario": self.scenario, "ships": self.ships}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Pairing:
        return Pairing(str(data["id"]), str(data["kind"]), str(data["title"]), str(data["first"]),
                       str(data["second"]), dict(data["scenario"]), {str(k): dict(v) for k, v in data["ships"].items()})


@dataclass(frozen=True)
class Job:
    pairings: tuple[Pairing, ...]
    captains: tuple[str, str]  # the first side's captain, the second side's
    games: int  # per pairing
    seed: int
    turn_limit: int | None  # as the user gave it (cs_desktop/batch/turn_limit.py): None each scenario's own, 0 none
    batch: int = 20  # games per batch (the unit of work, of progress and of resuming)
    swap_seats: bool = False  # odd games give each side the other's captain (20.0's "swap sides")

    def to_dict(self) -> dict[str, Any]:
        out = {"format": JOB_FORMAT, "version": JOB_VERSION, "captains": list(self.captains), "games": self.games,
               "seed": self.seed, "turn_limit": self.turn_limit, "batch": self.batch,
               "pairings": [p.to_dict() for p in self.pairings]}
        if self.swap_seats:
            out["swap_seats"] = True
        return out

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Job:
        if data.get("format") != JOB_FORMAT or data.get("version") != JOB_VERSION:
            raise JobError(f"not a balance job (format {data.get('format')!r}, version {data.get('version')!r})")
        a, b = data["captains"]
        limit = data["turn_limit"]
        return Job(tuple(Pairing.from_dict(p) for p in data["pairings"]), (str(a), str(b)), int(data["games"]),
                   int(data["seed"]), None if limit is None else int(limit), int(data["batch"]),
                   bool(data.get("swap_seats", False)))

    def fingerprint(self) -> str:
        """A digest of everything that decides the games (not the number of workers)."""
        return hashlib.sha256(canonical(self.to_dict()).encode("utf-8")).hexdigest()

    def batches(self) -> list[tuple[int, int, int]]:
        """(pairing index, first game, end game) of every batch, in order."""
        return [(p, start, min(start + self.batch, self.games))
                for p in range(len(self.pairings)) for start in range(0, self.games, self.batch)]

    def total_games(self) -> int:
        return self.games * len(self.pairings)


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def game_seed(seed: int, pairing: str, game: int) -> int:
    """The seed of game `game` of pairing `pairing` (its id) in a run seeded `seed`: a function of these alone."""
    digest = hashlib.sha256(f"{seed}/{pairing}/{game}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def _side_label(scenario: Scenario, index: int) -> str:
    side = scenario.sides[index]
    names = []
    for entry in side.ships:
        names.append(entry.ship.id if isinstance(entry.ship, ShipCard) else entry.ship)
    return "+".join(names)


def scenario_pairing(scenario: Scenario, ships: Mapping[str, ShipCard], pairing_id: str | None = None) -> Pairing:
    """A pairing that plays a scenario as it is. A scenario of more than two sides is refused: the lab weighs one
    side against the other (scores, margins, the bid of R19.0d)."""
    if len(scenario.sides) != 2:
        raise JobError(f"{scenario.id}: {len(scenario.sides)} sides: the balance lab measures two-sided scenarios "
                       "(play it with `captains-sea simulate --captains A,B,C`)")
    return Pairing(pairing_id or scenario.id, "scenario", scenario.title, _side_label(scenario, 0),
                   _side_label(scenario, 1), scenario.model_dump(mode="json"),
                   {k: v.model_dump(mode="json") for k, v in sorted(ships.items())})


def scenario_pairings(items: Iterable[tuple[Scenario, Mapping[str, ShipCard]]]) -> list[Pairing]:
    out: list[Pairing] = []
    seen: dict[str, int] = {}
    for scenario, ships in items:
        n = seen.get(scenario.id, 0)
        seen[scenario.id] = n + 1
        out.append(scenario_pairing(scenario, ships, scenario.id if n == 0 else f"{scenario.id}-{n + 1}"))
    return out


def pairing_scenario(first: ShipCard, second: ShipCard, engagement: str) -> Scenario:
    """The what-if scenario of `first` (side "first": A in a meeting, the hunter in a chase) against `second`."""
    if engagement not in ENGAGEMENTS:
        raise JobError(f"engagement {engagement!r}: expected one of {', '.join(ENGAGEMENTS)}")
    setup = MEETING if engagement == "meeting" else CHASE
    sides = []
    for key, card in (("first", first), ("second", second)):
        start, heading = setup[key]
        sides.append({"id": key, "name": card.name, "nation": card.nation,
                      "ships": [{"ship": card.id, "start": start, "heading": heading}]})
    what = "meeting engagement" if engagement == "meeting" else f"chase ({first.name} hunting)"
    data = {
        "id": f"{engagement}-{first.id}-vs-{second.id}"[:64],
        "title": f"{first.name} vs {second.name} ({engagement}, what if)"[:80],
        "date": "1812-01-01",
        "description": f"Balance lab: {first.name} against {second.name}, a {what} that was never fought. "
                       "Terms by 20.1 as for any scenario; no weather gauge, no historical outcome.",
        "engagement": engagement, "wind": WIND[engagement], "sides": sides, "weather_gauge": None,
        "options": {"turn_limit": SWEEP_TURN_LIMIT},
        "sources": ["generated by the balance lab (docs/balance-lab.md); a what-if, designed set-up"],
    }
    return Scenario.model_validate(data)


def sweep_pairings(cards: Sequence[ShipCard], engagements: Sequence[str] = ENGAGEMENTS) -> list[Pairing]:
    """Every ordered pair of different ships, for each engagement (both seats: X vs Y and Y vs X)."""
    ordered = sorted(cards, key=lambda c: c.id)
    ids = [c.id for c in ordered]
    doubled = sorted({i for i in ids if ids.count(i) > 1})
    if doubled:
        raise JobError(f"two ship cards share the id {doubled[0]!r}; a sweep needs one card per id")
    if len(ordered) < 2:
        raise JobError(f"a sweep needs at least two ships; found {len(ordered)}")
    out = []
    for engagement in engagements:
        for a in ordered:
            for b in ordered:
                if a.id == b.id:
                    continue
                scenario = pairing_scenario(a, b, engagement)
                out.append(Pairing(f"{engagement}:{a.id}:{b.id}", engagement, scenario.title, a.id, b.id,
                                   scenario.model_dump(mode="json"),
                                   {c.id: c.model_dump(mode="json") for c in (a, b)}))
    return out


def ships_in(folder: Path) -> list[ShipCard]:
    """The ship cards of a folder: its *.json ship files, or those of its ships/ subfolder (a scenario folder)."""
    from cs_desktop.formats.files import read_card
    from cs_desktop.formats.jsonread import FileFormatError

    if not folder.is_dir():
        raise JobError(f"{folder}: not a folder of ship cards")
    cards: list[ShipCard] = []
    for path in sorted(folder.glob("*.json")):
        try:
            card = read_card(path)
        except (FileFormatError, OSError) as e:
            raise JobError(f"{path}: {e}") from e
        if isinstance(card, ShipCard):
            cards.append(card)
    if not cards and (folder / "ships").is_dir():
        return ships_in(folder / "ships")
    if not cards:
        raise JobError(f"{folder}: no ship cards (*.json of format captains-sea/ship) in it or in its ships/")
    return cards
