"""The crew assignment being edited (5.0), a part the play presenter owns (`presenter.crew`): the ships'
drafts on the cards for the pending assign_crew request, starting from the crew that mans the battery that
bears (play/crew_plan.py), and the warning before confirming a battery with an enemy in its arc and no
gunners. It is given what it reads and the one thing it does: the request at the screen, the game, the ships'
names and the presenter's `submit`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cs_desktop.play import crew_plan
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.game import Game

Drafts = dict[str, dict[str, Any]]


class CrewDrafts:
    def __init__(self, request: Callable[[], Request | None], game: Callable[[], Game | None],
                 ship_names: Callable[[], dict[str, str]], submit: Callable[[Any], bool]) -> None:
        self._request = request
        self._game = game
        self._ship_names = ship_names
        self._submit = submit
        self._drafts: Drafts = {}
        self._draft_for: Request | None = None  # the request itself, held: an id() is reused once it is freed
        #: called after a draft changed (the window's session emits `draftChanged`)
        self.on_change: Callable[[], None] = lambda: None

    def reset(self) -> None:
        """The game was replaced (new, load, undo): the drafts start again from the next request."""
        self._drafts = {}
        self._draft_for = None

    def drafts(self) -> Drafts:
        """The crew assignment being edited on the ship cards for the pending assign_crew request."""
        request = self._request()
        if request is None or request.kind != "assign_crew":
            return {}
        if self._draft_for is not request:
            self._draft_for = request
            self._drafts = self.bearing(request)
        return self._drafts

    def bearing(self, request: Request) -> Drafts:
        """The default crew assignment (issue 11 item 3): each ship mans the battery that bears, from the
        deciding side's view (crew_plan.py)."""
        game = self._game()
        if game is None:
            return {}
        return crew_plan.bearing_assignments(game.view(request.side, events=False), request.info["limits"])

    def warnings(self) -> list[str]:
        """Ships whose draft leaves a battery with an enemy in its arc and in range without gunners."""
        request = self._request()
        game = self._game()
        if request is None or request.kind != "assign_crew" or game is None:
            return []
        view = game.view(request.side, events=False)
        return crew_plan.no_gunner_warnings(view, self.drafts(), self._ship_names())

    def set_draft(self, ship_id: str, assign: dict[str, Any]) -> bool:
        """Change one ship's draft; True if it belongs to the pending assignment."""
        drafts = self.drafts()
        if ship_id not in drafts:
            return False
        drafts[ship_id] = copy_assign(assign)
        self.on_change()
        return True

    def submit(self) -> bool:
        drafts = self.drafts()
        if not drafts:
            return False
        return self._submit({ship: copy_assign(a) for ship, a in drafts.items()})


def copy_assign(assign: dict[str, Any]) -> dict[str, Any]:
    return {
        "sailing": int(assign["sailing"]), "rigging_change": int(assign["rigging_change"]),
        "rigging_dc": int(assign["rigging_dc"]), "hull_dc": {k: int(v) for k, v in assign["hull_dc"].items()},
        "gunnery": {k: int(v) for k, v in assign["gunnery"].items()},
    }
