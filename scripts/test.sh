#!/usr/bin/env bash
# Run every test headless (Qt offscreen).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c "import cs_desktop, PySide6, qasync, sqlmodel, pydantic, pytestqt, hypothesis, distributed, cryptography, websockets" 2>/dev/null || bash scripts/setup.sh
python3 -c "import ruff, mypy, wheel" 2>/dev/null || bash scripts/setup.sh
export QT_QPA_PLATFORM=offscreen
python3 -m ruff check --quiet cs_desktop tests benchmarks
# one strict gate over the whole package (issue 30, item 5)
python3 -m mypy --strict --no-error-summary cs_desktop
exec python3 -m pytest "$@"
