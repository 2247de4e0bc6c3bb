#!/usr/bin/env bash
# Run every test headless (Qt offscreen).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c "import cs_desktop, PySide6, qasync, sqlmodel, pydantic, pytestqt, hypothesis, distributed, cryptography, websockets" 2>/dev/null || bash scripts/setup.sh
python3 -c "import ruff, mypy, wheel" 2>/dev/null || bash scripts/setup.sh
export QT_QPA_PLATFORM=offscreen
python3 -m ruff check --quiet cs_desktop tests benchmarks
python3 -m mypy --strict --no-error-summary cs_desktop/rules cs_desktop/play/tutorial.py
# the replay model, its bookmarks and the play presenter, strictly; what they import is checked where it is
# listed (silent here)
# the campaign engine (issue 15), strictly, like the rules engine it drives
python3 -m mypy --strict --follow-imports=silent --no-error-summary cs_desktop/campaign
python3 -m mypy --strict --follow-imports=silent --no-error-summary cs_desktop/play/replay.py \
    cs_desktop/play/replay_bookmarks.py cs_desktop/play/presenter.py cs_desktop/play/presenter_crew.py \
    cs_desktop/play/presenter_files.py cs_desktop/play/presenter_captains.py cs_desktop/play/screen.py \
    cs_desktop/play/fair_advice.py cs_desktop/play/seating.py cs_desktop/play/setup_preview.py \
    cs_desktop/play/designations.py cs_desktop/play/fleet_list.py cs_desktop/play/fleet_orders.py cs_desktop/play/maneuver_form.py \
    cs_desktop/play/fire_plan.py cs_desktop/play/flow_orders.py cs_desktop/play/turn_flow.py cs_desktop/play/crew_plan.py \
    cs_desktop/play/defaults.py cs_desktop/play/catalog.py \
    cs_desktop/play/campaign_presenter.py cs_desktop/play/campaign_battle.py cs_desktop/play/campaign_mark.py \
    cs_desktop/play/campaign_career.py \
    cs_desktop/library/campaign_rows.py
# the balance lab (issue 13), strictly
python3 -m mypy --strict --follow-imports=silent --no-error-summary cs_desktop/balance cs_desktop/balance_command.py \
    cs_desktop/ladder_command.py
# the computer captain's seat, searches, levels and learned judgment (issue 27), strictly
python3 -m mypy --strict --follow-imports=silent --no-error-summary cs_desktop/ai/seat.py cs_desktop/ai/search.py \
    cs_desktop/ai/paired_search.py cs_desktop/ai/levels.py cs_desktop/ai/value.py cs_desktop/ai/random_policy.py \
    cs_desktop/play/captain_advice.py
# online play (issue 32): the referee server and its client, strictly
python3 -m mypy --strict --follow-imports=silent --no-error-summary cs_desktop/online
# the whole GUI package, strictly (issue 11, item 7)
python3 -m mypy --strict --follow-imports=silent --no-error-summary cs_desktop/gui
exec python3 -m pytest "$@"
