"""Rule 5.0 in the play presenter: each assign_crew request starts its draft from the crew that mans the battery
that bears, never from an earlier turn's draft. The draft once followed `id(request)`, and CPython gives a freed
request's address to the next one: in CI the turn-2 form opened on turn 1's crew (issue 28 item 4)."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from cs_desktop.ai import captains
from cs_desktop.play import presenter_crew
from cs_desktop.play.presenter import PlayPresenter

import cs_desktop

JAVA = cs_desktop.SCENARIOS / "constitution-vs-java.json"


def _odd_draft(assign: dict[str, Any]) -> dict[str, Any]:
    """Everyone on the port bow battery: a draft no turn's default ever is."""
    total = int(assign["sailing"]) + int(assign["rigging_change"]) + int(assign["rigging_dc"]) + \
        sum(int(v) for v in assign["hull_dc"].values()) + sum(int(v) for v in assign["gunnery"].values())
    return {"sailing": 0, "rigging_change": 0, "rigging_dc": 0,
            "hull_dc": {k: 0 for k in assign["hull_dc"]},
            "gunnery": {k: (total if k == "port_bow" else 0) for k in assign["gunnery"]}}


@pytest.mark.parametrize("same_address", [False, True])
def test_5_0_each_crew_request_starts_from_its_own_default(same_address: bool, monkeypatch: Any) -> None:
    """With `same_address`, every object the crew drafts' module asks the address of has the same one: what CPython
    did in CI, made certain (a draft keyed by id() then outlives its request and this fails at turn 2)."""
    if same_address:
        monkeypatch.setattr(presenter_crew, "id", lambda obj: 0, raising=False)
    presenter = PlayPresenter(make_captain=lambda kind, seed: captains.make_captain(kind, seed))
    presenter.start_file(JAVA, {"us": "human", "gb": "simple"}, 5, {"turn_limit": 6})
    crew_requests = 0
    for step in range(3000):
        screen = presenter.screen()
        if screen.ended:
            break
        if screen.curtain:
            presenter.confirm_handover()
            continue
        request = screen.request
        if request is None:
            move = presenter.computer.move()
            assert move is not None
            assert presenter.computer.answered(move, move.captain.choose(move.seat), None)
            continue
        if request.kind == "assign_crew":
            crew_requests += 1
            assert presenter.crew.drafts() == presenter.crew.bearing(request), f"turn {screen.turn}"
            for ship, assign in presenter.crew.drafts().items():
                assert presenter.crew.set_draft(ship, _odd_draft(assign))
            assert presenter.crew.drafts() != presenter.crew.bearing(request)
            assert presenter.submit(presenter.crew.bearing(request))
        else:
            assert presenter.submit(presenter.random_answer(step))
        del request, screen
        gc.collect()  # the freed request's address is free for the next one, as it was in CI
    assert crew_requests >= 2
