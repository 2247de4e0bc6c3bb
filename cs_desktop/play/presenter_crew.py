"""The play presenter's crew assignment being edited (5.0): the ships' drafts on the cards for the pending
assign_crew request, starting from the crew that mans the battery that bears (play/crew_plan.py), and the
warning before confirming a battery with an enemy in its arc and no gunners. A part of `PlayPresenter`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cs_desktop.play import crew_plan
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.game import Game

if TYPE_CHECKING:
    from cs_desktop.play.screen import ScreenModel


class CrewDrafts:
    game: Game | None
    drafts: dict[str, dict[str, Any]]
    _draft_for: Request | None  # the request itself, held: an id() is reused once a request is freed

    if TYPE_CHECKING:
        def request(self) -> Request | None: ...
        def submit(self, answer: Any) -> bool: ...
        def screen(self) -> ScreenModel: ...

    def crew_drafts(self) -> dict[str, dict[str, Any]]:
        """The crew assignment being edited on the ship cards for the pending assign_crew request."""
        request = self.request()
        if request is None or request.kind != "assign_crew":
            return {}
        if self._draft_for is not request:
            self._draft_for = request
            self.drafts = self.bearing_crew(request)
        return self.drafts

    def bearing_crew(self, request: Request) -> dict[str, dict[str, Any]]:
        """The default crew assignment (issue 11 item 3): each ship mans the battery that bears, from the
        deciding side's view (crew_plan.py)."""
        assert self.game is not None
        return crew_plan.bearing_assignments(self.game.view(request.side, events=False), request.info["limits"])

    def crew_warnings(self) -> list[str]:
        """Ships whose draft leaves a battery with an enemy in its arc and in range without gunners."""
        request = self.request()
        if request is None or request.kind != "assign_crew" or self.game is None:
            return []
        view = self.game.view(request.side, events=False)
        return crew_plan.no_gunner_warnings(view, self.crew_drafts(), self.screen().ship_names)

    def set_draft(self, ship_id: str, assign: dict[str, Any]) -> bool:
        """Change one ship's draft; True if it belongs to the pending assignment."""
        drafts = self.crew_drafts()
        if ship_id not in drafts:
            return False
        drafts[ship_id] = copy_assign(assign)
        return True

    def submit_crew(self) -> bool:
        drafts = self.crew_drafts()
        if not drafts:
            return False
        return self.submit({ship: copy_assign(a) for ship, a in drafts.items()})


def copy_assign(assign: dict[str, Any]) -> dict[str, Any]:
    return {
        "sailing": int(assign["sailing"]), "rigging_change": int(assign["rigging_change"]),
        "rigging_dc": int(assign["rigging_dc"]), "hull_dc": {k: int(v) for k, v in assign["hull_dc"].items()},
        "gunnery": {k: int(v) for k, v in assign["gunnery"].items()},
    }
