"""STYLE 1: the engine, AI, library, campaign, play and balance layers import no Qt."""

import ast
from pathlib import Path

import cs_desktop
from tests.test_no_cycles import import_graph

PURE_LAYERS = ["rules", "ai", "library", "campaign", "play", "balance", "online"]


def test_pure_layers_import_no_qt() -> None:
    pkg = Path(cs_desktop.__file__).parent
    offenders = []
    for layer in PURE_LAYERS:
        for path in (pkg / layer).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names: list[str] = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                if any(n.split(".")[0] in {"PySide6", "qasync", "PyQt6"} for n in names):
                    offenders.append(str(path))
    assert offenders == []


def test_engine_imports_no_database() -> None:
    pkg = Path(cs_desktop.__file__).parent
    for path in (pkg / "rules").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "sqlmodel" not in text and "sqlite3" not in text, path


#: what only the referee (the engine and the presenter) may read of a game
REFEREE_ONLY = {"state", "events", "decisions", "pending", "checkpoint"}


def _reads_the_game(path: Path) -> list[str]:
    """`x.game` anywhere, `<something named game>.state/.events/...`, and the engine's Game or advice imported."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            if node.attr == "game" and not (path.name == "session.py" and _inside_property(tree, node, "game")):
                found.append(f"{path.name}:{node.lineno}: .game")
            value = node.value
            named = value.id if isinstance(value, ast.Name) else value.attr if isinstance(value, ast.Attribute) else ""
            if node.attr in REFEREE_ONLY and "game" in named.lower():
                found.append(f"{path.name}:{node.lineno}: {named}.{node.attr}")
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = {a.name for a in node.names}
            if node.module == "cs_desktop.rules.game" or (node.module == "cs_desktop.rules" and "advice" in names):
                found.append(f"{path.name}:{node.lineno}: imports {node.module} {sorted(names)}")
    return found


def _inside_property(tree: ast.AST, target: ast.AST, name: str) -> bool:
    """The one place the window's session hands the game on: its `game` property, for tests and tools."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == name:
            if any(child is target for child in ast.walk(node)):
                return True
    return False


def test_11_1_no_gui_module_reads_the_referees_game() -> None:
    """Issue 11 item 1: the window draws the presenter's screen model (play/screen.py); no module under gui/
    reads the game, its state or its events, nor builds a Game or prices advice on the referee's state."""
    pkg = Path(cs_desktop.__file__).parent
    offenders = [hit for path in sorted((pkg / "gui").rglob("*.py")) for hit in _reads_the_game(path)]
    assert offenders == []


def test_11_1_the_guard_finds_what_it_forbids(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from cs_desktop.rules.game import Game\n"
                   "def f(session):\n    return session.game.state.turn, game.events\n", encoding="utf-8")
    hits = _reads_the_game(bad)
    assert any(".game" in h for h in hits) and any("game.events" in h for h in hits)
    assert any("imports cs_desktop.rules.game" in h for h in hits)


# --------------------------------------------------------------------- issue 30 item 3: no upward import
#: each layer -> the parts of the package it may import (besides itself and the package root, which holds only
#: its data folders): the engine nothing, the captains the engine, the file formats the engine and each other.
#: Counted over every import the code holds: at the top, inside functions and under TYPE_CHECKING.
MAY_IMPORT = {
    "rules": set(),
    "ai": {"rules"},
    "formats": {"rules"},
    "library": {"rules", "formats"},
}
#: each layer -> the layers above it, which it may not import (the top-level modules between them are free)
ABOVE = {
    "campaign": {"balance", "gui", "library", "online", "play", "cli"},  # its headless player uses batch.simulate
    "balance": {"campaign", "gui", "library", "online", "play", "cli"},
    "online": {"balance", "campaign", "gui", "play", "batch", "cli"},
    "play": {"balance", "gui", "cli"},  # play is above online: an online seat's orders (play/online_orders.py)
    "batch": {"gui", "cli"},
    "gui": {"cli"},
}


def _part(module: str) -> str:
    """'cs_desktop.rules.game' -> 'rules', 'cs_desktop.formats.files' -> 'formats', 'cs_desktop' -> ''."""
    return module.split(".")[1] if "." in module else ""


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    found = []
    for module, targets in sorted(graph.items()):
        me = _part(module)
        for target in sorted(targets):
            part = _part(target)
            if part in ("", me):
                continue
            if (me in MAY_IMPORT and part not in MAY_IMPORT[me]) or part in ABOVE.get(me, ()):
                found.append(f"{module} -> {target}")
    return found


def test_30_3_no_layer_imports_a_layer_above_it() -> None:
    assert upward_imports(import_graph(Path(cs_desktop.__file__).parent)) == []


def test_30_3_the_layer_guard_finds_what_it_forbids() -> None:
    graph = {"cs_desktop.rules.game": {"cs_desktop.play.presenter", "cs_desktop.rules.state", "cs_desktop"},
             "cs_desktop.ai.seat": {"cs_desktop.formats.files"}, "cs_desktop.formats.files": {"cs_desktop.campaign.folder"},
             "cs_desktop.play.x": {"cs_desktop.gui.board", "cs_desktop.campaign.y", "cs_desktop.formats.files"},
             "cs_desktop.gui.board": {"cs_desktop.play.x"}}
    assert upward_imports(graph) == ["cs_desktop.ai.seat -> cs_desktop.formats.files",
                                     "cs_desktop.formats.files -> cs_desktop.campaign.folder",
                                     "cs_desktop.play.x -> cs_desktop.gui.board",
                                     "cs_desktop.rules.game -> cs_desktop.play.presenter"]
