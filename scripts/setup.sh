#!/usr/bin/env bash
# Install everything Captain's Sea needs: this package with its test extras, then every system library Qt's xcb
# platform plugin needs to open a real window (decided by asking the linker what the plugin lacks, not by probes).
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -e '.[test]'

can_apt() { command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; }

# What the plugin lacks, as Debian packages (cs_desktop/platform_check.py maps each library to its package).
need=$(python3 -m cs_desktop.platform_check --packages)
if [ -n "$need" ]; then
  if can_apt; then
    echo "setup: installing the system libraries Qt's window needs: $(echo $need)"
    apt-get update -qq >/dev/null 2>&1 || true
    # shellcheck disable=SC2086  # one package per word
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $need >/dev/null
  else
    echo "setup: Qt's window needs system libraries this machine lacks; as root run:" >&2
    echo "  sudo apt-get install $(echo $need)" >&2
  fi
fi
# A font, so that text is drawn on a bare machine (a desktop has fonts; a server or a CI image may not).
if can_apt && ! fc-list 2>/dev/null | grep -q .; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends fonts-dejavu-core fontconfig \
    >/dev/null || true
fi
# Say so loudly if anything is still missing: the tests run offscreen and would not notice.
if ! python3 -m cs_desktop.platform_check >/dev/null; then
  python3 -m cs_desktop.platform_check >&2 || true
  if can_apt; then exit 1; fi
fi
