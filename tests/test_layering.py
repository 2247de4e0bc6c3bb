"""STYLE 1: the engine, AI, library, campaign and play layers import no Qt."""

import ast
from pathlib import Path

import cs_desktop

PURE_LAYERS = ["rules", "ai", "library", "campaign", "play"]


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
