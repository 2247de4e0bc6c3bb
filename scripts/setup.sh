#!/usr/bin/env bash
# Install everything Captain's Sea needs: Qt's system libraries (Debian) and the Python package with test extras.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
for lib in libEGL.so.1 libfontconfig.so.1 libxkbcommon.so.0 libdbus-1.so.3 libGL.so.1; do
  ldconfig -p 2>/dev/null | grep -q "$lib" || need+=("$lib")
done
if [ ${#need[@]} -gt 0 ] && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  apt-get update -qq >/dev/null 2>&1 || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libegl1 libgl1 libfontconfig1 libxkbcommon0 \
    libxkbcommon-x11-0 libdbus-1-3 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 \
    libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 >/dev/null 2>&1 || true
fi
python3 -m pip install --quiet --disable-pip-version-check -e '.[test]'
