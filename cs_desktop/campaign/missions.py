"""Missions: the Admiralty's (or the Ministry's) orders as data (issue 29, item 2; the folder's missions.json).

In a home port a captain in command with no mission in hand is offered every mission of his nation whose dates
include the month, whose reputation he has, not ended before, and whose `after` (a follow-up: the mission it
follows and how that one ended) is met -- chains that branch on success and failure. Accepting one is an order:
it sails him where the goal is (dispatches: passage to the area, avoiding action; escort: an escort there;
blockade: the port; hunt: seeking action where the hunted sailing cruises; raid: seeking action). The goal is
checked as the months go: dispatches -- at sea in the area at a month's end; escort -- a month's escort there
with the convoy kept together; blockade -- `months` months before the port; hunt -- a ship of the sailing taken
or burnt; raid -- `count` enemy ships taken or burnt; cut out -- the boats bring the ship out of the port
blockaded (`consequences.cut_out`, a roll a month). Achieved: the success outcome; the deadline passed, or the
captain taken: the failure outcome. Each outcome's reputation and money (in the ledger) and its line.

A mission may offer `choices`, ways to carry it out chosen when it is accepted (an order option each): a choice
changes the stance at sea, the months allowed and the outcomes, and a follow-up may ask for the choice made.
"""

from __future__ import annotations

from typing import Any

from cs_desktop.campaign.folder import Campaign
from cs_desktop.campaign.model import Choice, Mission, Outcome
from cs_desktop.campaign.state import CampaignState, add_months, adjust, count, log


def find(c: Campaign, mission_id: str) -> Mission:
    assert c.missions is not None
    return next(m for m in c.missions.missions if m.id == mission_id)


def offers(c: Campaign, s: CampaignState) -> list[Mission]:
    """The missions on offer now (none at sea, on half-pay, in a foreign port, or with a mission in hand)."""
    if c.missions is None or s.mission is not None or s.port is None or s.status != "command" \
            or c.port(s.port).nation != s.nation:
        return []
    ended = {m["id"] for m in s.missions}
    outcomes = {(m["id"], m["outcome"], m.get("choice")) for m in s.missions}
    return [m for m in c.missions.missions if m.nation == s.nation and m.start <= s.date <= m.end
            and s.reputation >= m.reputation and m.id not in ended
            and (m.after is None or any(x[:2] == (m.after.mission, m.after.outcome)
                                        and m.after.choice in (None, x[2]) for x in outcomes))]


def order_options(c: Campaign, s: CampaignState) -> list[dict[str, Any]]:
    """The orders that accept a mission on offer: one a mission, or one a choice of a mission that offers them."""
    out: list[dict[str, Any]] = []
    for m in offers(c, s):
        out += ([{"order": "mission", "mission": m.id, "choice": ch.id} for ch in m.choices] if m.choices
                else [{"order": "mission", "mission": m.id}])
    return out


def choice_of(m: Mission, choice_id: str | None) -> Choice | None:
    return next((ch for ch in m.choices if ch.id == choice_id), None)


def outcome_of(m: Mission, choice_id: str | None, result: str) -> Outcome:
    """What `result` (success or failure) brings: the choice's own outcome where it gives one."""
    ch = choice_of(m, choice_id)
    own = (ch.success if result == "success" else ch.failure) if ch is not None else None
    return own or (m.success if result == "success" else m.failure)


def note_offers(c: Campaign, s: CampaignState) -> None:
    """Record every mission offered this month (the career's count of missions offered)."""
    for m in offers(c, s):
        if m.id not in s.missions_offered:
            s.missions_offered.append(m.id)


def describe(c: Campaign, s: CampaignState) -> dict[str, Any]:
    """The orders request's facts about missions: those on offer and the one in hand."""
    out: dict[str, Any] = {"offered": [{"id": m.id, "title": m.title, "text": m.text, "months": m.months,
                                        "goal": m.goal.model_dump(mode="json", exclude_none=True),
                                        "choices": [{"id": ch.id, "text": ch.text, "months": ch.months or m.months}
                                                    for ch in m.choices]}
                                       for m in offers(c, s)]}
    if s.mission is not None:
        m = find(c, s.mission["id"])
        out["in_hand"] = {"id": m.id, "title": m.title, "deadline": s.mission["deadline"],
                          "progress": s.mission["progress"], "goal": m.goal.model_dump(mode="json", exclude_none=True)}
    return out


def accept(c: Campaign, s: CampaignState, mission_id: str, choice_id: str | None = None) -> dict[str, Any]:
    """He takes the mission (carried out as `choice_id`, if it offers choices): it is in hand, and the order it
    gives is returned (the engine sails it)."""
    m = find(c, mission_id)
    ch = choice_of(m, choice_id)
    months = ch.months if ch is not None and ch.months else m.months
    s.mission = {"id": m.id, "deadline": add_months(s.date, months - 1), "progress": 0}
    if ch is not None:
        s.mission["choice"] = ch.id
    how = f" He chooses: {ch.text}" if ch is not None else ""
    log(s, "mission", f"Orders: {m.title}. {m.text}{how} ({months} month(s), by {s.mission['deadline']}).",
        mission=m.id, **({"choice": ch.id} if ch is not None else {}))
    return sailing_order(c, s, m)


def sailing_order(c: Campaign, s: CampaignState, m: Mission) -> dict[str, Any]:
    g = m.goal
    if g.kind in ("blockade", "cut_out"):
        return {"order": "blockade", "port": g.port, "mission": m.id}
    if g.kind == "escort":
        return {"order": "escort", "area": g.area, "mission": m.id}
    area = g.area
    if area is None and g.sailing is not None:
        area = next(x.areas[0] for x in c.sailings.sailings if x.id == g.sailing)
    stance = "avoid" if g.kind == "dispatches" else "seek"
    ch = choice_of(m, s.mission.get("choice") if s.mission is not None and s.mission["id"] == m.id else None)
    stance = ch.stance if ch is not None and ch.stance else stance
    return {"order": "cruise", "area": area or s.area, "stance": stance, "mission": m.id}


def cut_out_goal(c: Campaign, s: CampaignState) -> Mission | None:
    """The mission in hand if it is a cutting-out and the squadron blockades its port this month."""
    if s.mission is None or s.port is not None:
        return None
    m = find(c, s.mission["id"])
    order = s.orders or {}
    ok = m.goal.kind == "cut_out" and order.get("order") == "blockade" and order.get("port") == m.goal.port
    return m if ok else None


def target_area(c: Campaign, s: CampaignState) -> str | None:
    """Where the mission in hand is to be achieved (for the computer's policy), or None."""
    if s.mission is None:
        return None
    order = sailing_order(c, s, find(c, s.mission["id"]))
    return str(c.port(order["port"]).area) if "port" in order else str(order["area"])


def on_prize(c: Campaign, s: CampaignState) -> None:
    """An enemy ship taken or burnt (the encounter still set): a hunt's quarry, a raid's count."""
    if s.mission is None:
        return
    g = find(c, s.mission["id"]).goal
    sailing = (s.encounter or {}).get("sailing")
    if g.kind == "hunt" and sailing == g.sailing:
        settle(c, s, "success")
    elif g.kind == "raid":
        s.mission["progress"] += 1
        if s.mission["progress"] >= g.count:
            settle(c, s, "success")


def month_check(c: Campaign, s: CampaignState) -> None:
    """At a month's end at sea: dispatches delivered, an escort brought through, a month of blockade."""
    if s.mission is None or s.port is not None:
        return
    g = find(c, s.mission["id"]).goal
    order = s.orders or {}
    if g.kind == "dispatches" and s.area == g.area:
        settle(c, s, "success")
    elif g.kind == "escort" and order.get("order") == "escort" and s.area == g.area and not order.get("scattered"):
        settle(c, s, "success")
    elif g.kind == "blockade" and order.get("order") == "blockade" and order.get("port") == g.port:
        s.mission["progress"] += 1
        if s.mission["progress"] >= g.months:
            settle(c, s, "success")


def deadline_check(s: CampaignState, c: Campaign) -> None:
    """The month closes: a mission whose last month this was has failed."""
    if s.mission is not None and s.date >= s.mission["deadline"]:
        settle(c, s, "failure")


def settle(c: Campaign, s: CampaignState, outcome: str) -> None:
    """The mission in hand ends in `outcome` (success or failure): its reputation, money and line."""
    assert s.mission is not None
    m = find(c, s.mission["id"])
    choice = s.mission.get("choice")
    o = outcome_of(m, choice, outcome)
    s.reputation += o.reputation
    adjust(s, None, "money", o.money, f"mission {m.title}: {outcome}")
    s.missions.append({"id": m.id, "outcome": outcome, "date": s.date, **({"choice": choice} if choice else {})})
    s.mission = None
    count(s, f"missions_{outcome}")
    log(s, "mission", f"{m.title}: {o.text} (reputation {o.reputation:+d}" + (f", {o.money:+d}" if o.money else "")
                      + ").", mission=m.id, outcome=outcome)
