"""Shared fixtures: the app, its test client, and the scoring core running under MicroPython."""

import json
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


class MicroPythonCore:
    """The scoring core under the vendored MicroPython runtime, in one Node process."""

    def __init__(self):
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("Node.js is needed to run the core under MicroPython (apt-get install nodejs)")
        self.process = subprocess.Popen(
            [node, str(ROOT / "tests" / "micropython" / "score_games.mjs")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")

    def score_json(self, text: str) -> dict:
        """Return MicroPython's parsed answer for a game file given as JSON text."""
        self.process.stdin.write(text.replace("\n", " ") + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the MicroPython process ended")
        return json.loads(line)

    def close(self):
        """Stop the Node process."""
        self.process.stdin.close()
        self.process.wait(timeout=30)
        self.process.stdout.close()


@pytest.fixture(scope="session")
def micropython_core():
    core = MicroPythonCore()
    yield core
    core.close()
