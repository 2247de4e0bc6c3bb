#!/usr/bin/env bash
# Run every test headless (Qt offscreen).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c "import cs_desktop, PySide6, qasync, sqlmodel, pytestqt, hypothesis" 2>/dev/null || bash scripts/setup.sh
python3 -c "import ruff, mypy, wheel" 2>/dev/null || bash scripts/setup.sh
export QT_QPA_PLATFORM=offscreen
python3 -m ruff check --quiet cs_desktop tests benchmarks
python3 -m mypy --strict --no-error-summary cs_desktop/rules cs_desktop/play/turn_flow.py cs_desktop/play/crew_plan.py \
    cs_desktop/play/tutorial.py
# the replay model, its bookmarks and the play presenter, strictly; what they import is checked where it is
# listed (silent here)
python3 -m mypy --strict --follow-imports=silent --no-error-summary cs_desktop/play/replay.py \
    cs_desktop/play/replay_bookmarks.py cs_desktop/play/presenter.py cs_desktop/play/presenter_crew.py \
    cs_desktop/play/presenter_files.py cs_desktop/play/presenter_captains.py cs_desktop/play/screen.py \
    cs_desktop/play/fair_advice.py cs_desktop/play/seating.py cs_desktop/play/setup_preview.py
# the GUI modules, strictly (issue 11, item 7); the board's scene, camera, advice and view are listed as they
# get there
python3 -m mypy --strict --follow-imports=silent --no-error-summary \
    cs_desktop/gui/__init__.py cs_desktop/gui/app.py cs_desktop/gui/balance_dialog.py cs_desktop/gui/board.py \
    cs_desktop/gui/board_frame.py cs_desktop/gui/board_items.py cs_desktop/gui/board_labels.py \
    cs_desktop/gui/board_legend.py cs_desktop/gui/board_markers.py cs_desktop/gui/board_menu.py \
    cs_desktop/gui/board_motion.py cs_desktop/gui/board_overlays.py cs_desktop/gui/board_paint.py \
    cs_desktop/gui/board_placeholder.py cs_desktop/gui/card_tracks.py cs_desktop/gui/close_guard.py \
    cs_desktop/gui/crew_confirm.py cs_desktop/gui/editor_base.py cs_desktop/gui/editor_commands.py \
    cs_desktop/gui/forms.py cs_desktop/gui/game_over_dialog.py cs_desktop/gui/layout_file.py \
    cs_desktop/gui/library_browser.py cs_desktop/gui/library_lists.py cs_desktop/gui/main_window.py \
    cs_desktop/gui/new_game_dialog.py cs_desktop/gui/panel_dice.py cs_desktop/gui/panel_track.py \
    cs_desktop/gui/panels.py cs_desktop/gui/recent_menu.py cs_desktop/gui/replay_controls.py \
    cs_desktop/gui/replay_viewer.py cs_desktop/gui/request_base.py cs_desktop/gui/request_choices.py \
    cs_desktop/gui/request_crew.py cs_desktop/gui/request_fire.py cs_desktop/gui/request_maneuver.py \
    cs_desktop/gui/request_misc.py cs_desktop/gui/requests.py cs_desktop/gui/resume_offer.py \
    cs_desktop/gui/rule_view.py cs_desktop/gui/scenario_designer.py cs_desktop/gui/scenario_sides.py \
    cs_desktop/gui/scenario_views.py cs_desktop/gui/seat_choice.py cs_desktop/gui/session.py \
    cs_desktop/gui/settings_dialog.py cs_desktop/gui/ship_card.py cs_desktop/gui/ship_draft.py \
    cs_desktop/gui/ship_editor.py cs_desktop/gui/ship_editor_tracks.py cs_desktop/gui/smoke.py \
    cs_desktop/gui/spin_table.py cs_desktop/gui/standing_orders.py cs_desktop/gui/start.py \
    cs_desktop/gui/testing_hook.py cs_desktop/gui/thinking_indicator.py cs_desktop/gui/turn_reference.py \
    cs_desktop/gui/tutor_panel.py cs_desktop/gui/window_board_help.py cs_desktop/gui/window_docks.py \
    cs_desktop/gui/window_files.py cs_desktop/gui/window_pages.py
exec python3 -m pytest "$@"
