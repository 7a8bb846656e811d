"""`pokertd phh replay --jobs N`, finding the files, and replay's direct path for actions
written plainly: each gives exactly what the plain, one-at-a-time way gives."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.engine import IllegalAction
from pokertd.formats import phh
from pokertd.formats.phh import (
    PHHError, find_file_names, find_files, hand_from_phh, load, loads, replay, replay_file,
)

DATA = Path(__file__).resolve().parent / "data" / "phh"
runner = CliRunner()


def replay_lines(args):
    result = runner.invoke(app, ["phh", "replay", *args])
    return result.exit_code, result.output.splitlines()


@pytest.fixture
def count_forks(monkeypatch):
    forks = []
    fork = os.fork

    def counting_fork():
        pid = fork()
        if pid:
            forks.append(pid)
        return pid
    monkeypatch.setattr(os, "fork", counting_fork)
    return forks


def test_jobs_give_the_same_lines_in_the_same_order_and_status(count_forks):
    expected = [replay_file(f, check=True).to_json() for f in find_files([DATA])]
    status, one = replay_lines(["--check", "--jobs", "1", str(DATA)])
    assert not count_forks
    status2, two = replay_lines(["--check", "--jobs", "2", str(DATA)])
    assert len(count_forks) == 1                 # 576 files: one child, this process the other half
    status3, three = replay_lines(["--check", "-j", "3", str(DATA)])
    assert one == two == three == expected
    assert status == status2 == status3 == 1     # the dataset's other variants are not ok
    assert sum(json.loads(x)["ok"] for x in one) >= 506


def test_a_failure_in_a_forked_run_sets_the_exit_status(tmp_path, count_forks):
    """The failing hand is in the first run, whichever process takes it."""
    hands = find_files([DATA / "pluribus"])[:160]
    for k, f in enumerate(hands):
        (tmp_path / f"{k:03}.phh").write_bytes(f.read_bytes())
    (tmp_path / "000.phh").write_text("variant = 'NT'\nmin_bet = [\n")
    status, lines = replay_lines(["--jobs", "2", str(tmp_path)])
    assert count_forks and status == 1
    first = json.loads(lines[0])
    assert first["ok"] is False and first["error"].endswith("000.phh: line 2: unterminated array (no closing ])")
    assert len(lines) == 160 and all(json.loads(x)["ok"] for x in lines[1:])
    status, lines1 = replay_lines(["--jobs", "1", str(tmp_path)])
    assert (status, lines1) == (1, lines)
    (tmp_path / "000.phh").write_bytes(hands[0].read_bytes())
    status, _ = replay_lines(["--jobs", "2", str(tmp_path)])
    assert status == 0


def test_a_process_slowed_down_replays_fewer_runs(tmp_path, monkeypatch):
    """The runs are taken one at a time by whichever process is free: when this process is
    slowed (as by another program on its core), the child replays the most of them, and the
    lines still come in the files' order."""
    from pokertd.cli import phh as phh_cli
    hands = find_files([DATA / "pluribus"])[:8 * phh_cli.FILES_PER_JOB]
    for k, f in enumerate(hands):
        (tmp_path / f"{k:04}.phh").write_bytes(f.read_bytes())
    expected = [replay_file(f).to_json() for f in find_files([tmp_path])]
    log = tmp_path / "runs.log"
    parent = os.getpid()
    replay_run = phh_cli._replay_run

    def slowed(files, preset, check):
        if os.getpid() == parent:
            import time
            time.sleep(0.3)
        with open(log, "a") as out:
            out.write(f"{os.getpid()}\n")
        return replay_run(files, preset, check)
    monkeypatch.setattr(phh_cli, "_replay_run", slowed)
    status, lines = replay_lines(["--jobs", "2", str(tmp_path)])
    assert status == 0 and lines == expected
    by = log.read_text().split()
    assert len(by) == 8 and by.count(str(parent)) <= 2


def test_few_files_are_replayed_in_this_process(count_forks):
    status, lines = replay_lines(["--jobs", "4", str(DATA / "televised")])
    assert not count_forks and len(lines) == 5 and status == 1


@pytest.mark.parametrize("jobs", ["0", "-1", "two"])
def test_a_bad_jobs_count_is_refused(jobs):
    result = runner.invoke(app, ["phh", "replay", "--jobs", jobs, str(DATA / "televised")])
    assert result.exit_code == 2 and "--jobs" in result.output


def test_no_files_is_a_failure():
    status, lines = replay_lines([str(DATA / "pluribus" / "nowhere")])
    assert status == 1 and len(lines) == 1 and "cannot read" in lines[0]


def test_files_are_found_as_rglob_finds_them_in_path_order(tmp_path, monkeypatch):
    for rel in ["a/x.phh", "a/b.phh/y.phh", "a-c/z.phh", "ab/q.phh", ".h/w.phh", "top.phh",
                "a/.phh", "a/X.PHH", "a/notes.txt"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("")
    (tmp_path / "lnk.phh").symlink_to(tmp_path / "a" / "x.phh")
    (tmp_path / "broken.phh").symlink_to(tmp_path / "nowhere")
    (tmp_path / "linked").symlink_to(tmp_path / "ab")      # rglob does not enter it

    def by_rglob(paths):
        out = []
        for p in map(Path, paths):
            out.extend(sorted(q for q in p.rglob("*.phh") if q.is_file()) if p.is_dir() else [p])
        return out
    monkeypatch.chdir(tmp_path)
    for paths in ([tmp_path], [f"{tmp_path}/"], ["."], ["./a", "top.phh", "missing.phh"], [DATA]):
        assert find_files(paths) == by_rglob(paths)
        assert find_file_names(paths) == [str(p) for p in by_rglob(paths)]
    assert find_file_names(["."])[:4] == [".h/w.phh", "a/.phh", "a/b.phh/y.phh", "a/x.phh"]


def replay_one_at_a_time(data):
    """replay() with every action read by _apply, the general reader of an action (the
    mixed games have only that reader)."""
    from pokertd.engine.hand import BETTING
    from pokertd.formats.phh_mixed import is_mixed, replay_mixed
    from pokertd.formats.phh_refusals import file_numbers, refusal
    if is_mixed(data.get("variant")):
        return replay_mixed(data)
    h = hand_from_phh(data)
    for i, a in enumerate(data["actions"]):
        try:
            phh._apply(h, a, i)
        except IllegalAction as e:
            # The refusal in the file's terms (IFP 26 out of turn, p1 .. pN), as replay's.
            raise refusal(a, i, e, h.actor if h.phase == BETTING else -1) from e
        except PHHError:
            raise
        except ValueError as e:
            raise PHHError(f"action {i} ({a.strip()}): {e}", i) from e
    try:
        h.finish_showdown()
    except IllegalAction as e:
        raise PHHError(f"showdown: {file_numbers(str(e))}", len(data["actions"])) from e
    if not h.done:
        raise PHHError(f"the history stops before the hand is over ({h.legal_actions().describe()})",
                       len(data["actions"]))
    return h


def line_as_before(path: Path, check: bool) -> str:
    """The line `phh replay` printed before the PHH reader and the direct path: the file read
    by tomllib, every action by _apply, the line by json.dumps."""
    import tomllib
    from pokertd.formats.phh import stacks_match
    p = str(path)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    try:
        stacks = list(replay_one_at_a_time(data).stacks)
    except PHHError as e:
        return json.dumps({"path": p, "ok": False, "error": str(e), "action": e.action})
    if check:
        rec = data.get("finishing_stacks")
        if rec is None:  # replayed, reported as not checked (not as failed)
            return json.dumps({"path": p, "ok": True, "finishing_stacks": stacks, "checked": False,
                               "note": "the file records no finishing_stacks: replayed, not checked"})
        if not stacks_match(stacks, rec):
            return json.dumps({"path": p, "ok": False,
                               "error": f"finishing stacks {stacks} differ from the recorded {rec}",
                               "action": len(data["actions"])})
    return json.dumps({"path": p, "ok": True, "finishing_stacks": stacks})


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_lines_are_those_printed_before(jobs):
    files = find_files([DATA])
    status, lines = replay_lines(["--check", "--jobs", jobs, str(DATA)])
    assert status == 1
    assert lines == [line_as_before(f, check=True) for f in files]


def test_the_direct_path_replays_every_dataset_hand_as_apply_does():
    for f in find_files([DATA]):
        data = load(f)
        if data["variant"] not in ("NT", "FT"):
            continue
        h = replay(data)
        assert h.events() == replay_one_at_a_time(data).events(), f


HU = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
      "starting_stacks = [100, 100]\n")


@pytest.mark.parametrize("actions", [
    ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr 6", "p1 cc", "d db 2c3d4h", "p1 cc", "p2 cc",
     "d db 9s", "p1 cbr 10 # a comment", "p2 f"],
    ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr 0006"],              # JSON refuses a leading zero
    ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr 6.0", "p1 f"],        # a whole float is an amount
    ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr 1e1", "p1 f"],
    ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr 6.5"],
    ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr ６"],                # a digit, but not ASCII
    ["d dh p1 AsAh", "d dh p2 KsKh", "p02 f"],                    # p02 is p2
    ["d dh p1 AsAh", "d dh p2 KsKh", "p3 f"],
    ["d dh p1 ????", "d dh p2 K?Kh"],
    ["d dh p1 AsAh extra", "d dh p2 KsKh", "p2 f now"],
    ["d dh p1 AsAh", "d dh p2 AsKh"],
    ["d dh p1 AsAh", "d dh p2 KsKh", "p1 f"],
    ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cc", "p1 cc", "d db 2c3d", "p1 f"],
    ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr", "p1 f"],
    ["d dh p1 AsAh", "d dh p2 KsKh", "p2 xx"],
])
def test_the_direct_path_gives_what_apply_gives_for_any_spelling(actions):
    data = loads(HU + f"actions = {json.dumps(actions, ensure_ascii=False)}\n")

    def outcome(fn):
        try:
            return fn(data).events()
        except PHHError as e:
            return (str(e), e.action)
    got = outcome(replay)
    assert got == outcome(replay_one_at_a_time)


def test_a_process_that_fails_is_reported_not_ignored(monkeypatch):
    """A forked run that dies (here: an unexpected error) stops the command with an error
    naming its files, instead of printing the other runs' lines as if it had none."""
    from pokertd.cli import phh as cli_phh
    files = find_file_names([DATA / "pluribus"])
    run = cli_phh._replay_run
    parent = os.getpid()

    def failing_in_the_child(chunk, preset, check):
        if os.getpid() != parent:
            raise MemoryError("out of memory")
        return run(chunk, preset, check)
    monkeypatch.setattr(cli_phh, "_replay_run", failing_in_the_child)
    result = runner.invoke(app, ["phh", "replay", "--jobs", "2", str(DATA / "pluribus")])
    assert isinstance(result.exception, RuntimeError)
    size = cli_phh.FILES_PER_JOB
    runs = [f"the process replaying {files[a]} to {files[min(a + size, len(files)) - 1]} failed (exit status 3)"
            for a in range(0, len(files), size)]
    assert str(result.exception) in runs


def test_a_setup_worked_out_before_does_not_hide_a_bad_bet():
    """Hands of one game share their forced-bet setup; a later hand whose min_bet is not a
    chip amount is still refused, whatever was replayed before."""
    good = HU + "actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'p2 f']\n"
    assert replay(loads(good)).stacks == [101, 99]
    for bad, message in (("true", "not a chip amount"), ("2.5", "non-integer"), ("[2]", "non-integer")):
        with pytest.raises(PHHError, match=message):
            replay(loads(good.replace("min_bet = 2", f"min_bet = {bad}")))
    assert replay(loads(good.replace("min_bet = 2", "min_bet = 2.0"))).stacks == [101, 99]


def test_an_action_read_before_is_checked_against_each_hand():
    """'p3 f' read in a three-handed hand names no player heads-up."""
    three = ("variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
             "starting_stacks = [100, 100, 100]\n"
             "actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', 'p3 f', 'p1 f']\n")
    assert replay(loads(three)).stacks == [99, 101, 100]
    with pytest.raises(PHHError, match="action 2: unknown player 'p3'"):
        replay(loads(HU + "actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'p3 f']\n"))


def test_a_file_without_finishing_stacks_is_replayed_not_checked(tmp_path):
    """--check on a hand that records no finishing stacks: replayed and said so (ok, "checked":
    false), not a failure; the exit status is 0 when every other hand is ok."""
    source = (DATA / "televised" / "dwan-ivey-2009.phh").read_text(encoding="utf-8")
    assert "finishing_stacks" not in source
    (tmp_path / "hand.phh").write_text(source, encoding="utf-8")
    status, lines = replay_lines(["--check", str(tmp_path / "hand.phh")])
    assert status == 0
    [line] = [json.loads(x) for x in lines]
    assert line["ok"] is True and line["checked"] is False
    assert line["note"] == "the file records no finishing_stacks: replayed, not checked"
    assert sum(line["finishing_stacks"]) > 0
