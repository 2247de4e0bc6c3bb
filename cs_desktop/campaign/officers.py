"""The flagship's officers (issue 29, item 5; the data: `officers` in port.json, the names: the captains of
names.json). A first lieutenant, a second lieutenant, a master and a marine officer, each named from his
nation's list, each with experience that grows with battles and months at sea; each post gives one designed
modifier (docs/campaign-engine.md "Officers", ruling RC15.7a), within what the campaign already sets for a
battle:

- `crew_experience` (the lieutenants: gun crews, reloading, boarders): added to the crew's experience when the
  battle's crew quality is set -- so a good first lieutenant can make an Average crew of 8 Crack for the battle
  (reloading, 11.0; maneuver and melee rolls, 3.3);
- `morale` (the marine officer: discipline in a boarding): boxes added to her morale when a battle begins, Handy
  at most (melee, 15.0);
- `rigging_at_sea` (the master: seamanship): rigging boxes mended at the end of each month at sea, with no yard.

A vacant post is filled in a port of his nation; a first lieutenant of `promoted_at` experience and a year in the
post is made commander and leaves (the second steps up); in a hard battle (a quarter of her crew lost) each may be killed (a die of
`killed_on` or more); when the flagship strikes they are prisoners with the captain and their posts fall vacant.
"""

from __future__ import annotations

from typing import Any

from cs_desktop.campaign.folder import Campaign
from cs_desktop.campaign.model import POSTS, OfficerPost
from cs_desktop.campaign.state import CampaignState, add_months, adjust, log, quality_of
from cs_desktop.rules.dice import Dice

#: the officers roll their own dice (the career's seed plus this, `officer_dice` the counter), so the
#: campaign's other draws are those of a career without officers
DICE_SALT = 0x0FF1CE


def _dice(s: CampaignState) -> Dice:
    return Dice(s.seed + DICE_SALT, s.officer_dice)


#: months a first lieutenant serves in the post (since he joined it or stepped up to it) before he can be made
#: commander: a captain's own followers were not promoted away every month (designed)
SERVED_FIRST = 12


def active(c: Campaign) -> bool:
    """Officers serve where the campaign gives posts (port.json) and names (port.json's own, or names.json's)."""
    return c.works is not None and (c.names is not None or bool(c.works.officers.names))


def pools(c: Campaign, nation: str, name: str) -> list[list[str]]:
    """Where an officer of `nation` for post `name` is named from, in turn: port.json's names for the post, its
    names for every post, then names.json's captains."""
    assert c.works is not None
    lists = c.works.officers.names
    return [[n for x in lists if x.nation == nation and x.post == name for n in x.names],
            [n for x in lists if x.nation == nation and x.post is None for n in x.names], c.captain_names(nation)]


def _served(s: CampaignState) -> set[str]:
    """Officers who served and left (killed, made commander): never drawn again in this career."""
    return {e["officer"] for e in s.journal if e["kind"] == "officers" and "officer" in e}


def post(c: Campaign, name: str) -> OfficerPost | None:
    assert c.works is not None
    return next((p for p in c.works.officers.posts if p.post == name), None)


def in_post(s: CampaignState, name: str) -> dict[str, Any] | None:
    return next((o for o in s.officers if o["post"] == name), None)


def value(c: Campaign, s: CampaignState, effect: str) -> int:
    """What the officers in post give of `effect` now (0 without officers)."""
    if not active(c):
        return 0
    assert c.works is not None
    total = 0
    for p in c.works.officers.posts:
        o = in_post(s, p.post)
        if o is not None and p.effect == effect:
            total += p.seasoned_value if o["experience"] >= c.works.officers.seasoned else p.value
    return total


def battle_quality(c: Campaign, s: CampaignState) -> str:
    """The flagship's crew quality for a battle: her crew's experience and the lieutenants'."""
    return quality_of(s.flagship.experience + value(c, s, "crew_experience"))


def battle_morale(c: Campaign, s: CampaignState) -> int:
    """The flagship's morale when a battle begins: hers and the marine officer's, Handy at most."""
    return min(3, s.flagship.morale + value(c, s, "morale"))


def words(c: Campaign, s: CampaignState) -> list[dict[str, Any]]:
    """Each post with its officer (or vacant), his experience, whether seasoned and what he gives now."""
    if not active(c):
        return []
    assert c.works is not None
    out = []
    for p in c.works.officers.posts:
        o = in_post(s, p.post)
        seasoned = o is not None and o["experience"] >= c.works.officers.seasoned
        out.append({"post": p.post, "title": p.title, "name": o["name"] if o else None,
                    "experience": o["experience"] if o else 0, "seasoned": seasoned, "effect": p.effect,
                    "value": (p.seasoned_value if seasoned else p.value) if o else 0, "sources": list(p.sources)})
    return out


def fill(c: Campaign, s: CampaignState) -> None:
    """In a port of his nation, in command: every vacant post filled from the nation's names (one line)."""
    if not active(c) or s.status != "command" or s.port is None or c.port(s.port).nation != s.nation:
        return
    assert c.works is not None
    dice = _dice(s)
    joined = []
    for p in c.works.officers.posts:
        if in_post(s, p.post) is not None:
            continue
        taken = {o["name"] for o in s.officers} | {s.captain.split()[-1]} | _served(s)
        free = [[n for n in pool if n not in taken and n.split()[-1] not in taken] for pool in pools(c, s.nation,
                                                                                                      p.post)]
        if free[0]:  # the post's own names join in the order they served
            name = free[0][0]
        elif free[1] or free[2]:
            names = free[1] or free[2]
            name = names[dice.below(len(names))]
        else:
            continue
        s.officers.append({"post": p.post, "name": name, "experience": 0, "since": s.date})
        joined.append(f"{name} as {p.title.lower()}")
    s.officer_dice = dice.counter
    s.officers.sort(key=lambda o: POSTS.index(o["post"]))
    if joined:
        log(s, "officers", f"Joining {s.flagship.name} at {c.port(s.port).name}: " + "; ".join(joined) + ".",
            officers=joined)


def after_battle(c: Campaign, s: CampaignState, crew_lost: int, crew_points: int) -> None:
    """Experience for the battle; the dead of a hard battle; all taken if the flagship struck."""
    if not active(c) or not s.officers or s.ended:  # a career that ended in the battle: its end is the last line
        return
    assert c.works is not None
    if s.status == "prisoner":
        log(s, "officers", "Her officers share the captain's captivity: " + ", ".join(o["name"] for o in s.officers)
            + ".")
        s.officers = []
        return
    for o in s.officers:
        o["experience"] += c.works.officers.per_battle
    if crew_lost * 4 < crew_points:
        return
    dice = _dice(s)
    for o in list(s.officers):
        die = dice.d6()
        s.officer_dice = dice.counter
        if die >= c.works.officers.killed_on.get(o["post"], 7):
            s.officers.remove(o)
            title = post(c, o["post"])
            log(s, "officers", f"{title.title if title else o['post']} {o['name']} is killed in the action "
                               f"(die {die}).", officer=o["name"])


def month_end(c: Campaign, s: CampaignState) -> None:
    """At sea: experience, and the master's mending aloft; in port: a first lieutenant made commander."""
    if not active(c) or not s.officers or s.status != "command":
        return
    assert c.works is not None
    if s.port is None:
        for o in s.officers:
            o["experience"] += c.works.officers.per_month_at_sea
        _mend(c, s)
        return
    first = in_post(s, "first_lieutenant")
    if first is not None and first["experience"] >= c.works.officers.promoted_at \
            and add_months(first["since"], SERVED_FIRST) <= s.date:
        s.officers.remove(first)
        second = in_post(s, "second_lieutenant")
        line = f"First lieutenant {first['name']} is made commander and leaves {s.flagship.name}"
        if second is not None:
            second["post"], second["since"] = "first_lieutenant", s.date
            line += f"; {second['name']} becomes first lieutenant"
        log(s, "officers", line + ".", officer=first["name"])


def _mend(c: Campaign, s: CampaignState) -> None:
    flag = s.flagship
    n = min(value(c, s, "rigging_at_sea"), c.cards[flag.card].rigging_points - flag.rigging)
    master = in_post(s, "master")
    if n > 0 and master is not None:
        adjust(s, flag, "rigging", n, f"mended at sea by the master, {master['name']}")
        log(s, "officers", f"The master, {master['name']}, has {n} rigging box(es) of {flag.name} mended at sea.",
            mended=n)
