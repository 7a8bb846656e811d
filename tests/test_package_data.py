"""Every file the package reads at run time is in the wheel: each file under src/pokertd that
is not Python source matches a ``[tool.setuptools.package-data]`` pattern of pyproject.toml.
(The printed sheets' page, in a folder of its own, once matched none: an installed pokertd
could not print a sheet.)"""

from __future__ import annotations

import fnmatch
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Files under src/pokertd that an installed pokertd never reads.
NOT_SHIPPED = {
    "storage/migrations/script.py.mako": "Alembic's template for writing a new migration "
                                         "(a developer's `alembic revision`, from the sources)",
}


def _patterns() -> list[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return data["tool"]["setuptools"]["package-data"]["pokertd"]


def _data_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "src/pokertd"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    return [f.removeprefix("src/pokertd/") for f in out if not f.endswith((".py", ".pyi"))]


def unshipped(files: list[str], patterns: list[str]) -> list[str]:
    # setuptools matches each pattern against paths relative to the package, "*" not
    # crossing a "/" (glob): fnmatch on the same number of parts.
    def matches(f: str, p: str) -> bool:
        return f.count("/") == p.count("/") and fnmatch.fnmatchcase(f, p)
    return [f for f in files if f not in NOT_SHIPPED and not any(matches(f, p) for p in patterns)]


def test_every_data_file_is_in_the_package_data():
    files = _data_files()
    assert "services/templates/sheets/sheet.html" in files
    assert unshipped(files, _patterns()) == []


def test_a_file_in_a_folder_no_pattern_names_is_reported():
    patterns = ["web/templates/*.html"]
    assert unshipped(["web/templates/sheets/sheet.html", "web/templates/base.html"],
                     patterns) == ["web/templates/sheets/sheet.html"]
