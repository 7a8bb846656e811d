"""`pokertd serve` started by a test on a free port, once it is ours that listens there.

The suite runs in two processes: a port found free can be taken by the other one before the
server binds it, and a connection alone could then reach the other test's server. The server
says where it listens on its first line of output, after it has bound the port; a server that
could not bind exits instead, and another port is tried.
"""

from __future__ import annotations

import socket
import subprocess
from typing import Any


class PortTaken(Exception):
    """The port chosen was taken before the server could listen on it."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_on(command: list[str], port: int, **popen: Any) -> tuple[subprocess.Popen, str]:
    """``command + ['--port', port]`` started with standard output piped (``popen``: the other
    ``subprocess.Popen`` arguments; text mode), once its first line says it listens on
    127.0.0.1:port (its socket is bound and listening then): the process and that line. The
    rest of its output is the caller's to read. :class:`PortTaken` if another has the port."""
    server = subprocess.Popen([*command, "--port", str(port)], stdout=subprocess.PIPE,
                              text=True, **popen)
    assert server.stdout is not None
    first = server.stdout.readline()              # once it has bound the port, or at its exit
    if f"127.0.0.1:{port}/" not in first:
        server.wait(30)
        raise PortTaken(port)
    return server, first


def serve_on_a_free_port(command: list[str], *, tries: int = 10,
                         **popen: Any) -> tuple[subprocess.Popen, int, str]:
    """:func:`serve_on` a port free when it starts, another if that one was taken meanwhile:
    (the process, its port, its first line)."""
    for _ in range(tries):
        port = free_port()
        try:
            server, first = serve_on(command, port, **popen)
        except PortTaken:
            continue
        return server, port, first
    raise AssertionError(f"no free port could be listened on in {tries} tries")
