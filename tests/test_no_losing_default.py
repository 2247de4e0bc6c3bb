"""No default that loses (issue 28 item 4): a maneuver that takes a ship off the map and ends the game (9.3) or
takes her out of the battle (R9.3f) is never the one the form opens with (play/maneuver_form.safe_default)."""

from __future__ import annotations

from cs_desktop.play.fair_advice import FairAdvice
from cs_desktop.play.maneuver_form import base_key, danger_question, dangers, safe_default
from tests.rules.test_advice import _ready


def test_9_3_advance_off_the_map_is_a_danger_and_never_the_default() -> None:
    game = _ready(a=(31, 12, 3), b=(0, 12, 3), wind=3)
    request = game.pending_for("us")
    assert request is not None and request.kind == "select_maneuver"
    options = request.ships["constitution"]  # type: ignore[index]
    assert base_key(options[0]) == (("maneuver", "advance"),), "Advance is the first maneuver listed"
    found = dangers(FairAdvice(game.view("us"), game.cards).maneuver_previews("constitution"))
    danger = found[(("maneuver", "advance"),)]
    assert (danger.consequence, danger.rule) == ("she sails off the map and the game ends", "9.3")
    default = safe_default(options, found)
    assert default in options and base_key(default) not in found
    assert danger_question("Constitution", options[0], danger) == \
        "Constitution: Advance — she sails off the map and the game ends (9.3)."
    assert safe_default(options, {}) == options[0]  # nothing dangerous: the first, as before


def test_R9_3f_under_fleet_rules_leaving_the_battle_is_a_danger_too() -> None:
    game = _ready(a=(31, 12, 3), b=(0, 12, 3), wind=3, extra={"us": [("congress", (15, 5, 3))]},
                  options={"fleet_rules": True})
    found = dangers(FairAdvice(game.view("us"), game.cards).maneuver_previews("constitution"))
    assert found[(("maneuver", "advance"),)].rule == "R9.3f"
