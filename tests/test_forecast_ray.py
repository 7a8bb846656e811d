"""``--ray`` (issue 15): the forecast's runs as Ray tasks give exactly the runs of one local
process for the same seeds. The tests start a local Ray instance (two CPUs, bound to
127.0.0.1, no dashboard) once for the module and shut it down after."""

from __future__ import annotations

import json
import socket

import pytest
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.sim.forecast import ForecastError, RunSpec, play_runs
from pokertd.tournament.house import config_preset


@pytest.fixture(scope="module")
def local_ray():
    import ray

    ray.init(num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1",
             log_to_driver=False, configure_logging=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def test_an_address_nothing_answers_at_is_refused_at_once():
    """(First: before the module's local Ray instance is started.)"""
    with socket.socket() as s:            # a loopback port with nothing listening on it
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    spec = RunSpec(12, config_preset("gananda").to_dict(), 1, 120.0, 180.0, "mix")
    with pytest.raises(ForecastError, match=f"no Ray cluster answers at 127.0.0.1:{port}"):
        play_runs(spec, 1, ray=f"127.0.0.1:{port}")


def test_ray_tasks_give_the_runs_of_one_local_process(local_ray):
    spec = RunSpec(20, config_preset("gananda").to_dict(), 7, 120.0, 180.0, "mix")
    seen = []
    on_ray = play_runs(spec, 9, ray="auto", progress=lambda done, total: seen.append(done))
    assert on_ray == play_runs(spec, 9, jobs=1)
    assert seen[-1] == 9 and seen == sorted(seen)


def test_cli_report_through_ray_is_the_local_report(local_ray):
    args = ["structure", "forecast", "--players", "20", "--runs", "6", "--seed", "4",
            "--format", "json"]
    runner = CliRunner()
    here = runner.invoke(app, [*args, "--jobs", "1"])
    there = runner.invoke(app, [*args, "--ray", "auto"])
    assert here.exit_code == 0 and there.exit_code == 0, there.output
    assert json.loads(there.output) == json.loads(here.output)
