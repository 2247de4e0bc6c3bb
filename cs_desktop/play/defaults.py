"""The answer each request's form opens with — what a player who accepts every default sends (issue 28 items 4
and 8). The widgets of gui/ open on the same answers (a test compares them); the benchmark's newcomer
(benchmarks/turn_flow.py) sends these.

Each is one of the request's own answers: the set-up's first sail and loads; the crew manning the battery that
bears (crew_plan.py); for the maneuver, the fleet orders' answer or else the first maneuver that neither ends the
game nor takes the ship out of the battle (maneuver_form.safe_default); for fire, each ship worth asking fires her
best shot and the rest hold (fire_plan.py); the first load offered; no Hold cards; the suggested melee support;
"Yes" to a yes/no question; otherwise the first option of each ship or of the request.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cs_desktop.play import crew_plan, fire_plan
from cs_desktop.play.fair_advice import FairAdvice
from cs_desktop.play.fleet_orders import FleetOrders
from cs_desktop.play.maneuver_form import dangers, form_rows, safe_default
from cs_desktop.play.turn_flow import StandingOrders
from cs_desktop.rules.cards import SECTION_NAMES, ShipCard
from cs_desktop.rules.decisions import Request

YES_NO = {"grapple", "melee", "melee_continue", "disengage", "sail_change", "take_possession", "retake"}


def default_answer(request: Request, view: Mapping[str, Any], cards: Mapping[str, ShipCard], fleet: FleetOrders,
                   orders: StandingOrders, names: Mapping[str, str]) -> Any:
    """The answer the form for `request` opens with, from the deciding side's `view`."""
    kind, info = request.kind, request.info
    if kind == "setup":
        return {sid: {"sail": info.get("sail", ["medium"])[0],
                      "loads": {sec: info.get("loads", ["round"])[0] for sec in info.get("sections", SECTION_NAMES)}}
                for sid in info.get("ships", [])}
    if kind == "assign_crew":
        return crew_plan.bearing_assignments(dict(view), info["limits"])
    if kind == "select_maneuver":
        return _maneuvers(request, view, cards, fleet, names)
    if kind == "fire":
        rows = fire_plan.fire_form_rows(request, FairAdvice(view, cards), orders.worth, orders.ask_everything, names)
        return fire_plan.default_answer(rows)
    if kind == "bonus_cards":
        return []
    if kind == "melee_support":
        return list(info.get("suggested", []))
    if request.options is not None:
        if kind in YES_NO:
            return True if True in request.options else request.options[0]
        return request.options[0]
    if request.ships is not None:
        return {sid: options[0] for sid, options in request.ships.items()}
    raise ValueError(f"no default answer for a {kind!r} request")


def _maneuvers(request: Request, view: Mapping[str, Any], cards: Mapping[str, ShipCard], fleet: FleetOrders,
               names: Mapping[str, str]) -> dict[str, Any]:
    rows = form_rows(request, fleet.fill(view, request, cards), fleet, names)
    advice = FairAdvice(view, cards)
    out: dict[str, Any] = {}
    for row in rows:
        options = (request.ships or {})[row.ship_id]
        out[row.ship_id] = row.answer if not row.asked else \
            safe_default(options, dangers(advice.maneuver_previews(row.ship_id), view, row.ship_id))
    return out
