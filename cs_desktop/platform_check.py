"""Can Qt open a real window here? What the xcb platform plugin needs, decided by the plugin itself.

Qt's xcb plugin (`libqxcb.so`, and `libQt6XcbQpa` behind it) links a dozen X11/xcb libraries that a desktop may
lack; when one is missing Qt aborts the program with "Could not load the Qt platform plugin". A check of a few
probe libraries can pass while the plugin fails, so this module asks the dynamic linker (`ldd`) what the
plugin and Qt's GUI libraries need and which of those are not found, and names the Debian package for each.

Used by `scripts/setup.sh` (`python3 -m cs_desktop.platform_check --packages`: the packages to install) and
by the program before it creates the Qt application, so a missing library is one clear sentence, not an
abort. No Qt import here: it must work when Qt cannot load.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from importlib.util import find_spec
from pathlib import Path

#: shared library (soname) -> the Debian/Ubuntu package that provides it
DEBIAN_PACKAGES: dict[str, str] = {
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-glx.so.0": "libxcb-glx0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xinput.so.0": "libxcb-xinput0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libXau.so.6": "libxau6",
    "libXdmcp.so.6": "libxdmcp6",
    "libXext.so.6": "libxext6",
    "libXrender.so.1": "libxrender1",
    "libSM.so.6": "libsm6",
    "libICE.so.6": "libice6",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libGLX.so.0": "libglx0",
    "libOpenGL.so.0": "libopengl0",
    "libGLdispatch.so.0": "libglvnd0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libz.so.1": "zlib1g",
    "libpng16.so.16": "libpng16-16",
    "libharfbuzz.so.0": "libharfbuzz0b",
    "libmd4c.so.0": "libmd4c0",
    "libgssapi_krb5.so.2": "libgssapi-krb5-2",
}

#: what Qt needs to draw a real window on X11, relative to the PySide6 package folder
_NEEDED = (
    "Qt/plugins/platforms/libqxcb.so",
    "Qt/lib/libQt6XcbQpa.so.6",
    "Qt/lib/libQt6Gui.so.6",
    "Qt/lib/libQt6Widgets.so.6",
    "QtWidgets.abi3.so",
)
_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)


class PlatformProblem(Exception):
    """Qt cannot open a window here; the message says why and what to do."""


def pyside_dir() -> Path | None:
    spec = find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def missing_libraries(base: Path | None = None) -> list[str]:
    """The shared libraries that Qt's xcb plugin and GUI libraries need and the linker cannot find (sorted).

    Empty when all are found, or when this is not a Linux system with `ldd` (nothing to check)."""
    base = base if base is not None else pyside_dir()
    ldd = shutil.which("ldd")
    if base is None or ldd is None or not sys.platform.startswith("linux"):
        return []
    files = [str(base / rel) for rel in _NEEDED if (base / rel).exists()]
    if not files:
        return []
    out = subprocess.run([ldd, *files], capture_output=True, text=True, check=False).stdout
    return sorted(set(_NOT_FOUND.findall(out)))


def packages_for(libraries: Sequence[str]) -> tuple[list[str], list[str]]:
    """(Debian packages that provide `libraries`, libraries with no known package), both sorted."""
    packages = sorted({DEBIAN_PACKAGES[lib] for lib in libraries if lib in DEBIAN_PACKAGES})
    unknown = sorted(lib for lib in libraries if lib not in DEBIAN_PACKAGES)
    return packages, unknown


def check_display(platform: str | None = None) -> str:
    """The Qt platform the program will use; raises PlatformProblem when it cannot open a window there."""
    platform = (platform if platform is not None else os.environ.get("QT_QPA_PLATFORM", "")).split(":")[0]
    if platform in ("offscreen", "minimal", "vnc", "eglfs", "linuxfb"):
        return platform
    if not sys.platform.startswith("linux"):
        return platform or "native"
    if platform == "wayland" or (not platform and os.environ.get("WAYLAND_DISPLAY") and
                                 not os.environ.get("DISPLAY")):
        return "wayland"
    if not os.environ.get("DISPLAY"):
        raise PlatformProblem(
            "no display: DISPLAY is not set, so there is no screen to open the window on. Start the program "
            "from a desktop session, or on a machine without a screen run it under a virtual one: "
            "xvfb-run -a bash scripts/start.sh")
    missing = missing_libraries()
    if missing:
        packages, unknown = packages_for(missing)
        advice = f"install them with: sudo apt-get install {' '.join(packages)}" if packages else ""
        if unknown:
            advice += ("; " if advice else "") + f"no known package for {', '.join(unknown)}"
        raise PlatformProblem(
            f"Qt's xcb platform plugin cannot load: the system lacks {', '.join(missing)}. "
            f"{advice} (or run bash scripts/setup.sh as root).")
    return "xcb"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m cs_desktop.platform_check",
                                     description="What Qt's xcb plugin needs that this system lacks.")
    parser.add_argument("--packages", action="store_true",
                        help="print the Debian packages to install, one per line (nothing when all is there)")
    args = parser.parse_args(argv)
    missing = missing_libraries()
    packages, unknown = packages_for(missing)
    if args.packages:
        for p in packages:
            print(p)
        for lib in unknown:
            print(f"warning: no known Debian package provides {lib}", file=sys.stderr)
        return 0
    if not missing:
        print("Qt's xcb platform plugin finds every library it needs.")
        return 0
    print(f"missing: {' '.join(missing)}")
    if packages:
        print(f"install: sudo apt-get install {' '.join(packages)}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
