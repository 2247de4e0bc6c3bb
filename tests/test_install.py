"""A built install carries everything the program needs (issue 9): a wheel built from this checkout, installed
into a fresh virtual environment, runs its headless commands and opens its window from a folder outside the
checkout, and reads nothing of the checkout while doing so.

The wheel is built without build isolation (no download: setuptools and wheel of this Python, which
`scripts/setup.sh` installs with the test extras) from a copy of the checkout, so the build leaves nothing in the
checkout. The virtual environment sees this Python's packages (PySide6 and the rest need no download); the
program's own package comes from the wheel, and every command runs under an audit hook that reports any file or
folder of the checkout (or of the build copy) that the program opens or lists.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

import cs_desktop

CHECKOUT = cs_desktop.ROOT
MARK = "READ-OUTSIDE-INSTALL:"
SCENARIO = "constitution-vs-java.json"

#: Runs `python -m cs_desktop ARGS` (or `-c CODE`) and prints MARK for every path below a forbidden folder that the
#: program opens or lists (CS_FORBIDDEN: folders joined by os.pathsep).
GUARD = f"""
import os, runpy, sys

FORBIDDEN = tuple(os.path.join(os.path.abspath(p), "") for p in os.environ["CS_FORBIDDEN"].split(os.pathsep))
WATCHED = {{"open", "os.listdir", "os.scandir"}}


def hook(event, args):
    if event in WATCHED and args and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.path.abspath(os.fsdecode(args[0]))
        if os.path.join(path, "").startswith(FORBIDDEN):
            sys.stderr.write("{MARK} " + event + " " + path + "\\n")


sys.addaudithook(hook)
if sys.argv[1] == "-c":
    code = sys.argv[2]
    sys.argv = ["-c", *sys.argv[3:]]
    exec(compile(code, "<check>", "exec"), {{"__name__": "__main__"}})
else:
    sys.argv = ["cs_desktop", *sys.argv[1:]]
    runpy.run_module("cs_desktop", run_name="__main__", alter_sys=True)
"""


@dataclass(frozen=True)
class Installed:
    python: Path  # the virtual environment's python
    bin: Path  # its scripts folder
    package: Path  # the installed cs_desktop folder
    wheel: Path
    elsewhere: Path  # a folder outside the checkout to run from
    env: dict[str, str]
    guard: Path

    def run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([str(self.python), str(self.guard), *args], cwd=self.elsewhere, env=self.env,
                              capture_output=True, text=True, timeout=timeout, check=False)
        assert MARK not in done.stderr, f"the installed program read the checkout:\n{done.stderr}"
        return done


def _copy_checkout(dest: Path) -> Path:
    ignore = shutil.ignore_patterns(".git", "__pycache__", "*.egg-info", "build", "dist", ".venv", ".pytest_cache",
                                    ".mypy_cache", ".ruff_cache", ".hypothesis", "tests", "benchmarks")
    shutil.copytree(CHECKOUT, dest, ignore=ignore)
    return dest


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("install")
    source = _copy_checkout(base / "source")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP")}
    env.update(PIP_NO_INPUT="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INDEX="1",  # nothing is downloaded
               QT_QPA_PLATFORM="offscreen", CAPTAINS_SEA_DATA=str(base / "data"),
               CS_FORBIDDEN=os.pathsep.join([str(CHECKOUT), str(source)]))

    def sh(*cmd: str | Path, cwd: Path = base) -> None:
        done = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True, timeout=300,
                              check=False)
        assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{done.stdout}\n{done.stderr}"

    dist = base / "dist"
    sh(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", dist, ".", cwd=source)
    (wheel,) = dist.glob("captains_sea_desktop-*.whl")
    venv = base / "venv"
    sh(sys.executable, "-m", "venv", "--system-site-packages", venv)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / ("python.exe" if os.name == "nt" else "python")
    # --ignore-installed: this Python may have the checkout installed in editable mode; the venv gets its own copy
    sh(python, "-m", "pip", "install", "--no-deps", "--ignore-installed", wheel)
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    guard = base / "guard.py"
    guard.write_text(GUARD, encoding="utf-8")
    where = subprocess.run([str(python), "-c", "import cs_desktop; print(cs_desktop.__file__)"], cwd=elsewhere,
                           env=env, capture_output=True, text=True, check=True).stdout.strip()
    return Installed(python, bin_dir, Path(where).parent, wheel, elsewhere, env, guard)


def _files_below(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def test_the_wheel_carries_every_data_file_of_the_checkout(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for folder in ("resources", "scenarios", "ui"):
        wanted = {f"cs_desktop/_data/{folder}/{name}" for name in _files_below(CHECKOUT / folder)}
        assert wanted and wanted <= names, f"missing from the wheel: {sorted(wanted - names)}"
    assert not [n for n in names if n.split("/")[0] in ("resources", "scenarios", "docs", "ui", "tests")]


def test_the_installed_program_is_the_wheel_and_finds_its_data_inside_its_install(installed: Installed) -> None:
    code = ("import json, cs_desktop\n"
            "from cs_desktop.formats import rules_text\n"
            "from cs_desktop.rules import tables, deck\n"
            "print(json.dumps({'file': cs_desktop.__file__, 'resources': str(cs_desktop.RESOURCES),\n"
            "  'scenarios': str(cs_desktop.SCENARIOS), 'summaries': str(rules_text.SUMMARIES_FILE),\n"
            "  'tables': str(tables.default_folder()), 'deck': str(deck.DECK_FILE)}))\n")
    done = installed.run("-c", code)
    assert done.returncode == 0, done.stderr
    paths = {k: Path(v) for k, v in json.loads(done.stdout).items()}
    print(paths["file"])  # the installed copy, not the checkout
    venv = installed.python.parent.parent
    assert paths["file"].parent == installed.package and installed.package.is_relative_to(venv)
    assert not installed.package.is_relative_to(CHECKOUT)
    data = installed.package / "_data"
    assert paths["resources"] == data / "resources" and paths["scenarios"] == data / "scenarios"
    for key in ("summaries", "tables", "deck"):
        assert paths[key].is_relative_to(data / "resources") and paths[key].exists(), key


def test_installed_validate_checks_the_installed_scenarios(installed: Installed) -> None:
    scenarios = installed.package / "_data" / "scenarios"
    done = installed.run("validate", str(scenarios))
    assert done.returncode == 0, done.stdout + done.stderr
    for path in scenarios.glob("*.json"):
        assert path.name in done.stdout
    # the console script of the install does the same
    script = installed.bin / ("captains-sea.exe" if os.name == "nt" else "captains-sea")
    again = subprocess.run([str(script), "validate", str(scenarios)], cwd=installed.elsewhere, env=installed.env,
                           capture_output=True, text=True, timeout=120, check=False)
    assert again.returncode == 0 and again.stdout == done.stdout, again.stderr


def test_installed_simulate_plays_an_installed_scenario(installed: Installed) -> None:
    scenario = installed.package / "_data" / "scenarios" / SCENARIO
    done = installed.run("simulate", "--scenario", str(scenario), "--games", "2", "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["games"] == 2 and [game["seed"] for game in report["results"]] == [1, 2]
    assert all(game["turns"] > 0 and game["decisions"] > 0 for game in report["results"])


def test_installed_rule_summary_lookup(installed: Installed) -> None:
    code = ("from cs_desktop.formats.rules_text import lookup\n"
            "r = lookup('11.4.7')\n"
            "assert r.found and r.number == '11.4.7' and r.summary, r\n"
            "print(r.title)\n")
    done = installed.run("-c", code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_installed_smoke_test_opens_the_window(installed: Installed) -> None:
    done = installed.run("--smoke-test", timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
