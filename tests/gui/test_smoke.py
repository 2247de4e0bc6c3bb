"""The real window opens (issue 9.1): `captains-sea --smoke-test` on a real X display (Xvfb, the xcb platform, not
offscreen), a clear reason without a display, and the check of what Qt's xcb plugin needs from the system."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cs_desktop import ROOT
from cs_desktop.platform_check import DEBIAN_PACKAGES, missing_libraries, packages_for


def _env(**changes: str | None) -> dict[str, str]:
    env = dict(os.environ)
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


@pytest.fixture
def xvfb_display() -> Iterator[str]:
    """A real X server on a free display number, for this test only."""
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (.ci/run installs it, so CI always runs this test)")
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as f:
        number = f.readline().strip()
    try:
        assert number.isdigit(), "Xvfb did not report its display"
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_smoke_test_opens_the_real_main_window_on_xcb(xvfb_display: str, tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "cs_desktop", "--smoke-test", "--data-dir", str(tmp_path)],
                            env=_env(DISPLAY=xvfb_display, QT_QPA_PLATFORM="xcb", WAYLAND_DISPLAY=None),
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "smoke test passed" in result.stdout
    assert "on the xcb platform" in result.stdout
    assert "Traceback" not in result.stderr


def test_smoke_test_without_a_display_says_why(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "cs_desktop", "--smoke-test", "--data-dir", str(tmp_path)],
                            env=_env(DISPLAY=None, WAYLAND_DISPLAY=None, QT_QPA_PLATFORM=None),
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 3
    assert "no display" in result.stderr and "xvfb-run" in result.stderr
    assert "Traceback" not in result.stderr


def test_smoke_test_takes_no_subcommand() -> None:
    result = subprocess.run([sys.executable, "-m", "cs_desktop", "--smoke-test", "validate", "scenarios"],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 2
    assert "--smoke-test" in result.stderr


def test_missing_libraries_are_read_from_the_linker(tmp_path: Path) -> None:
    """A plugin built here that links a library the system does not have is reported by its soname."""
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.skip("no C compiler to build a test plugin")
    dep_src = tmp_path / "dep.c"
    dep_src.write_text("int cs_dep(void) { return 1; }\n")
    plugin_src = tmp_path / "plugin.c"
    plugin_src.write_text("int cs_dep(void);\nint cs_plugin(void) { return cs_dep(); }\n")
    libdir = tmp_path / "lib"
    libdir.mkdir()
    subprocess.run([gcc, "-shared", "-fPIC", "-o", str(libdir / "libcsgone.so.1"), "-Wl,-soname,libcsgone.so.1",
                    str(dep_src)], check=True)
    platforms = tmp_path / "pyside" / "Qt" / "plugins" / "platforms"
    platforms.mkdir(parents=True)
    subprocess.run([gcc, "-shared", "-fPIC", "-o", str(platforms / "libqxcb.so"), str(plugin_src),
                    str(libdir / "libcsgone.so.1")], check=True)
    (libdir / "libcsgone.so.1").unlink()  # the system "lacks" it now
    assert missing_libraries(tmp_path / "pyside") == ["libcsgone.so.1"]


def test_the_installed_qt_plugin_finds_its_libraries_after_setup() -> None:
    """scripts/setup.sh installed what the xcb plugin needs (CI runs it first on a fresh machine)."""
    missing = missing_libraries()
    assert missing == [], f"Qt's xcb plugin lacks {missing}: run bash scripts/setup.sh as root"


def test_every_library_maps_to_one_debian_package() -> None:
    packages, unknown = packages_for(["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-icccm.so.4",
                                      "libnot-a-real-one.so.9"])
    assert packages == ["libxcb-icccm4", "libxcb-keysyms1"]
    assert unknown == ["libnot-a-real-one.so.9"]
    assert all(p and " " not in p for p in DEBIAN_PACKAGES.values())
