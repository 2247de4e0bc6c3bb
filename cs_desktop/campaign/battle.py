"""An encounter turned into a battle, and the battle's consequences carried back (issue 15, items 2 and 3).

`battle_scenario` builds an ordinary scenario (`rules.cards.Scenario`) that the tactical engine plays: the
flagship with the damage, crew, morale and quality she carries (`start_state`, R2.0d), the enemy fresh, the
weather gauge and meeting or chase as the encounter decided, the 20.1/21.3 terms computed as for any scenario.
`battle_outcome` reads a finished game back into plain numbers; `engine.py` applies them through the ledger.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cs_desktop.rules.cards import SECTION_NAMES, Scenario, ShipCard
from cs_desktop.rules.game import Game
from cs_desktop.rules.ratings import firepower
from cs_desktop.rules.tables import get_tables

#: board wind (the heading it blows toward, 1-8) that puts the gauge holder to windward; A lies west of B
_GAUGE_WIND = {"player": 3, "enemy": 7}
_MORALE = {1: "unfit", 2: "fair", 3: "handy"}
#: ships a scenario side may hold (21.0): the flagship and at most eleven consorts fight
MAX_SIDE = 12


def wind_from(wind: int) -> int:
    return (wind + 3) % 8 + 1


def _heading(wind: int, candidates: tuple[int, ...]) -> int:
    """The first heading of `candidates` that does not point into the wind (no ship starts In Irons, R2.0c)."""
    return next(h for h in candidates if h != wind_from(wind))


def effective_fp(card: ShipCard, guns: int | None = None) -> float:
    """20.1 firepower scaled by the gunnery boxes left: what a damaged ship can still throw."""
    full = sum(len(card.gunnery[s]) for s in SECTION_NAMES)
    return firepower(card) * ((full if guns is None else guns) / full)


def ship_rank(card: ShipCard) -> tuple[int, int, int]:
    """How a navy ranks a command: 20.1 firepower, then gunnery boxes, then crew points. A promotion is only
    ever to a ship ranked above the one the captain has."""
    return firepower(card), sum(len(card.gunnery[s]) for s in SECTION_NAMES), card.crew_points


def campaign_card(card: ShipCard, quality: str) -> ShipCard:
    """The card as the campaign sails her: a crew trained (or diluted) to a quality the card does not offer
    keeps that quality (ruling R3.3a)."""
    if quality in card.crew_quality_options:
        return card
    options = sorted({*card.crew_quality_options, quality}, key=("green", "average", "crack").index)
    return card.model_copy(update={"crew_quality_options": options})


def _put(cards: dict[str, ShipCard], card: ShipCard) -> None:
    """A card into the battle's cards; a card two ships share offers every crew quality either needs."""
    have = cards.get(card.id)
    if have is not None and have != card:
        options = sorted({*have.crew_quality_options, *card.crew_quality_options},
                         key=("green", "average", "crack").index)
        card = have.model_copy(update={"crew_quality_options": options})
    cards[card.id] = card


def _entry(cards: dict[str, ShipCard], ship: Mapping[str, Any], card: ShipCard) -> dict[str, Any]:
    """A ship of the player's side with what she carries into the battle (R2.0d `start_state`)."""
    quality = str(ship["quality"])
    card = campaign_card(card, quality)
    _put(cards, card)
    start_state: dict[str, Any] = {}
    if ship["crew"] < card.crew_points:
        start_state["crew"] = ship["crew"]
    if ship["rigging"] < card.rigging_points:
        start_state["rigging"] = ship["rigging"]
    gunnery = {s: v for s, v in ship["gunnery"].items() if v < len(card.gunnery[s])}
    if gunnery:
        start_state["gunnery"] = gunnery
    if ship["morale"] < 3:
        start_state["morale"] = _MORALE[max(1, int(ship["morale"]))]
    entry: dict[str, Any] = {"ship": card.id, "crew_quality": quality}
    if start_state:
        entry["start_state"] = start_state
    return entry


def _consort_square(x0: int, k: int) -> list[int]:
    """The k-th consort's start (k >= 1): two rows apart, alternately astern and ahead of the flagship's row,
    out to ten rows; the eleventh two columns behind the flagship."""
    if k > 10:
        return [x0 - 2, 12]
    return [x0, 12 + ((k + 1) // 2) * 2 * (1 if k % 2 else -1)]


def battle_scenario(*, battle_id: str, title: str, date: str, location: str, engagement: str, gauge: str,
                    player_nation: str, player_ship: Mapping[str, Any], player_card: ShipCard,
                    enemy_nation: str, enemy_cards: list[ShipCard], enemy_quality: str | None,
                    turn_limit: int, description: str,
                    consorts: Sequence[tuple[Mapping[str, Any], ShipCard]] = ()) -> tuple[Scenario, dict[str, ShipCard]]:
    """A scenario for the tactical engine, and its ship cards by id. `consorts` (each ship's tracks and card, as
    `player_ship`) fight beside the flagship, the side under the fleet rules (RC15.5a); none: the flagship's
    battle as it always was."""
    player_side, enemy_side = player_nation.lower(), enemy_nation.lower()
    cards: dict[str, ShipCard] = {}
    squadron = [(player_ship, player_card), *consorts][:MAX_SIDE]
    entries = [_entry(cards, ship, pcard) for ship, pcard in squadron]
    if engagement == "meeting":
        wind = _GAUGE_WIND.get(gauge, 5)
        player_start: Any = "A"
        player_heading = _heading(wind, (3, 2, 4))
        enemy_starts: list[Any] = ["B"] + [[22, 12 + k * (2 if k % 2 else -2)] for k in range(1, 6)]
        enemy_heading = _heading(wind, (7, 8, 6))
    else:  # chase: the player hunts from C, the prey runs from D before the wind
        wind = 3
        player_start, player_heading = "C", 3
        enemy_starts = ["D"] + [[19 + k, 12 + (2 if k % 2 else -2)] for k in range(1, 6)]
        enemy_heading = 3
    enemy_ships = []
    for k, ecard in enumerate(enemy_cards):
        eq = enemy_quality if enemy_quality in ecard.crew_quality_options else None
        _put(cards, ecard)
        enemy_ships.append({"ship": ecard.id, "start": enemy_starts[k], "heading": enemy_heading,
                            "crew_quality": eq})
    x0 = get_tables().map.start[player_start][0]
    for k, entry in enumerate(entries):  # the consorts in line abreast of the flagship (RC15.5a)
        entry["start"] = player_start if k == 0 else _consort_square(x0, k)
        entry["heading"] = player_heading
    data = {
        "id": battle_id, "title": title, "date": date, "location": location[:120], "description": description,
        "engagement": engagement, "wind": wind,
        "sides": [{"id": player_side, "name": f"{player_nation} squadron", "nation": player_nation,
                   "ships": entries},
                  {"id": enemy_side, "name": f"{enemy_nation} ships", "nation": enemy_nation,
                   "ships": enemy_ships}],
        "weather_gauge": {"player": player_side, "enemy": enemy_side}.get(gauge),
        "options": {"relativity": "fractional" if len(enemy_cards) > 1 or len(entries) > 1 else "standard",
                    "turn_limit": turn_limit, **({"fleet_rules": True} if len(entries) > 1 else {})},
        "sources": ["generated by the campaign engine (docs/campaign-engine.md)"],
    }
    scenario = Scenario.model_validate(data)
    from cs_desktop.formats.files import scenario_problems

    problems = scenario_problems(scenario)
    if problems:  # a bug in the generator, never the player's input
        raise ValueError(f"generated scenario {battle_id} is not valid: {problems}")
    return scenario, cards


def battle_outcome(game: Game, player_side: str) -> dict[str, Any]:
    """What a finished (or turn-limited) game leaves: each ship's tracks, fate and broadsides fired, the winner,
    and the broadsides the player's side fired."""
    state = game.state
    last = game.events[-1] if game.events else None
    result = last.get("result") if last is not None and last["type"] == "game_end" else None
    ships = {}
    fired_by = {sid: 0 for sid in state.ships}
    for e in game.events:
        ship = e.get("ship")
        if e["type"] == "announce" and ship is not None and ship in fired_by:  # (an announce has its choice)
            fired_by[ship] += max(1, (len(e["choice"].get("sections", {})) + 1) // 2)
    for sid, s in state.ships.items():
        ships[sid] = {"card": s.card.id, "side": s.side, "crew": s.crew, "rigging": s.rigging,
                      "gunnery": dict(s.gunnery), "morale": s.morale, "struck": s.struck, "captured": s.captured,
                      "escaped": s.escaped, "broadsides": fired_by[sid]}
    fired = sum(n for sid, n in fired_by.items() if state.ships[sid].side == player_side)
    return {"winner": result["winner"] if result else None, "reason": state.end_reason or "unfinished",
            "turns": state.turn, "vp": {k: v["vp"] for k, v in result["sides"].items()} if result else {},
            "ships": ships, "broadsides": fired}
