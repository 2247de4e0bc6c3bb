"""Every scenario reachable (issue 28 item 5): play/catalog.py lists the shipped duels, squadron actions and what-ifs
(scenarios/ and scenarios/fleets/) in groups, each labelled with its ship count, sides and fleet options."""

from __future__ import annotations

from cs_desktop.play.catalog import GROUPS, shipped


def test_28_5_every_shipped_scenario_in_its_group() -> None:
    entries = {e.path.stem: e for e in shipped()}
    assert entries["constitution-vs-java"].group == "Duels"
    assert entries["lake-erie"].group == entries["lake-champlain"].group == "Squadron actions"
    assert entries["president-vs-belvidera-3-ship"].group == "Squadron actions"
    assert entries["frigate-fleets-12-a-side"].group == entries["three-flags-off-guadeloupe"].group == "What-ifs"
    assert entries["congress-vs-curlew"].group == "What-ifs"  # a duel never fought
    assert [GROUPS.index(e.group) for e in shipped()] == sorted(GROUPS.index(e.group) for e in shipped())
    erie = entries["lake-erie"]
    assert erie.label == ("Lake Erie (fleet rules) (1813) — 15 ships, US 9 v GB 6; fleet rules, fractional "
                          "relativity")
    assert entries["three-flags-off-guadeloupe"].sides == "US 2 v FR 2 v GB 1"
    assert "terrain" in entries["frigates-among-the-shoals"].options
    assert entries["constitution-vs-java"].options == ""
