"""The run's one browser and one app server, each a process of its own that every worker of the run shares.

The first worker to need one starts it, under a lock in a folder the whole run shares, and writes its address there;
the other worker reads it. A process outlives the worker that started it, which may finish its tests while the other
worker is still using it; it never outlives the run: the run's controller (the pytest process that started the
workers, or the only one) stops it at its end (stop_all), and it stops itself when the controller is gone (a run
interrupted or killed), so no Chromium or server is left behind.

Run as a script (python shared.py NAME CONTROLLER FOLDER), it is that process: it serves NAME, prints its address
once it answers, and serves until it is told to stop (SIGTERM) or the controller's process ends.
"""

import contextlib
import fcntl
import json
import os
import pathlib
import select
import shutil
import signal
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
# How long a shared process has to end once told to (Chromium closing its pages), in seconds.
STOPPING = 30
# The processes this one started: kept, so that none is collected (and warned about) while it runs.
STARTED = []


def new_run() -> dict:
    """Return what a run's controller gives its workers: a new folder of the run's own and the controller's pid."""
    return {"marquoir_run": tempfile.mkdtemp(prefix="marquoir-run-"), "marquoir_controller": os.getpid()}


def address(run: dict, name: str) -> str:
    """Return the address of the run's shared `name` ("browser" or "server"), started by this process if no other has."""
    folder = pathlib.Path(run["marquoir_run"])
    with open(folder / (name + ".lock"), "w") as lock:
        # Held until the file closes: the other worker waits here for the address, which it reads once written.
        fcntl.flock(lock, fcntl.LOCK_EX)
        kept = folder / (name + ".address")
        if kept.exists():
            return kept.read_text()
        log = folder / (name + ".log")
        path = os.pathsep.join([str(ROOT), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")])
        with open(log, "wb") as errors:
            # A session of its own: a Ctrl-C at the terminal reaches the pytest processes, which stop it in order.
            process = subprocess.Popen([sys.executable, __file__, name, str(run["marquoir_controller"]), str(folder)],
                                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=errors,
                                       start_new_session=True, env=dict(os.environ, PYTHONPATH=path))
        STARTED.append(process)
        with process.stdout:
            line = process.stdout.readline().decode().strip()
        if not line:
            process.wait()
            raise RuntimeError("the run's shared {} did not start:\n{}".format(name, log.read_text()[-3000:]))
        kept.write_text(line)
        return line


def stop_all(run: dict) -> None:
    """Stop the run's shared processes, each in its own time (Chromium closes its pages), then remove their folder."""
    folder = pathlib.Path(run["marquoir_run"])
    for written in folder.glob("*.pid"):
        try:
            process = os.pidfd_open(int(written.read_text()))
        except ProcessLookupError:
            continue
        try:
            signal.pidfd_send_signal(process, signal.SIGTERM)
            if not select.select([process], [], [], STOPPING)[0]:
                signal.pidfd_send_signal(process, signal.SIGKILL)
        finally:
            os.close(process)
    for process in STARTED:
        process.wait()
    shutil.rmtree(folder)


@contextlib.contextmanager
def served_browser(folder: pathlib.Path):
    """Serve Debian's Chromium to Playwright clients (playwright.chromium.connect); yield its ws endpoint and a file
    that ends when it does."""
    from support.browsing import CHROMIUM
    from support.browsing import CHROMIUM_ARGS

    config = folder / "browser.json"
    config.write_text(json.dumps({"executablePath": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}))
    # Playwright's driver: a Python process, under it Node, which starts Chromium and prints the endpoint once it
    # listens. A group of their own, both told to stop at once (Node then closes Chromium).
    driver = subprocess.Popen([sys.executable, "-m", "playwright", "launch-server", "--browser", "chromium",
                               "--config", str(config)], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              start_new_session=True)
    try:
        endpoint = driver.stdout.readline().decode().strip()
        if not endpoint.startswith("ws://"):
            raise RuntimeError("Playwright's launch-server printed {!r}, not its endpoint".format(endpoint))
        yield endpoint, driver.stdout
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(driver.pid, signal.SIGTERM)
        # Node holds the pipe's other end until it has closed Chromium and ended.
        if not select.select([driver.stdout], [], [], STOPPING)[0]:
            os.killpg(driver.pid, signal.SIGKILL)
        driver.stdout.close()
        driver.wait()


@contextlib.contextmanager
def served_app(folder: pathlib.Path):
    """Serve the app as the browser tests' shared server (TESTING, its tables in a temporary folder); yield its
    address and no file (it ends only with this process)."""
    from support.browsing import Server

    server = Server()
    try:
        yield server.url, None
    finally:
        server.close()


SERVED = {"browser": served_browser, "server": served_app}


def serve(name: str, controller: int, folder: pathlib.Path) -> None:
    """Serve `name`, print its address, and serve until SIGTERM, the controller's end or the served thing's own."""
    # SystemExit, not the default death: what is served is stopped on the way out.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    written = folder / (name + ".pid.new")
    written.write_text(str(os.getpid()))
    written.replace(folder / (name + ".pid"))
    watched = os.pidfd_open(controller)
    with SERVED[name](folder) as (served_address, ending):
        print(served_address, flush=True)
        # The worker that read the address has closed its end of the pipe.
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        ends = [watched] + ([ending] if ending is not None else [])
        while True:
            readable = select.select(ends, [], [])[0]
            if watched in readable:
                break
            if not ending.read1():
                return
    # The controller is gone, and with it whoever would have removed the run's folder.
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]), pathlib.Path(sys.argv[3]))
