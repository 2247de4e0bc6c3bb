#!/usr/bin/env bash
# Install (first run) and start the program window.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c "import cs_desktop, PySide6, qasync, sqlmodel" 2>/dev/null || bash scripts/setup.sh
exec python3 -m cs_desktop "$@"
