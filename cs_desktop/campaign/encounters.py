"""Weather, sightings and the meeting (the High Seas frame, in our own words and numbers):

- the wind of a month in an area is drawn from the campaign's percentages for that area and month;
- a sail is sighted with the area's traffic chance, raised when seeking action, lowered when avoiding it;
  a scripted battle of this month and area is met instead of a drawn sighting;
- who she is is drawn among the sailings in that area this month, by their weights;
- the weather gauge: a ten-sided roll, 0-2 to the enemy, 3-6 to neither, 7-9 to the player;
- a weaker enemy (less than 60% of the player's firepower) tries to escape, a stronger one stands to fight.
"""

from __future__ import annotations

import zlib
from typing import Any

from cs_desktop.campaign.battle import effective_fp
from cs_desktop.campaign.folder import Campaign
from cs_desktop.campaign.model import POINTS, STRENGTHS
from cs_desktop.campaign.state import CampaignState
from cs_desktop.rules.dice import Dice

STANCE_FACTOR = {"seek": 150, "avoid": 50, "blockade": 130, "escort": 100, "passage": 70}
FLEE_BELOW = 0.6
#: percent chance that a generic sighting is a rival who got away before, when that sailing has one (designed)
REMEMBERS = 40


def draw_percent(dice: Dice, table: dict[str, int], order: tuple[str, ...]) -> str:
    """A key of `table` drawn by its percentages (they add up to 100), keys taken in `order`."""
    roll = dice.below(100)
    for key in order:
        roll -= table.get(key, 0)
        if roll < 0:
            return key
    raise ValueError("percentages do not add up to 100")


def draw_weather(c: Campaign, dice: Dice, area: str, month: int) -> dict[str, str]:
    w = c.weather_for(area, month)
    return {"strength": draw_percent(dice, {str(k): v for k, v in w.strength.items()}, STRENGTHS),
            "from": draw_percent(dice, {str(k): v for k, v in w.direction.items()}, POINTS)}


def active_sailings(c: Campaign, area: str, date: str, gone: list[str] | None = None) -> list[Any]:
    """Sailings in `area` this month; one whose ships have all been taken or burnt (`gone`) sails no more, and
    one that lost some sails with the rest."""
    out = []
    for s in c.sailings.sailings:
        if area in s.areas and s.start <= date <= s.end:
            ships = list(s.ships) if s.generic else [k for k in s.ships if k not in (gone or [])]
            if ships:
                out.append(s if len(ships) == len(s.ships) else s.model_copy(update={"ships": ships}))
    return out


def scripted_now(c: Campaign, state: CampaignState, area: str) -> Any:
    """The historical action of this month in `area`, unless met already or one of her enemies is gone."""
    return next((b for b in c.history.scripted if b.date[:7] == state.date and b.area == area
                 and b.id not in state.met and not set(b.ships) & set(state.gone)), None)


def sighting(c: Campaign, state: CampaignState, dice: Dice, area: str, stance: str,
             weather: dict[str, str]) -> dict[str, Any] | None:
    """The encounter of this month at sea in `area`, or None."""
    scripted = scripted_now(c, state, area)
    if scripted is not None:
        state.met.append(scripted.id)
        # history happened in the weather of the day: a scripted action is never becalmed or blown away
        weather = {"strength": "fresh", "from": scripted.wind_from}
        return {"scripted": scripted.id, "title": " and ".join(c.cards[k].name for k in scripted.ships),
                "names": [c.cards[k].name for k in scripted.ships], "battle_title": scripted.title, "nation": scripted.nation,
                "ships": list(scripted.ships), "crew_quality": scripted.crew_quality,
                "mission": "historical", "engagement": scripted.engagement, "gauge": scripted.weather_gauge,
                "stands": True, "date": scripted.date, "weather": weather,
                "historical_outcome": scripted.historical_outcome}
    chance = c.area(area).traffic * STANCE_FACTOR[stance] // 100
    if dice.below(100) >= chance:
        return None
    sailings = [x for x in active_sailings(c, area, state.date, state.gone) if x.nation != state.nation]
    total = sum(s.chance for s in sailings)
    if total <= 0:
        return None
    roll = dice.below(total)
    chosen = sailings[-1]
    for s in sailings:
        roll -= s.chance
        if roll < 0:
            chosen = s
            break
    names, captain, rival = _who(c, state, dice, chosen)
    gauge_roll = dice.below(10)
    gauge = "enemy" if gauge_roll <= 2 else "none" if gauge_roll <= 6 else "player"
    flag = state.flagship
    own = effective_fp(c.cards[flag.card], flag.guns)
    theirs = sum(effective_fp(c.cards[k]) for k in chosen.ships)
    day = 1 + dice.below(28)
    return {"scripted": None, "title": " and ".join(names), "nation": chosen.nation, "names": names,
            "ships": list(chosen.ships), "crew_quality": chosen.crew_quality, "mission": chosen.mission,
            "sailing": chosen.id, "gauge": gauge, "gauge_roll": gauge_roll,
            "stands": theirs >= FLEE_BELOW * own or rival is not None,  # a rival who got away comes back to fight
            "engagement": None, "date": f"{state.date}-{day:02d}", "weather": weather,
            **({"captain": captain} if captain else {}), **({"rival": rival} if rival else {})}


def _who(c: Campaign, state: CampaignState, dice: Dice, chosen: Any) -> tuple[list[str], str, dict[str, Any] | None]:
    """Who sails in the sighted ships: a real sailing's ships by their cards' names; a generic sailing's ship by
    a name of her own and a captain -- or, with a chance of REMEMBERS percent, a captain of that sailing who got
    away from the player before (`rivals`), in the same ship, come back for him."""
    if not chosen.generic:
        return [c.cards[k].name for k in chosen.ships], "", None
    at_war = chosen.nation in c.enemies(state.nation, state.date)
    rivals = [r for r in state.rivals if at_war and r["sailing"] == chosen.id and r["name"] not in state.gone_names]
    if rivals and dice.below(100) < REMEMBERS:
        r = rivals[dice.below(len(rivals))]
        return [r["name"]], r["captain"], {"escaped": r["escaped"], "last": r["last"]}
    names = [generic_name(c, state, dice, chosen.nation, k) for k in chosen.ships]
    return names, captain_of(c, chosen.nation, names[0]), None


def captain_of(c: Campaign, nation: str, ship_name: str) -> str:
    """The captain of a generic ship: always the same one for the same ship (one of the nation's captains,
    chosen by her name, so no dice are drawn); none without names.json."""
    captains = c.captain_names(nation)
    return captains[zlib.crc32(ship_name.encode("utf-8")) % len(captains)] if captains else ""


def remember_escape(state: CampaignState, e: dict[str, Any]) -> None:
    """A generic sailing's ship and captain got away from the player (she was neither taken nor burnt): he is a
    rival who may turn up again."""
    if e.get("scripted") or not e.get("captain") or not e.get("names") or e["names"][0] in state.gone_names:
        return
    r = next((x for x in state.rivals if x["name"] == e["names"][0] and x["captain"] == e["captain"]), None)
    if r is None:
        state.rivals.append({"sailing": e["sailing"], "card": e["ships"][0], "name": e["names"][0],
                             "captain": e["captain"], "nation": e["nation"], "escaped": 1, "last": state.date})
    else:
        r["escaped"] += 1
        r["last"] = state.date


def generic_name(c: Campaign, state: CampaignState, dice: Dice, nation: str, card: str) -> str:
    """A name for a ship of a generic sailing (her card stands for a ship of that type): one of the nation's
    names (names.json) that is no ship's of the campaign's cards, none the player took or burnt, none of his
    squadron's; without names.json or with every name used, the card's own (or, if she was taken or burnt, a
    second of her name: "Tripoli II")."""
    taken = {*state.gone_names, *(x.name for x in state.ships), *(k.name for k in c.cards.values())}
    free = [n for n in c.ship_names(nation) if n not in taken]
    if free:
        return free[dice.below(len(free))]
    own = str(c.cards[card].name)  # every name used: the card's, or a second of the name if she is gone
    return next(f"{own} {k}" for k in ("", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
                if f"{own} {k}".strip() not in state.gone_names).strip()


def escape_roll(dice: Dice, gauge: str, own_hull: str, their_hull: str, fleeing: str) -> tuple[bool, int, int]:
    """Whether the side `fleeing` ("player" or "enemy") gets away: one die, +2 with the weather gauge, -2
    against it, +1 for each step of hull speed (3.1) the runner has over the chaser; 4 or more escapes."""
    speed = {"slow": 0, "average": 1, "fast": 2}
    runner, chaser = (own_hull, their_hull) if fleeing == "player" else (their_hull, own_hull)
    mod = speed[runner] - speed[chaser]
    if gauge == fleeing:
        mod += 2
    elif gauge not in ("none", fleeing):
        mod -= 2
    die = dice.d6()
    return die + mod >= 4, die, mod
