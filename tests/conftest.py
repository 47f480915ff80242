"""Shared fixtures: the app, its test client, a factory of configured apps, the core and the flow under MicroPython;
the hooks that give a run its one browser and one app server, shared by its workers (support/shared.py)."""

import itertools
import json
import pathlib
import shutil
import subprocess
import tempfile

import pytest

from support import shared
from support.apps import new_app
from support.core_bundle import bundle_file
from support.tables import redis_server  # noqa: F401 (a fixture: table tests run against both storages)
from support.tables import table_config  # noqa: F401

ROOT = pathlib.Path(__file__).resolve().parent.parent
BROWSER_TESTS = ROOT / "tests" / "browser"
RUN = pytest.StashKey[dict]()


def pytest_collection_modifyitems(items):
    """Mark the lanes' tests: `browser` on every test under tests/browser, `slow` on every test that asks MicroPython
    under Node (the micropython_core fixture). Others slow are marked in their modules. The fast lane leaves both out:
    pytest -m "not browser and not slow"."""
    for item in items:
        if BROWSER_TESTS in item.path.parents:
            item.add_marker(pytest.mark.browser)
        if "micropython_core" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


def pytest_configure(config):
    """Give the run, in its controller (the pytest process that starts the workers, or the only one), a folder where
    its workers share the one browser and the one app server of the browser tests (support/shared.py)."""
    if not hasattr(config, "workerinput"):
        config.stash[RUN] = shared.new_run()


@pytest.hookimpl(optionalhook=True)  # pytest -p no:xdist runs the tests in one process
def pytest_configure_node(node):
    """Tell a worker where the run's shared browser and server are, and which process the run is."""
    node.workerinput.update(node.config.stash[RUN])


def pytest_unconfigure(config):
    """Stop the run's shared browser and server, once every worker is done with them (or the run is interrupted)."""
    if RUN in config.stash:
        shared.stop_all(config.stash[RUN])


@pytest.fixture(scope="session")
def shared_run(pytestconfig):
    """What locates the run's shared browser and server: the folder of the run and its controller's pid."""
    return getattr(pytestconfig, "workerinput", None) or pytestconfig.stash[RUN]


@pytest.hookimpl(optionalhook=True)  # pytest -p no:xdist runs the tests in one process
def pytest_xdist_make_scheduler(config, log):
    """Run on both cores (pytest -n 2), the tests go to the workers module by module, the browser modules first: a
    browser module's tests take seconds each, and the last module a worker takes is the time the other waits."""
    from xdist.scheduler import LoadScopeScheduling

    class BrowserModulesFirst(LoadScopeScheduling):
        def _assign_work_unit(self, node):
            browser = next((scope for scope in self.workqueue if scope.startswith("tests/browser/")), None)
            if browser is not None:
                self.workqueue.move_to_end(browser, last=False)
            super()._assign_work_unit(node)

    return BrowserModulesFirst(config, log)


class MicroPythonCore:
    """The scoring core and the flow under the vendored MicroPython runtime, in one Node process."""

    def __init__(self):
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("Node.js is needed to run the core under MicroPython (apt-get install nodejs)")
        self.errors = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 (closed in close())
        # The core as the browser runs it: the bundle of the files compiled to MicroPython bytecode.
        self.bundle = bundle_file()
        self.process = subprocess.Popen(
            [node, str(ROOT / "tests" / "micropython" / "score_games.mjs"), self.bundle.name],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors, text=True, encoding="utf-8")

    def score_json(self, text: str) -> dict:
        """Return MicroPython's parsed answer for a game file given as JSON text."""
        return self._ask("game", text)

    def score_code_json(self, code: str) -> dict:
        """Return MicroPython's parsed answer for a game code."""
        return self._ask("code", code)

    def score_town_json(self, text: str, n: int) -> dict:
        """Return MicroPython's parsed answer for player n's town of a game file given as JSON text."""
        return self._ask("scoretown", json.dumps([n, text]))

    def table_json(self, text: str) -> dict:
        """Return MicroPython's parsed answer for a table helper request given as JSON text."""
        return self._ask("table", text)

    def pad_json(self, text: str) -> dict:
        """Return MicroPython's parsed answer for a quick score pad given as JSON text."""
        return self._ask("pad", text)

    def flow_json(self, kind: str, text: str) -> dict:
        """Return MicroPython's parsed answer from the flow's door for setup, town or result."""
        return self._ask(kind, text)

    def pad_fields_json(self, text: str) -> dict:
        """Return MicroPython's parsed answer for a pad's address pairs given as JSON text."""
        return self._ask("padfields", text)

    def outbox_json(self, text: str) -> dict:
        """Return MicroPython's parsed answer to a phone's outbox call (webscore.flow.outbox_json)."""
        return self._ask("outbox", text)

    def _ask(self, kind: str, text: str) -> dict:
        try:
            self.process.stdin.write(json.dumps([kind, text]) + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            self.errors.seek(0)
            raise RuntimeError("the MicroPython process ended: " + self.errors.read()[-3000:])
        return json.loads(line)

    def close(self):
        """Stop the Node process."""
        self.process.stdin.close()
        self.process.wait(timeout=30)
        self.process.stdout.close()
        self.errors.close()
        self.bundle.close()


@pytest.fixture(scope="session")
def micropython_core():
    core = MicroPythonCore()
    yield core
    core.close()


@pytest.fixture
def make_app(tmp_path):
    """Return make_app(**config): a new app with nothing kept yet, TESTING, its tables in a file of its own in tmp_path.

    config is given to the app as it is (TESTING=False, PROXIES=1, REDIS_URL=...); a TABLES_DATABASE it names wins.
    """
    made = itertools.count()

    def make(**config):
        if "TABLES_DATABASE" not in config:
            config["TABLES_DATABASE"] = str(tmp_path / "tables-{}.sqlite3".format(next(made)))
        return new_app(**config)

    return make


@pytest.fixture
def app(make_app, tmp_path):
    """The app most tests share: TESTING, named marquoir.test, its tables in tmp_path."""
    return make_app(SERVER_NAME="marquoir.test", TABLES_DATABASE=str(tmp_path / "tables.sqlite3"))


@pytest.fixture
def client(app):
    """The test client of `app`."""
    return app.test_client()


@pytest.fixture
def read_only_translations(tmp_path, monkeypatch):
    """A copy of the catalogues (.po only) in a folder the app may read but not write; yield its path.

    The catalogues are then built in a folder of the temporary directory named after their content: that directory
    is the test's own, so that no other test, nor another run at the same time, builds into or removes the same one.
    """
    temporary = tmp_path / "temporary"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    source = tmp_path / "translations"
    shutil.copytree(ROOT / "translations", source, ignore=shutil.ignore_patterns("*.mo"))
    real_open = pathlib.Path.open

    def refuse_writes(self, mode="r", *args, **kwargs):
        if "w" in mode and source in self.parents:
            raise PermissionError("read-only")
        return real_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "open", refuse_writes)
    return source
