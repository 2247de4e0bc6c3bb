"""Crew drafts by nation (issue 29, item 5; the data: `drafts` in port.json): besides the port's recruits, a
port of his nation lets the captain man his ship his navy's way -- the British press (quick, green, and a press
gang's ill will costs reputation), American volunteers (slower, better, a bounty), the French inscription
maritime (the registered seamen of the coast called up). `points_per_week` men a week for at most `most_weeks`
weeks of the month, each point paid `cost_per_point`, each week costing `reputation_per_week`; the men join with
the experience of their quality and the crew's experience becomes the mean (as the port's recruits,
`port._recruit`)."""

from __future__ import annotations

from typing import Any

from cs_desktop.campaign.folder import Campaign
from cs_desktop.campaign.model import Draft
from cs_desktop.campaign.state import QUALITY_EXPERIENCE, CampaignState, ShipRecord, adjust, log


def of(c: Campaign, s: CampaignState) -> Draft | None:
    """The nation's draft where the squadron lies (none at sea, in a foreign port, or without port.json)."""
    if c.works is None or s.port is None or c.port(s.port).nation != s.nation:
        return None
    return next((d for d in c.works.drafts if d.nation == s.nation), None)


def weeks_for(d: Draft, points: int) -> int:
    return -(-points // d.points_per_week)


def limits(c: Campaign, s: CampaignState, ship: ShipRecord) -> dict[str, Any] | None:
    """What the draft can raise for `ship` this month: points (her card's gap, and the weeks allowed), quality,
    cost a point, reputation a week, its name and sources."""
    d = of(c, s)
    if d is None:
        return None
    gap = c.cards[ship.card].crew_points - ship.crew
    return {"method": d.method, "title": d.title, "points": max(0, min(gap, d.points_per_week * d.most_weeks)),
            "per_week": d.points_per_week, "quality": d.quality, "cost": d.cost_per_point,
            "reputation_per_week": d.reputation_per_week, "sources": list(d.sources)}


def check(c: Campaign, s: CampaignState, ship: ShipRecord, n: Any) -> str | None:
    lim = limits(c, s, ship)
    if not isinstance(n, int) or isinstance(n, bool):
        return f"refit: draft {n!r}: a number of crew points"
    if lim is None:
        return "refit: no draft here (a port of his nation with a draft in port.json)" if n else None
    if not 0 <= n <= lim["points"]:
        return f"refit: draft {n} crew points; choose 0 to {lim['points']}"
    return None


def cost(c: Campaign, s: CampaignState, n: int) -> int:
    d = of(c, s)
    return n * d.cost_per_point if d is not None else 0


def draft(c: Campaign, s: CampaignState, ship: ShipRecord, n: int) -> None:
    """`n` crew points raised the nation's way for `ship`: paid, the reputation it costs, one line."""
    d = of(c, s)
    if d is None or n <= 0:
        return
    assert s.port is not None
    port = c.port(s.port).name
    before = ship.crew
    adjust(s, ship, "crew", n, f"{d.title.lower()} at {port}")
    adjust(s, None, "money", -n * d.cost_per_point, f"{d.title.lower()} at {port}")
    ship.experience = (ship.experience * before + QUALITY_EXPERIENCE[d.quality] * n) // (before + n)
    weeks = weeks_for(d, n)
    s.reputation += d.reputation_per_week * weeks
    rep = f"; reputation {d.reputation_per_week * weeks:+d}" if d.reputation_per_week else ""
    log(s, "draft", f"{d.title} at {port}: {n} crew point(s) ({d.quality}) for {ship.name} in {weeks} week(s), "
                    f"cost {n * d.cost_per_point}{rep}.", points=n, weeks=weeks)
