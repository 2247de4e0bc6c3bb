"""The words of issue 29's campaign screens, from the pending request alone (no Qt): the missions on the orders
screen and the half-pay screen. The campaign page draws them; the presenter words a mission's option with them."""

from __future__ import annotations

from cs_desktop.campaign.engine import CampaignRequest


def mission_words(req: CampaignRequest | None, mission_id: str, choice_id: str | None = None) -> str:
    """A mission on offer as an order's words: its title, the months allowed, what it asks; for one of its
    choices, the mission's title and the choice's own words and months."""
    offered = req.info.get("missions", {}).get("offered", []) if req is not None else []
    m = next((x for x in offered if x["id"] == mission_id), None)
    if m is None:
        return f"Mission {mission_id}"
    ch = next((x for x in m.get("choices", []) if x["id"] == choice_id), None)
    if ch is not None:
        return f"Mission: {m['title']} ({ch['months']} month(s)) — {ch['text']}"
    return f"Mission: {m['title']} ({m['months']} month(s)) — {m['text']}"


def mission_lines(req: CampaignRequest | None) -> list[str]:
    """The orders screen's missions: the one in hand (its goal and deadline), and how many are on offer."""
    info = req.info.get("missions", {}) if req is not None and req.kind == "orders" else {}
    lines = []
    if info.get("in_hand"):
        m = info["in_hand"]
        lines.append(f"Mission in hand: {m['title']}, by {m['deadline']}")
    if info.get("offered"):
        lines.append(f"Missions offered here: {len(info['offered'])} (each an order below)")
        lines += [f"{m['title']}: {m['text']} ({len(m['choices'])} ways to carry it out, each an order below)"
                  for m in info["offered"] if m.get("choices")]
    return lines


def half_pay_lines(req: CampaignRequest | None) -> list[str]:
    """The half-pay screen: months waited, the last court martial's verdict, the ship he could be given."""
    if req is None or req.kind != "half_pay":
        return []
    i = req.info
    waited = f"half-pay for {i['months']} month(s); reputation {i['reputation']}"
    lines = [f"{i['rank']}, on {waited}" if i.get("rank") else f"On {waited}"]
    if i.get("court"):
        court = i["court"]
        lines.append(f"Court martial ({court['date']}) for the loss of {court['ship']}: {court['verdict']}")
    lines.append(f"The Navy could give him {i['ship']}" if i.get("ship") else "No ship the Navy could give him")
    return lines
