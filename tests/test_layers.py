"""The layers of DESIGN.md import one way: each package imports only the packages above it
in the list (and its own), read from every import statement of the sources, those inside
functions too. The few imports across the order are named below with their reason; an entry
no longer needed fails too, so the list only shrinks."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"

#: DESIGN.md's order, top first. Bots and the simulator sit beside the edges and drive the
#: engine and the tournament; the services use the simulator (the forecast); the room sits
#: beside the services, over them; the research adapters (ACPC, environments) are edges over
#: the engine, the bots and the formats; the command line and the web application last.
ORDER = [
    {"records", "_compiled", "__version__", "cards"},
    {"evaluator"},
    {"rules"},
    {"engine"},
    {"tournament"},
    {"league"},
    {"formats"},
    {"bots"},
    {"storage"},
    {"sim"},
    {"services"},
    {"room"},
    {"acpc", "envs"},
    {"cli", "web"},
]
RANK = {pkg: i for i, layer in enumerate(ORDER) for pkg in layer}

#: Imports against the order, each with its reason (module path under src/pokertd, package).
ALLOWED = {
    ("cli/serve.py", "web"): "`pokertd serve` is the command that starts the web application",
}


def _imports(path: Path) -> set[str]:
    """The pokertd packages (first name under pokertd) that ``path`` imports."""
    rel = path.relative_to(SRC).with_suffix("")
    package = list(rel.parts[:-1])
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            names = [f"{mod}.{a.name}" for a in node.names] if mod == "pokertd" else [mod]
        else:
            continue
        out |= {n.split(".")[1] for n in names if n.startswith("pokertd.")}
    return out


def crossings() -> dict[tuple[str, str], str]:
    found = {}
    for path in sorted((SRC / "pokertd").rglob("*.py")):
        rel = path.relative_to(SRC / "pokertd")
        own = rel.parts[0] if len(rel.parts) > 1 else rel.stem
        if own not in RANK:
            continue                      # __init__.py, __main__.py of the package itself
        for pkg in _imports(path):
            if pkg != own and pkg in RANK and RANK[pkg] >= RANK[own]:
                found[(rel.as_posix(), pkg)] = f"{own} (layer {RANK[own]}) imports {pkg} " \
                                              f"(layer {RANK[pkg]})"
    return found


def test_every_package_is_placed_in_the_order():
    packages = {p.name for p in (SRC / "pokertd").iterdir()
                if p.is_dir() and (p / "__init__.py").exists()}
    modules = {p.stem for p in (SRC / "pokertd").glob("*.py") if not p.stem.startswith("__")}
    assert packages | modules <= set(RANK), sorted((packages | modules) - set(RANK))


def test_imports_go_one_way_down_the_layers():
    found = crossings()
    against = {k: why for k, why in found.items() if k not in ALLOWED}
    assert not against, "\n".join(f"{path}: {why}" for (path, _), why in sorted(against.items()))


def test_every_allowed_crossing_is_still_there():
    stale = set(ALLOWED) - set(crossings())
    assert not stale, f"no longer imported, drop from ALLOWED: {sorted(stale)}"


def test_an_edge_importing_another_edge_is_caught(tmp_path, monkeypatch):
    """The check can fail: the command line's sheet importing the web's (as it did) is
    reported with the file and the layers."""
    fake = tmp_path / "src"
    for pkg in ("cli", "web"):
        (fake / "pokertd" / pkg).mkdir(parents=True)
        (fake / "pokertd" / pkg / "__init__.py").write_text("")
    (fake / "pokertd" / "cli" / "sheets.py").write_text(
        "def sheet():\n    from ..web.sheets import render_sheet\n")
    monkeypatch.setitem(globals(), "SRC", fake)
    assert crossings() == {("cli/sheets.py", "web"): "cli (layer 13) imports web (layer 13)"}
