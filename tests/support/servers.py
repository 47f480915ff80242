"""Servers the benchmarks and the fuzzer start on loopback: a free port, and waiting until one answers."""

import contextlib
import socket
import time


def free_port() -> int:
    """Return a loopback port no one listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, seconds: float) -> None:
    """Return once something accepts connections on the loopback port, or after seconds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return
        time.sleep(0.2)
