"""No default that loses (issue 28 item 4): a maneuver that takes a ship off the map and ends the game (9.3) or
takes her out of the battle (R9.3f) — at once, or by the Bonus Move a Strain makes at the end of the turn
(16.0) — is never the one the form opens with (play/maneuver_form.safe_default)."""

from __future__ import annotations

from cs_desktop.play.fair_advice import FairAdvice
from cs_desktop.play.maneuver_form import base_key, danger_question, dangers, option_key, safe_default
from tests.rules.test_advice import _ready

ADVANCE = (("maneuver", "advance"),)


def _dangers(game: object) -> dict:  # type: ignore[type-arg]
    view = game.view("us")  # type: ignore[attr-defined]
    return dangers(FairAdvice(view, game.cards).maneuver_previews("constitution"), view, "constitution")  # type: ignore[attr-defined]


def test_9_3_advance_off_the_map_is_a_danger_and_never_the_default() -> None:
    game = _ready(a=(31, 12, 3), b=(0, 12, 3), wind=3)
    request = game.pending_for("us")
    assert request is not None and request.kind == "select_maneuver"
    options = request.ships["constitution"]  # type: ignore[index]
    assert base_key(options[0]) == ADVANCE, "Advance is the first maneuver listed"
    found = _dangers(game)
    danger = found[option_key(options[0])]
    assert (danger.consequence, danger.rule) == ("she sails off the map and the game ends", "9.3")
    default = safe_default(options, found)
    assert default in options and option_key(default) not in found and base_key(default) != ADVANCE
    assert danger_question("Constitution", options[0], danger) == \
        "Constitution: Advance — she sails off the map and the game ends (9.3)."
    assert safe_default(options, {}) == options[0]  # nothing dangerous: the first, as before


def test_16_0_a_strain_facing_the_edge_is_a_danger_its_bonus_move_leaves_the_map() -> None:
    game = _ready(a=(31, 12, 3), b=(0, 12, 3), wind=3)
    request = game.pending_for("us")
    assert request is not None
    found = _dangers(game)
    strained = [o for o in request.ships["constitution"]  # type: ignore[index]
                if o.get("strain") and o["maneuver"] == "back_sail"]
    assert strained
    for option in strained:  # Back Sail keeps her facing the edge: the Bonus Move would take her off
        assert found[option_key(option)].rule == "16.0, 9.3"
    unstrained = [o for o in request.ships["constitution"] if o["maneuver"] == "back_sail" and not o.get("strain")]  # type: ignore[index]
    assert all(option_key(o) not in found for o in unstrained)


def test_R9_3f_under_fleet_rules_leaving_the_battle_is_a_danger_too() -> None:
    game = _ready(a=(31, 12, 3), b=(0, 12, 3), wind=3, extra={"us": [("congress", (15, 5, 3))]},
                  options={"fleet_rules": True})
    found = _dangers(game)
    advance = next(d for k, d in found.items() if dict(k)["maneuver"] == "advance")
    assert advance.rule == "R9.3f" and "leaves the battle" in advance.consequence
