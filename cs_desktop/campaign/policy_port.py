"""The computer captain between battles (issue 29, item 5), beside `policy.py`:

- works: in port with the flagship sound, order the first refit of `WORKS` the yard offers her when the purse
  holds its cost and `RESERVE` besides (for the next repairs): a copper bottom first (she chases and escapes
  better), then extra boats (a cutting-out); never the gun exchanges -- which way is better depends on how she
  fights, a choice left to the player;
- drafts: a refit short of crew by more than the port's recruits raises the rest the nation's way (the press, the
  volunteers, the inscription), repairing the worst tracks first and recruiting what the purse pays.
"""

from __future__ import annotations

from typing import Any

from cs_desktop.campaign.engine import CampaignEngine
from cs_desktop.campaign.port import check_refit

#: the refits the computer orders, in order
WORKS = ("copper", "boats")
#: money kept back for repairs when ordering works
RESERVE = 600


def works_order(engine: CampaignEngine, info: dict[str, Any]) -> dict[str, Any] | None:
    """A refit order putting the flagship in the yard for the first of `WORKS` on offer, or None."""
    offered = {o["refit"]: o for o in info.get("works", []) if o["why_not"] is None}
    for refit in WORKS:
        o = offered.get(refit)
        if o is not None and engine.state.money >= o["cost"] + RESERVE:
            order = {"order": "refit", "works": [refit]}
            if check_refit(engine.c, engine.state, order) is None:
                return order
    return None


def manned_refit(engine: CampaignEngine, info: dict[str, Any]) -> dict[str, Any] | None:
    """A month's refit of the flagship that also drafts men when the port's recruits cannot fill her crew; None
    when the draft is not needed (or not to be had)."""
    lim, draft = info.get("refit"), info.get("draft")
    if not lim or not draft or not draft["points"]:
        return None
    flag = engine.state.flagship
    gap = engine.c.cards[flag.card].crew_points - flag.crew
    if gap <= lim["recruit"]:
        return None
    money = engine.state.money
    repair: dict[str, int] = {}
    left = lim["repair_total"]
    for track, n in sorted(lim["repair"].items(), key=lambda kv: (-kv[1], kv[0])):  # the worst wound first
        k = max(0, min(n, left, money // max(1, lim["repair_cost"])))
        if k:
            repair[track] = k
            left -= k
            money -= k * lim["repair_cost"]
    recruit = min(lim["recruit"], money // max(1, lim["recruit_cost"]))
    money -= recruit * lim["recruit_cost"]
    n = min(gap - recruit, draft["points"], money // draft["cost"] if draft["cost"] else gap)
    order = {"order": "refit", "repair": repair, "recruit": recruit, "draft": max(0, n)}
    return order if n > 0 and check_refit(engine.c, engine.state, order) is None else None
