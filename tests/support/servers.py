"""Servers the benchmarks and the fuzzer start on loopback: a free port, waiting until one answers, gunicorn."""

import contextlib
import os
import pathlib
import secrets
import shlex
import socket
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
TICKS = os.sysconf("SC_CLK_TCK")


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


@contextlib.contextmanager
def procfile_gunicorn(env: dict | None = None, target: str | None = None, cwd: pathlib.Path = ROOT, log=None,
                      workers: int = 2, extra: list | None = None):
    """Run gunicorn as the Procfile's web line does, bound to loopback on a free port; yield (port, master pid).

    FLASK_PRODUCTION is set, a fresh secret key and the public origin given, as a deployment would; `env` adds variables,
    `target` replaces the app (the benchmarks' hello-world floor runs under the very same options), `workers`
    stands for WEB_CONCURRENCY, `extra` adds gunicorn options after the Procfile's.
    """
    line = (ROOT / "Procfile").read_text().split(":", 1)[1].strip()
    words = shlex.split(line.replace("$PORT", "0").replace("${WEB_CONCURRENCY:-2}", str(workers))
                        .replace("${WEB_THREADS:-100}", "100"))
    words = [w for w in words if "=" not in w or w.startswith("--")]
    words = words[words.index("gunicorn") + 1:]
    if target:
        words[-1] = target
    port = free_port()
    words[words.index("--bind") + 1] = "127.0.0.1:{}".format(port)
    # As a deployment behind the platform's router: one proxy in front, and the address players open.
    # The worker class is the app's (webscore.web.http.buffering), so the app's folder is on the path whatever the
    # folder gunicorn starts in (the floor starts in tests/bench).
    path = os.pathsep.join(part for part in (str(ROOT), os.environ.get("PYTHONPATH")) if part)
    variables = dict(os.environ, FLASK_PRODUCTION="true", FLASK_SECRET_KEY=secrets.token_hex(32), FLASK_PROXIES="1",
                     FLASK_PUBLIC_ORIGIN="http://127.0.0.1:{}".format(port), PYTHONPATH=path)
    variables.update(env or {})
    words[-1:-1] = extra or []
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "--log-level", "warning", *words], cwd=str(cwd),
                               env=variables, stdout=log, stderr=log)
    try:
        wait_for_port(port, 60)
        yield port, process.pid
    finally:
        process.terminate()
        process.wait(timeout=30)


def workers_cpu_seconds(master: int) -> float:
    """Return the CPU seconds used so far by a gunicorn master's workers."""
    total = 0.0
    children = pathlib.Path("/proc/{0}/task/{0}/children".format(master)).read_text().split()
    for pid in children:
        fields = pathlib.Path("/proc/{}/stat".format(pid)).read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / TICKS
    return total


def cpu_times() -> list:
    """Return the machine's CPU times so far, as /proc/stat's first line gives them."""
    return [int(field) for field in pathlib.Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]


def stolen_percent(before: list, after: list) -> float:
    """Return the share of the machine's CPU time the host gave to others between two cpu_times().

    On a virtual machine the host may run others on our cores ("steal"); a run during which it did is
    slower for no reason of ours, so its figures are printed beside that share.
    """
    spent = [b - a for a, b in zip(before, after)]
    return 100 * spent[7] / max(1, sum(spent))
