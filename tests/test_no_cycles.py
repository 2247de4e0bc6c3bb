"""Issue 30 item 3: no import cycle among cs_desktop's modules, counting every import the code holds: at the top,
inside functions (a cycle hidden there is still a cycle) and under `if TYPE_CHECKING:` (the type checker and the
compiled build read those). Self-contained: the package is read with `ast`, nothing of it is imported."""

from __future__ import annotations

import ast
from pathlib import Path

import cs_desktop

PACKAGE = Path(cs_desktop.__file__).parent


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(tree: ast.AST, me: str, is_package: bool) -> list[str]:
    """Every module name an import statement anywhere in `tree` names (for `from a import b`, both `a` and `a.b`:
    `b` may be a module of package `a`), relative imports resolved against `me`."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = me.split(".") if is_package else me.split(".")[:-1]
                package = package[: len(package) - node.level + 1]
                base = ".".join(package + ([base] if base else []))
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names]
    return names


def import_graph(root: Path) -> dict[str, set[str]]:
    """module -> the package's modules it imports. A module importing its own package (`cs_desktop`, whose
    `__init__` holds only the version) or a package's `__init__` importing its children is no edge."""
    files = {module_name(root, p): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {m: set() for m in files}
    for me, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for name in imported_names(tree, me, path.name == "__init__.py"):
            while name and name not in files:
                name = name.rpartition(".")[0]
            if name and name != me and not me.startswith(name + ".") and not name.startswith(me + "."):
                graph[me].add(name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected sets of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(sorted(members))
    return sorted(found)


def test_30_3_no_import_cycle_among_the_packages_modules() -> None:
    found = cycles(import_graph(PACKAGE))
    assert found == [], "\n".join(", ".join(c) for c in found)


def test_30_3_the_guard_sees_imports_inside_functions_and_under_type_checking(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "sub" / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text("def f():\n    from pkg.sub import b\n", encoding="utf-8")
    (package / "sub" / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                          "    from ..c import C\n", encoding="utf-8")
    (package / "c.py").write_text("import pkg.a\n", encoding="utf-8")
    (package / "d.py").write_text("from pkg import c\n", encoding="utf-8")
    assert cycles(import_graph(package)) == [["pkg.a", "pkg.c", "pkg.sub.b"]]
