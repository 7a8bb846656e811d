"""Every example in the README and the documentation runs as a user pastes it (issue 23).

Each page's ``sh`` and ``python`` blocks are run in order, in a fresh temporary folder of their
own (its home and data folder too, so the default database is new), where ``examples/`` and
``tests/`` stand as in a clone of the repository. A shell block's command (a line, with ``\\``
continuations; a comment after two spaces is the reader's, not the shell's) must exit 0, and an
output shown under it as a comment (``# {...}`` or ``# [...]``, ``...`` for what varies) must be
what it prints: JSON compared as JSON's one-line text, a line of a JSON-lines output matched.
``pokertd serve`` is started, asked for its page, and stopped; ``make`` lines name targets of the
Makefile (the README's two commands are what CI itself runs). A ``python`` block runs as a script.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\s*$")
COMMENT = re.compile(r"\s{2,}#.*$")   # a reader's comment after a command
BIN = Path(sys.executable).parent


class Example:
    def __init__(self, page: Path, line: int, kind: str, text: str, expected: str = "") -> None:
        self.page, self.line, self.kind, self.text, self.expected = page, line, kind, text, expected

    def where(self) -> str:
        page = self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page
        return f"{page}:{self.line}"


def examples(page: Path) -> list[Example]:
    """The page's examples in order: each shell command with the output shown under it, and
    each Python block whole."""
    found: list[Example] = []
    kind, start, block = None, 0, []
    for number, line in enumerate(page.read_text().splitlines(), 1):
        fence = FENCE.match(line)
        if fence and kind is None:
            kind, start, block = fence.group(1), number, []
        elif fence:
            if kind == "python":
                found.append(Example(page, start + 1, "python", "\n".join(block) + "\n"))
            elif kind == "sh":
                found.extend(_commands(page, start, block))
            kind = None
        elif kind is not None:
            block.append(line)
    return found


def _commands(page: Path, start: int, block: list[str]) -> list[Example]:
    commands: list[Example] = []
    pending = False      # the last command goes on in the next line (a "\\" at its end)
    showing = False      # the comments under a command are its output
    for number, line in enumerate(block, start + 1):
        stripped = line.strip()
        code = COMMENT.sub("", line).rstrip()
        if pending:
            commands[-1].text += " " + code.removesuffix("\\").strip()
            pending = code.endswith("\\")
            continue
        if stripped.startswith("#"):
            shown = stripped[1:].strip()
            if commands and (showing or shown[:1] in "{["):
                commands[-1].expected += (" " if commands[-1].expected else "") + shown
                showing = True
            continue
        showing = False
        if not stripped or line[:1].isspace():    # a blank, or a comment's continuation
            continue
        commands.append(Example(page, number, "sh", code.removesuffix("\\").strip()))
        pending = code.endswith("\\")
    return commands


def _matches(expected: str, output: str) -> bool:
    """The output shown (``...`` for what varies) against what was printed: JSON as its
    one-line text, or any line of a JSON-lines output."""
    pattern = re.compile(".*?".join(re.escape(part) for part in expected.split("...")), re.S)
    try:
        candidates = [json.dumps(json.loads(output))]
    except ValueError:
        candidates = []
        for line in output.splitlines():
            try:
                candidates.append(json.dumps(json.loads(line)))
            except ValueError:
                candidates.append(line.strip())
    return any(pattern.fullmatch(c) for c in candidates)


def _environment(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("POKERTD_")}
    env.update(HOME=str(folder), XDG_DATA_HOME=str(folder / ".local" / "share"),
               XDG_CACHE_HOME=str(Path.home() / ".cache"),   # the tables' cache, shared
               PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}", NO_COLOR="1", COLUMNS="120")
    return env


def _serve(example: Example, folder: Path, env: dict[str, str]) -> None:
    port = re.search(r"--port\s+(\d+)", example.text)
    url = f"http://127.0.0.1:{port.group(1) if port else 8000}/"
    server = subprocess.Popen(["bash", "-c", f"exec {example.text}"], cwd=folder, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url, timeout=2) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                if server.poll() is not None:
                    out, err = server.communicate()
                    pytest.fail(f"{example.where()}: {example.text!r} stopped: {out}{err}")
                assert time.monotonic() < deadline, f"{example.where()}: no answer at {url}"
                time.sleep(0.2)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


def _make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text()
    return set(re.findall(r"^([a-z][\w-]*):", text, re.M))


def run(example: Example, folder: Path, env: dict[str, str]) -> None:
    if example.kind == "python":
        script = folder / "example.py"
        script.write_text(example.text)
        done = subprocess.run([sys.executable, str(script)], cwd=folder, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"{example.where()}: the Python example failed:\n{done.stderr[-3000:]}"
        return
    words = example.text.split()
    if words[0] == "make":
        targets = set(words[1:]) - {w for w in words[1:] if "=" in w}
        assert targets <= _make_targets(), f"{example.where()}: no such make target {targets}"
        return
    if words[:2] == ["pokertd", "serve"]:
        _serve(example, folder, env)
        return
    done = subprocess.run(["bash", "-o", "pipefail", "-c", example.text], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, (f"{example.where()}: {example.text!r} exited {done.returncode}:\n"
                                  f"{done.stdout[-2000:]}{done.stderr[-2000:]}")
    if example.expected:
        assert _matches(example.expected, done.stdout), (
            f"{example.where()}: {example.text!r} printed\n{done.stdout[:3000]}\n"
            f"which is not what the page shows:\n{example.expected}")


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_example_of_the_page_runs_as_pasted(page: Path, tmp_path: Path) -> None:
    found = examples(page)
    for name in ("examples", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    env = _environment(tmp_path)
    for example in found:
        run(example, tmp_path, env)


def test_the_runner_checks_what_a_page_shows(tmp_path: Path) -> None:
    """A wrong output, a failing command and a bad make target are each caught."""
    page = tmp_path / "page.md"
    page.write_text("```sh\npokertd payouts --entrants 27 --pool 540 --format json\n"
                    "# [{\"place\": 1, \"amount\": 999}, ...]\n```\n")
    [example] = examples(page)
    with pytest.raises(AssertionError, match="not what the page shows"):
        run(example, tmp_path, _environment(tmp_path))
    example.expected = '[{"place": 1, "amount": 227}, ...]'
    run(example, tmp_path, _environment(tmp_path))
    with pytest.raises(AssertionError, match="exited 2"):
        run(Example(page, 1, "sh", "pokertd payouts --entrants 0 --pool 5"), tmp_path,
            _environment(tmp_path))
    with pytest.raises(AssertionError, match="no such make target"):
        run(Example(page, 1, "sh", "make deploy"), tmp_path, _environment(tmp_path))
