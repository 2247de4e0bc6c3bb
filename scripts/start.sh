#!/usr/bin/env bash
# Install what is missing (first run), then start the program window. `--smoke-test` opens the window, checks that
# it is interactive, and exits (0, or non-zero with the reason).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c "import cs_desktop, PySide6, qasync, sqlmodel" 2>/dev/null || bash scripts/setup.sh
# The package may be installed while the system still lacks a library Qt's window needs: setup installs it.
python3 -m cs_desktop.platform_check >/dev/null 2>&1 || bash scripts/setup.sh
exec python3 -m cs_desktop "$@"
