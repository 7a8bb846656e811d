"""The Numba kernels' first compilation is said, never a silent 15 s (cli/compiling.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokertd.cli import compiling


def test_a_first_compilation_is_announced(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))  # an empty cache: nothing compiled
    assert not compiling.kernels_cached()
    with compiling.compiling_notice():
        pass
    err = capsys.readouterr().err
    assert "compiling the evaluator's Numba kernels (first run only" in err


def test_cached_kernels_load_without_a_word(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    compiling.warm()  # what `make setup` runs: every kernel the commands use, cached
    assert compiling.kernels_cached()
    capsys.readouterr()
    with compiling.compiling_notice():
        pass
    assert capsys.readouterr().err == ""


def test_a_cache_made_elsewhere_counts(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """NUMBA_CACHE_DIR: Numba caches there alone, and an index file there is a cache."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    folder = tmp_path / "src" / "pokertd" / "evaluator"
    folder.mkdir(parents=True)
    (folder / "kernels.monte_carlo_showdowns-303.py311.nbi").write_bytes(b"")
    assert compiling.kernels_cached()
