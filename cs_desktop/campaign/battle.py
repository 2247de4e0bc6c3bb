"""An encounter turned into a battle, and the battle's consequences carried back (issue 15, items 2 and 3).

`battle_scenario` builds an ordinary scenario (`rules.cards.Scenario`) that the tactical engine plays: the
flagship with the damage, crew, morale and quality she carries (`start_state`, R2.0d), the enemy fresh, the
weather gauge and meeting or chase as the encounter decided, the 20.1/21.3 terms computed as for any scenario.
`battle_outcome` reads a finished game back into plain numbers; `engine.py` applies them through the ledger.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cs_desktop.rules.cards import SECTION_NAMES, Scenario, ShipCard
from cs_desktop.rules.game import Game
from cs_desktop.rules.ratings import firepower

#: board wind (the heading it blows toward, 1-8) that puts the gauge holder to windward; A lies west of B
_GAUGE_WIND = {"player": 3, "enemy": 7}
_MORALE = {1: "unfit", 2: "fair", 3: "handy"}


def wind_from(wind: int) -> int:
    return (wind + 3) % 8 + 1


def _heading(wind: int, candidates: tuple[int, ...]) -> int:
    """The first heading of `candidates` that does not point into the wind (no ship starts In Irons, R2.0c)."""
    return next(h for h in candidates if h != wind_from(wind))


def effective_fp(card: ShipCard, guns: int | None = None) -> float:
    """20.1 firepower scaled by the gunnery boxes left: what a damaged ship can still throw."""
    full = sum(len(card.gunnery[s]) for s in SECTION_NAMES)
    return firepower(card) * ((full if guns is None else guns) / full)


def campaign_card(card: ShipCard, quality: str) -> ShipCard:
    """The card as the campaign sails her: a crew trained (or diluted) to a quality the card does not offer
    keeps that quality (ruling R3.3a)."""
    if quality in card.crew_quality_options:
        return card
    options = sorted({*card.crew_quality_options, quality}, key=("green", "average", "crack").index)
    return card.model_copy(update={"crew_quality_options": options})


def battle_scenario(*, battle_id: str, title: str, date: str, location: str, engagement: str, gauge: str,
                    player_nation: str, player_ship: Mapping[str, Any], player_card: ShipCard,
                    enemy_nation: str, enemy_cards: list[ShipCard], enemy_quality: str | None,
                    turn_limit: int, description: str) -> tuple[Scenario, dict[str, ShipCard]]:
    """A scenario for the tactical engine, and its ship cards by id."""
    player_side, enemy_side = player_nation.lower(), enemy_nation.lower()
    quality = str(player_ship["quality"])
    card = campaign_card(player_card, quality)
    cards: dict[str, ShipCard] = {card.id: card}
    start_state: dict[str, Any] = {}
    if player_ship["crew"] < card.crew_points:
        start_state["crew"] = player_ship["crew"]
    if player_ship["rigging"] < card.rigging_points:
        start_state["rigging"] = player_ship["rigging"]
    gunnery = {s: v for s, v in player_ship["gunnery"].items() if v < len(card.gunnery[s])}
    if gunnery:
        start_state["gunnery"] = gunnery
    if player_ship["morale"] < 3:
        start_state["morale"] = _MORALE[max(1, int(player_ship["morale"]))]
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
        cards[ecard.id] = ecard
        eq = enemy_quality if enemy_quality in ecard.crew_quality_options else None
        enemy_ships.append({"ship": ecard.id, "start": enemy_starts[k], "heading": enemy_heading,
                            "crew_quality": eq})
    player_entry: dict[str, Any] = {"ship": card.id, "start": player_start, "heading": player_heading,
                                    "crew_quality": quality}
    if start_state:
        player_entry["start_state"] = start_state
    data = {
        "id": battle_id, "title": title, "date": date, "location": location[:120], "description": description,
        "engagement": engagement, "wind": wind,
        "sides": [{"id": player_side, "name": f"{player_nation} squadron", "nation": player_nation,
                   "ships": [player_entry]},
                  {"id": enemy_side, "name": f"{enemy_nation} ships", "nation": enemy_nation,
                   "ships": enemy_ships}],
        "weather_gauge": {"player": player_side, "enemy": enemy_side}.get(gauge),
        "options": {"relativity": "fractional" if len(enemy_cards) > 1 else "standard", "turn_limit": turn_limit},
        "sources": ["generated by the campaign engine (docs/campaign-engine.md)"],
    }
    scenario = Scenario.model_validate(data)
    from cs_desktop.files import scenario_problems

    problems = scenario_problems(scenario)
    if problems:  # a bug in the generator, never the player's input
        raise ValueError(f"generated scenario {battle_id} is not valid: {problems}")
    return scenario, cards


def battle_outcome(game: Game, player_side: str) -> dict[str, Any]:
    """What a finished (or turn-limited) game leaves: each ship's tracks and fate, the winner, and the
    broadsides the player's ship fired."""
    state = game.state
    last = game.events[-1] if game.events else {}
    result = last.get("result") if last.get("type") == "game_end" else None
    ships = {}
    for sid, s in state.ships.items():
        ships[sid] = {"card": s.card.id, "side": s.side, "crew": s.crew, "rigging": s.rigging,
                      "gunnery": dict(s.gunnery), "morale": s.morale, "struck": s.struck, "captured": s.captured}
    fired = 0
    for e in game.events:
        if e.get("type") == "announce" and state.ships.get(e.get("ship", ""), None) is not None \
                and state.ships[e["ship"]].side == player_side:
            fired += max(1, (len(e.get("choice", {}).get("sections", {})) + 1) // 2)
    return {"winner": result["winner"] if result else None, "reason": state.end_reason or "unfinished",
            "turns": state.turn, "vp": {k: v["vp"] for k, v in result["sides"].items()} if result else {},
            "ships": ships, "broadsides": fired}
