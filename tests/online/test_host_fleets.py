"""Issue 32, item 2: every shipped scenario can be hosted online, a squadron action by its folder and name
("fleets/lake-erie"); a name that leads out of the server's scenarios folder is refused."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.ai.captains import make_captain
from cs_desktop.online.client import SeatClient, play_seat
from cs_desktop.online.command import host_game
from cs_desktop.online.referee import HostError, Referee
from tests.online.conftest import run, serving


def test_a_squadron_action_is_hosted_and_played_over_a_socket(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path / "games") as (server, url):
            frame = await host_game(url, "fleets/lake-erie", {"us": "human", "gb": "easy"},
                                    options={"turn_limit": 1})
            assert frame["t"] == "hosted", frame
            seat = await play_seat(SeatClient(url, frame["codes"]["us"]), make_captain("easy", 1))
            assert seat.ended
            (table,) = server.referee.tables.values()
            assert len(table.game.state.ships) == 15 and table.game.state.fleet_rules

    run(main)


@pytest.mark.parametrize("name", ["../constitution-vs-java", "fleets/../constitution-vs-java", "fleets/ships/x",
                                  "/etc/passwd", "fleets/lake-erie/", "a/b/c", "fleets/Lake-Erie", "outside"])
def test_a_name_out_of_the_folder_or_not_a_scenario_is_refused(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "scenarios"
    (folder / "fleets").mkdir(parents=True)
    (folder / "fleets" / "lake-erie.json").write_bytes((SCENARIOS / "fleets" / "lake-erie.json").read_bytes())
    outside = tmp_path / "elsewhere.json"
    outside.write_bytes((SCENARIOS / "constitution-vs-java.json").read_bytes())
    os.symlink(outside, folder / "outside.json")  # a link that leads out of the folder
    referee = Referee(tmp_path / "games", folder)
    with pytest.raises(HostError, match="on this server"):
        referee.host(name, {"us": "human", "gb": "easy"})
