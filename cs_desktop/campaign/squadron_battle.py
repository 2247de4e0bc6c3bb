"""A squadron fights together (issue 15 item 4; rulings RC15.5a-RC15.5c in docs/rulings.md).

- **Who fights** (RC15.5a): the flagship and every consort of the squadron fit to fight (her working crew
  besides the guard, a rigging box, shot in her lockers), at most eleven (a scenario side holds twelve ships,
  21.0), in the squadron's order. Each carries her damage, crew (less the guard over her prisoners, RC15.3b),
  morale and quality into the battle (R2.0d `start_state`), in line abreast of the flagship; the side fights
  under the fleet rules. Prizes, and consorts unfit to fight, keep clear with their crews and do not fight. No
  consort fit to fight: the flagship's battle as it always was.
- **The squadron's strength** (RC15.5a): a summons to surrender weighs the present firepower of every ship
  that would fight, not the flagship's alone.
- **Running and chasing** (RC15.5b): the squadron keeps together, so its escape roll is made with the slowest
  hull of the squadron (flagship and consorts): no consort is left behind to be caught.
- **After the battle** (RC15.5c): each consort's boxes, crew, morale and shot spent are the game's, box for box;
  experience as the flagship's. A consort the enemy took possession of (captured), or that struck while an enemy
  ship was still fighting at the end, is the enemy's prize: she leaves the squadron with all she carries; one
  that struck when no enemy was left fighting hoists her colours again; one that escaped off the board
  (R9.3f) rejoins with her damage.
- **A consort that cannot sail on** (RC15.5d): one left with no crew, or with no gunnery box (her hull shattered),
  is abandoned and scuttled: whoever is left aboard, crew and prisoners, is taken off into the flagship and then
  the other ships of the squadron as far as each has room (crew up to her card's crew points), her stores and shot
  go down with her, and she leaves the squadron (each quantity in the ledger, cause `scuttled`). One dismasted (no
  rigging box) with men and hull left is jury-rigged: one rigging box, as a prize is.
- **The captain is aboard the flagship** (RC15.5e): the battle is won or lost, the captain captured or killed, by
  the flagship's result alone (`flagship_result`); a consort that strikes or loses her whole crew is hers alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cs_desktop.campaign.battle import MAX_SIDE, effective_fp
from cs_desktop.campaign.folder import Campaign
from cs_desktop.campaign.prizes import guard, working_crew
from cs_desktop.campaign.state import CampaignState, ShipRecord, adjust, adjust_section, leave, log
from cs_desktop.rules.cards import SECTION_NAMES, ShipCard
from cs_desktop.rules.game import Game
from cs_desktop.rules.setup import ship_ids

HULLS = ("slow", "average", "fast")
#: reputation a captain loses for a ship of his squadron taken by the enemy (designed, RC15.5c)
CONSORT_LOST_REPUTATION = 3


def fit_to_fight(c: Campaign, ship: ShipRecord) -> bool:
    """A consort fights when she can work her guns: her crew less the guard at least her working crew (a third of
    her card's crew points, at least 2; RC15.3b), a rigging box and shot aboard (RC15.5a)."""
    return ship.crew - guard(c, ship) >= working_crew(c, ship) and ship.rigging > 0 and ship.shot > 0


def consorts_fighting(c: Campaign, s: CampaignState) -> list[ShipRecord]:
    """The consorts that fight beside the flagship (RC15.5a): fit to fight, at most eleven, in squadron order."""
    return [x for x in s.ships if x.role == "consort" and fit_to_fight(c, x)][:MAX_SIDE - 1]


def fighting(c: Campaign, s: CampaignState) -> list[ShipRecord]:
    return [s.flagship, *consorts_fighting(c, s)]


def squadron_fp(c: Campaign, s: CampaignState) -> float:
    """The present 20.1 firepower of every ship that would fight."""
    return sum(effective_fp(c.cards[x.card], x.guns) for x in fighting(c, s))


def squadron_hull(c: Campaign, s: CampaignState) -> str:
    """The hull the squadron sails at: the slowest of the flagship and her consorts (RC15.5b)."""
    ships = [x for x in s.ships if x.role in ("flagship", "consort")]
    return min((c.cards[x.card].hull_type for x in ships), key=HULLS.index)


def tracks(c: Campaign, ship: ShipRecord) -> dict[str, Any]:
    """What a ship carries into the battle: `battle_scenario`'s `player_ship` (her guard stays below)."""
    return {"quality": ship.quality, "crew": ship.crew - guard(c, ship), "rigging": ship.rigging,
            "gunnery": ship.gunnery, "morale": ship.morale}


def consort_entries(c: Campaign, s: CampaignState) -> list[tuple[dict[str, Any], ShipCard]]:
    return [(tracks(c, x), c.cards[x.card]) for x in consorts_fighting(c, s)]


def battle_record(c: Campaign, s: CampaignState) -> dict[str, Any]:
    """The battle request's extra fields when consorts fight: the squadron's ship ids in the side's order and
    each consort's guard; nothing when the flagship fights alone."""
    consorts = consorts_fighting(c, s)
    if not consorts:
        return {}
    guards = {x.id: guard(c, x) for x in consorts if guard(c, x)}
    return {"squadron": [s.flagship.id, *(x.id for x in consorts)], **({"guards": guards} if guards else {})}


def squadron_lines(c: Campaign, ships: Sequence[ShipRecord]) -> list[str]:
    """A line per ship that fights: her card, crew, rigging, gunnery, quality and present firepower."""
    out = []
    for x in ships:
        card = c.cards[x.card]
        out.append(f"{x.name} ({x.role}, {x.quality} crew): crew {x.crew - guard(c, x)}/{card.crew_points}, "
                   f"rigging {x.rigging}/{card.rigging_points}, gunnery {x.guns}/{x.guns + x.damage(card)['hull']}, "
                   f"firepower {effective_fp(card, x.guns):.1f}")
    return out


def encounter_words(c: Campaign, s: CampaignState) -> list[str]:
    """The squadron at an encounter: a line per ship that would fight (RC15.5a), its pace (RC15.5b), and the
    consorts that keep clear."""
    ships = fighting(c, s)
    lines = [f"Your squadron ({len(ships)} ship(s) would fight; it sails at a {squadron_hull(c, s)} hull's pace, "
             "RC15.5b):"] + [f"  {x}" for x in squadron_lines(c, ships)]
    out = [x.name for x in s.ships if x.role == "consort" and x not in consorts_fighting(c, s)]
    if out:
        lines.append("Unfit to fight, keeping clear: " + ", ".join(out))
    return lines


def terms_words(c: Campaign, s: CampaignState, b: dict[str, Any]) -> list[str]:
    """The battle terms' lines for the squadron: a line per ship in the battle and each consort's guard; none
    when the flagship fights alone."""
    if not b.get("squadron"):
        return []
    lines = [f"[RC15.5a] {x}" for x in squadron_lines(c, [s.ship(k) for k in b["squadron"]])]
    return lines + [f"{n} crew point(s) of {s.ship(k).name} guard her prisoners below and do not fight (RC15.3b)"
                    for k, n in b.get("guards", {}).items()]


def player_ids(game: Game, player_side: str) -> list[str]:
    """The player's ships' game ids in the side's order: the flagship first (`battle_scenario` puts her there), then
    the consorts in the squadron's order (`battle_record`)."""
    return [gid for gid, si, _ in ship_ids(game.scenario) if game.scenario.sides[si].id == player_side]


def flagship_result(game: Game, out: dict[str, Any], player_side: str) -> dict[str, Any]:
    """The flagship's result in `battle_outcome`'s `out` (RC15.5e): the captain is aboard her, so the battle's
    result, his capture and his death follow her alone, never a consort's."""
    return dict(out["ships"][player_ids(game, player_side)[0]])


def carry_ship(s: CampaignState, ship: ShipRecord, v: dict[str, Any], guard: int, title: str) -> int:
    """One ship's battle result onto her record, exactly (RC15.5c, R19.0c): the crew she lost (her prisoners'
    guard stayed below, RC15.3b), her rigging and gunnery boxes, the shot of her own broadsides, her morale; every
    change in the ledger with the battle as its cause. Returns the crew points lost."""
    cause = f"battle: {title}"
    lost: int = ship.crew - guard - int(v["crew"])
    adjust(s, ship, "crew", -lost, cause)
    adjust(s, ship, "rigging", v["rigging"] - ship.rigging, cause)
    for sec in SECTION_NAMES:
        adjust_section(s, ship, sec, v["gunnery"][sec] - ship.gunnery[sec], cause)
    adjust(s, ship, "shot", -min(ship.shot, v["broadsides"]), f"broadsides fired in {title}")
    ship.morale = max(1, min(3, v["morale"]))
    return lost


def carry_consorts(c: Campaign, s: CampaignState, game: Game, out: dict[str, Any], won: bool) -> None:
    """Each consort's result carried back exactly, each change in the ledger with its cause (RC15.5c)."""
    b = s.battle
    assert b is not None
    order = b.get("squadron", [])
    if len(order) < 2:
        return
    title = game.scenario.title
    side = player_ids(game, b["player_side"])
    enemy_fighting = any(game.state.ships[k].afloat for k in game.state.ships
                         if game.state.ships[k].side != b["player_side"])
    guards = b.get("guards", {})
    for rid, gid in list(zip(order, side))[1:]:
        ship = s.ship(rid)
        v = out["ships"][gid]
        lost = carry_ship(s, ship, v, int(guards.get(rid, 0)), title)
        ship.morale = min(3, ship.morale + 1) if won else ship.morale
        ship.experience += 2 if won else 1
        taken = v["captured"] or (v["struck"] and enemy_fighting)
        if taken:
            leave(s, ship, f"{ship.name} taken by the enemy in {title}")
            s.stats["consorts_lost"] = s.stats.get("consorts_lost", 0) + 1
            s.reputation -= CONSORT_LOST_REPUTATION
            log(s, "squadron", f"{ship.name} " + ("is boarded and taken" if v["captured"] else
                                                  "has struck and the enemy takes possession of her")
                + f": she is the enemy's prize. {ship.name} lost {lost} crew point(s) before she was taken.")
            continue
        if ship.crew <= 0 or ship.guns <= 0:
            scuttle(c, s, ship, title, lost)
            continue
        fate = (" She struck, but no enemy was left to take her: she hoists her colours again." if v["struck"]
                else " She was driven off the board and rejoins the squadron." if v["escaped"] else "")
        log(s, "squadron", f"{ship.name} lost {lost} crew point(s); now crew {ship.crew}, rigging {ship.rigging}, "
                           f"gunnery boxes {ship.guns}.{fate}")
        if ship.rigging <= 0:
            adjust(s, ship, "rigging", 1, f"{ship.name} jury-rigged after {title}")
            log(s, "squadron", f"{ship.name} is dismasted; her crew jury-rigs her (one rigging box, RC15.5d) and she "
                               "sails on with the squadron, unfit to fight until a refit.")


def scuttle(c: Campaign, s: CampaignState, ship: ShipRecord, title: str, lost: int) -> None:
    """A consort that cannot sail on after `title` (no crew, or no gunnery box left) is abandoned and scuttled
    (RC15.5d): her survivors and prisoners are taken off into the flagship, then the other ships of the squadron,
    as far as each has room; what no ship has room for, and her stores and shot, go down with her."""
    why = "her whole crew is killed or wounded" if ship.crew <= 0 else "her hull is shattered"
    cause = f"{ship.name} abandoned and scuttled after {title}"
    others = [s.flagship, *(x for x in s.ships if x.role != "flagship" and x is not ship)]
    saved = {"crew": 0, "prisoners": 0}
    for what in ("crew", "prisoners"):
        for other in others:
            room = c.cards[other.card].crew_points - other.crew if what == "crew" else getattr(ship, what)
            n = min(getattr(ship, what), room)
            if n > 0:
                adjust(s, ship, what, -n, f"taken off {ship.name} before she is scuttled")
                adjust(s, other, what, n, f"taken off {ship.name} before she is scuttled")
                saved[what] += n
    drowned = ship.crew
    leave(s, ship, cause)
    s.stats["consorts_scuttled"] = s.stats.get("consorts_scuttled", 0) + 1
    taken_off = (f"{saved['crew']} crew point(s) and {saved['prisoners']} point(s) of prisoners are taken off into "
                 "the squadron" if saved["crew"] or saved["prisoners"] else "nobody is left aboard to take off")
    log(s, "squadron", f"{ship.name} lost {lost} crew point(s) and cannot sail on: {why}. {taken_off}"
                       + (f"; {drowned} crew point(s) the squadron has no room for go down with her" if drowned else "")
                       + "; she is abandoned and scuttled with her stores and shot (RC15.5d).",
        scuttled=ship.id, crew=saved["crew"], prisoners=saved["prisoners"])
