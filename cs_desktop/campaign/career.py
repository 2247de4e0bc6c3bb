"""A career that survives defeat (issue 29, item 1; docs/campaign-engine.md, "A career after defeat").

With the campaign's `career.json` (optional; without it a captain taken ends his career, as before):

- a captain whose flagship strikes is a prisoner: his squadron leaves him (each ship in the ledger), and he is
  held by the captor for a number of months drawn from the exchange entry for the captor, his nation and the
  date (`Exchange.months`), or, with the entry's `held_to_peace` chance, until the two nations make peace;
- exchanged (or released at a peace), he is tried by a court martial for the loss of his ship: the battle's
  record -- the odds he faced, the share of the enemy's boxes he destroyed, the turns he fought -- is scored
  step by step (`CourtMartial`) and the total gives the verdict: acquitted (with honour from a higher total),
  reprimanded, or dismissed (the career ends);
- acquitted or reprimanded, he waits on half-pay (`HalfPay`) at his nation's home port; each month he may be
  given the best ship of `commands` he has the reputation for, or he may retire (the career ends);
- the ends of a career: the peace (still a prisoner at the peace: "captured"), death, dismissal, retirement.
"""

from __future__ import annotations

from typing import Any

from cs_desktop.campaign import missions
from cs_desktop.campaign.battle import ship_rank
from cs_desktop.campaign.folder import Campaign
from cs_desktop.campaign.encounters import generic_name
from cs_desktop.campaign.model import CareerCommand, CareerFile, Rank, Step
from cs_desktop.campaign.state import (
    QUALITY_EXPERIENCE,
    CampaignState,
    ShipRecord,
    add_months,
    count,
    join,
    leave,
    log,
)
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.dice import Dice

#: a nation's people, for the journal ("the French hold him")
PEOPLE = {"US": "Americans", "GB": "British", "FR": "French", "TRI": "Tripolitans"}
VERDICTS = ("honourable", "acquitted", "reprimanded", "dismissed")
#: the half-pay request's options
HALF_PAY = ("wait", "retire")


def home_port(c: Campaign, nation: str) -> str:
    """The port a captain of `nation` waits in: the open career's for his nation, else the player's start port,
    else the first port of his nation."""
    oc = c.campaign.open_career
    found = next((n.port for n in oc.nations if n.nation == nation), None) if oc is not None else None
    if found is None and c.campaign.player.nation == nation:
        found = c.campaign.player.port
    return found or next(p.id for p in c.areas.ports if p.nation == nation)


def end_career(s: CampaignState, how: str, text: str) -> None:
    """The career ends (peace, captured, death, dismissed, retired): the final score and the last line."""
    s.ended, s.end_reason, s.stage = True, how, "ended"
    s.encounter = s.battle = None
    s.prizes = []
    total = s.money + 20 * s.reputation + 50 * s.stats["taken"] + (100 if how in ("peace", "retired") else 0)
    s.score = {"how": how, "money": s.money, "reputation": s.reputation, **s.stats, "total": total}
    log(s, "end", f"{text} Final score {total}: prize money and pay {s.money}, reputation {s.reputation}, "
                  f"{s.stats['won']} battle(s) won of {s.stats['battles']}, {s.stats['taken']} prize(s) taken.",
        score=s.score)


def month_pay(c: Campaign, s: CampaignState) -> int:
    """A month's pay: full in command, the half-pay share ashore, none in captivity."""
    pay = c.campaign.terms.pay
    if s.status == "half_pay":
        return pay * (c.career.half_pay.pay_percent if c.career else 50) // 100
    return 0 if s.status == "prisoner" else pay


# ------------------------------------------------------------------------------------------ taken


def exchange_terms(career: CareerFile, captor: str, nation: str, date: str) -> tuple[tuple[int, int], int]:
    """The months a captain of `nation` taken by `captor` in `date` is held, and the chance he is held to the
    peace: the first matching exchange entry, else the file's default months and no such chance."""
    for e in career.exchange:
        if e.captor == captor and e.prisoner == nation and e.start <= date <= e.end:
            return e.months, e.held_to_peace
    return career.default_months, 0


def taken(c: Campaign, s: CampaignState, dice: Dice, text: str, captor: str) -> None:
    """The flagship is taken and the captain with her: a prisoner (or, with no career data, the career ends)."""
    if c.career is None:
        end_career(s, "captured", text)
        return
    if s.mission is not None:  # taken with his orders unfulfilled
        missions.settle(c, s, "failure")
    flag = s.flagship
    s.lost_ships.append(flag.card)
    for ship in list(s.ships):
        leave(s, ship, f"{ship.name} taken by the enemy with her captain" if ship is flag else
              f"{ship.name} parts from the captain on his capture: the navy's now, no longer his squadron")
    count(s, "captured")
    (lo, hi), to_peace = exchange_terms(c.career, captor, s.nation, s.date)
    held = "" if dice.below(100) < to_peace else add_months(s.date, lo + dice.below(hi - lo + 1))
    s.status, s.captor, s.release = "prisoner", captor, held
    s.port, s.orders, s.encounter, s.battle, s.prizes = None, None, None, None, []
    them = PEOPLE.get(captor, captor)
    log(s, "captured", f"{text} " + (f"The {them} hold him; he may hope to be exchanged by {held}." if held else
                                     f"The {them} exchange no captains now: he is held until the peace."),
        captor=captor, release=held)
    s.stage = "close"


def strength(ship: ShipRecord) -> int:
    """What a ship brings to a fight, for a court's reckoning of the odds: gunnery boxes and crew points."""
    return ship.guns + ship.crew


def battle_record(c: Campaign, s: CampaignState, enemies: list[dict[str, Any]], own: int,
                  turns: int) -> dict[str, Any]:
    """What a court martial tries: the odds (the enemy's strength at the start over his squadron's, `own`), the
    share of the enemy's boxes destroyed, and the turns she fought."""
    full = done = 0
    for v in enemies:
        card = c.cards[v["card"]]
        boxes = card.crew_points + card.rigging_points + sum(len(card.gunnery[x]) for x in SECTION_NAMES)
        full += boxes
        done += boxes - v["crew"] - v["rigging"] - sum(v["gunnery"].values())
    theirs = sum(c.cards[v["card"]].crew_points + sum(len(g) for g in c.cards[v["card"]].gunnery.values())
                 for v in enemies)
    return {"ship": s.flagship.name, "odds": round(theirs / max(own, 1), 2),
            "damage_done": round(done / full, 2) if full else 0.0, "turns": turns}


# ------------------------------------------------------------------------------------------ captivity, court


def captivity_month(c: Campaign, s: CampaignState) -> None:
    """A month in captivity: exchanged when his time is up, released when the captor makes peace with his nation;
    either way a court martial tries the loss of his ship."""
    at_war = s.captor in c.enemies(s.nation, s.date)
    s.stage = "close"
    if at_war and (not s.release or s.date < s.release):
        return
    count(s, "exchanged")
    home = home_port(c, s.nation)
    log(s, "exchange", f"Captain {s.captain} is " + ("exchanged" if at_war else "released at the peace")
                       + f" and comes home to {c.port(home).name}.")
    s.status, s.captor, s.release, s.half_pay_months = "half_pay", "", "", 0
    s.port, s.area = home, c.port(home).area
    court_martial(c, s)


def _points(steps: list[Step], value: float) -> int:
    return int(next((x.points for x in steps if value >= x.at), steps[-1].points))


def court_martial(c: Campaign, s: CampaignState) -> str:
    """Try the captain for the loss of his ship; the verdict (and its reputation) in the journal and `courts`."""
    assert c.career is not None
    cm = c.career.court_martial
    d = s.defeat or {"ship": "his ship", "odds": 0.0, "damage_done": 0.0, "turns": 0}
    points = _points(cm.odds, d["odds"]) + _points(cm.damage_done, d["damage_done"]) + _points(cm.turns, d["turns"])
    verdict = ("honourable" if points >= cm.honourable_from else "acquitted" if points >= cm.acquitted_from
               else "reprimanded" if points >= cm.reprimanded_from else "dismissed")
    s.defeat = None
    s.courts.append({"date": s.date, "ship": d["ship"], "points": points, "verdict": verdict})
    count(s, f"court_{verdict}")
    why = (f"she fought {d['turns']} turns against odds of {d['odds']:g} to 1 and destroyed "
           f"{round(100 * d['damage_done'])}% of the enemy's boxes")
    words = {"honourable": "honourably acquitted: the court praises his conduct",
             "acquitted": "acquitted", "reprimanded": "reprimanded for the loss",
             "dismissed": "dismissed the service"}[verdict]
    if verdict == "dismissed":
        end_career(s, "dismissed", f"A court martial for the loss of {d['ship']} ({why}): Captain {s.captain} is "
                                   f"{words}.")
        return verdict
    change = int(getattr(cm.reputation, verdict))
    s.reputation += change
    log(s, "court", f"A court martial for the loss of {d['ship']} ({why}): Captain {s.captain} is {words}"
                    f" (reputation {change:+d}). He waits on half-pay for a new command.",
        verdict=verdict, points=points)
    return verdict


# ------------------------------------------------------------------------------------------ half-pay


def command_for(c: Campaign, s: CampaignState) -> CareerCommand | None:
    """The best command the navy could give him now: his nation's, afloat this year, for his rank, needing no
    more reputation than he has, and never a ship he lost (a class he lost one of is still open to him)."""
    if c.career is None:
        return None
    ships = [(ship_rank(c.cards[x.ship]), x.reputation, i, x) for i, x in enumerate(c.career.commands)
             if x.nation == s.nation and x.from_year <= s.year and (x.to_year is None or s.year <= x.to_year)
             and x.reputation <= max(0, s.reputation) and x.rank <= s.rank
             and (x.class_of or x.ship not in s.lost_ships)]
    return max(ships)[3] if ships else None  # the best ranked; between equals the one needing more reputation


def half_pay_info(c: Campaign, s: CampaignState) -> dict[str, Any]:
    """The half-pay request's facts: months waited, reputation, his rank, the ship he could be given, the last
    verdict."""
    cmd = command_for(c, s)
    ship = None if cmd is None else (f"a ship of {c.cards[cmd.ship].name}'s class" if cmd.class_of
                                     else c.cards[cmd.ship].name)
    return {"months": s.half_pay_months, "reputation": s.reputation, "rank": rank_title(c, s),
            "ship": ship, "court": s.courts[-1] if s.courts else None}


def half_pay(c: Campaign, s: CampaignState, dice: Dice, choice: str) -> None:
    """A month on half-pay: retire (the career ends), or wait and perhaps be given a ship."""
    assert c.career is not None
    if choice == "retire":
        end_career(s, "retired", f"Captain {s.captain} retires from the sea after {s.half_pay_months} month(s) on "
                                 "half-pay.")
        return
    s.half_pay_months += 1
    hp = c.career.half_pay
    at_war = bool(c.enemies(s.nation, s.date))
    chance = hp.command_chance + hp.per_reputation * s.reputation if at_war else hp.peace_chance
    cmd = command_for(c, s)
    if cmd is not None and dice.below(100) < max(0, min(90, chance)):
        name = generic_name(c, s, dice, s.nation, cmd.ship) if cmd.class_of else c.cards[cmd.ship].name
        commission(c, s, cmd.ship, name)
    s.stage = "close"


def commission(c: Campaign, s: CampaignState, card_id: str, name: str | None = None) -> None:
    """He is given `card_id` (under `name`, for a ship of a class), fitted out at his home port with its
    recruits."""
    home = home_port(c, s.nation)
    port = c.port(home)
    card = c.cards[card_id]
    name = name or card.name
    terms = c.campaign.terms
    ship = ShipRecord(id=f"{card.id}-{s.stats.get('commands', 0) + 2}", card=card.id, name=name,
                      role="flagship", experience=QUALITY_EXPERIENCE[port.recruits.quality], crew=card.crew_points,
                      rigging=card.rigging_points, gunnery={x: len(card.gunnery[x]) for x in SECTION_NAMES},
                      morale=3, stores=terms.stores_months, shot=terms.shot)
    join(s, ship, f"{name} commissioned for Captain {s.captain} after half-pay")
    count(s, "commands")
    s.commanded.append(card.id)
    s.status, s.port, s.area = "command", home, port.area
    log(s, "command", f"After {s.half_pay_months} month(s) on half-pay Captain {s.captain} is given {name} "
                      f"at {port.name}.")
    s.half_pay_months = 0


# ------------------------------------------------------------------------------------------ the ladder


def ladder(c: Campaign, nation: str) -> list[Rank]:
    """His nation's ranks, lowest first ([] if the campaign gives none)."""
    if c.career is None:
        return []
    return next((list(x.ranks) for x in c.career.ladders if x.nation == nation), [])


def rank_title(c: Campaign, s: CampaignState) -> str:
    ranks = ladder(c, s.nation)
    return ranks[min(s.rank, len(ranks) - 1)].title if ranks else ""


def months_from(a: str, b: str) -> int:
    """Whole months from `a` to `b` (YYYY-MM)."""
    (ya, ma), (yb, mb) = ((int(x) for x in d.split("-")) for d in (a, b))
    return (yb - ya) * 12 + mb - ma


def rise(c: Campaign, s: CampaignState) -> None:
    """At a month's close: he rises a step when he has served the step's seniority below it and has its
    reputation -- in command or on half-pay, not while a prisoner."""
    ranks = ladder(c, s.nation)
    if not s.rank_since:
        s.rank_since = s.date
    if s.status == "prisoner" or s.rank + 1 >= len(ranks):
        return
    step = ranks[s.rank + 1]
    if months_from(s.rank_since, s.date) >= step.seniority and s.reputation >= step.reputation:
        s.rank, s.rank_since = s.rank + 1, s.date
        log(s, "rank", f"Captain {s.captain} rises to {step.title}.", rank=step.title)


def rank_needed(c: Campaign, nation: str, ship: str) -> int:
    """The least rank his nation gives `ship` at (career.json commands; 0 if she is not listed)."""
    if c.career is None:
        return 0
    return min((x.rank for x in c.career.commands if x.nation == nation and x.ship == ship), default=0)
