"""Score a game file from the command line.

python -m webscore.scoring GAME.json|-          prints the result as JSON
python -m webscore.scoring --link GAME.json|-   prints the path of the game's result page
"""

import json
import os
import sys

from . import InvalidGame
from . import encode
from . import score

# A game file of six full towns is under 10 kB; a bound this far above it still ends an endless stream.
MAX_INPUT = 1024 * 1024


def read_game(stream):
    """Return the game file read from a binary stream; raise ValueError saying why it cannot be read."""
    data = stream.read(MAX_INPUT + 1)
    if len(data) > MAX_INPUT:
        raise ValueError("larger than 1 MB, far more than any game file")
    try:
        # utf-8-sig: a byte-order mark at the start, as some editors write, is read past.
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ValueError("not UTF-8 text ({})".format(error.reason)) from None
    try:
        return json.loads(text, object_pairs_hook=_once)
    except RecursionError:
        raise ValueError("nested too deeply to be a game file") from None


def _once(pairs: list) -> dict:
    """Return an object of a game file; raise ValueError for a key it gives twice, which JSON would read as the last
    one given without a word (a file edited by hand that says "coins" twice means one of them)."""
    read = {}
    for key, value in pairs:
        if key in read:
            raise ValueError("the key {} is given twice in one object".format(json.dumps(key)))
        read[key] = value
    return read


def describe(found: dict) -> str:
    """Return one problem as a line for a terminal."""
    where = []
    if found["player"] is not None:
        where.append("player {}".format(found["player"] + 1))
    if found["square"] is not None:
        where.append("square {}".format(found["square"]))
    text = found["code"]
    if found["value"] is not None:
        text += " ({})".format(json.dumps(found["value"]))
    return (", ".join(where) + ": " if where else "") + text


def main(argv: list) -> int:
    """Run the command line; return the exit status."""
    link = argv[:1] == ["--link"]
    if link:
        argv = argv[1:]
    if len(argv) != 1:
        sys.stderr.write("usage: python -m webscore.scoring [--link] GAME.json|-\n")
        return 2
    try:
        if argv[0] == "-":
            game = read_game(sys.stdin.buffer)
        else:
            with open(argv[0], "rb") as source:
                game = read_game(source)
    except (OSError, ValueError) as error:
        sys.stderr.write("cannot read {}: {}\n".format(argv[0], error))
        return 2
    try:
        result = score(game)
    except InvalidGame as error:
        for found in error.problems:
            sys.stderr.write(describe(found) + "\n")
        return 2
    if link:
        # Language-neutral, like the share link: it opens in the reader's language.
        out = "/r/" + encode(game) + "\n"
    else:
        out = json.dumps(result, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    # As UTF-8 whatever the terminal's locale, so no name can fail to print.
    try:
        if sys.stdout is None:
            # Python found no standard output at all (it was closed before the start).
            raise OSError(9, "standard output is closed")
        sys.stdout.buffer.write(out.encode("utf-8"))
        sys.stdout.flush()
    except (OSError, ValueError) as error:
        # Output closed, full (/dev/full) or a pipe whose reader left: said, and the exit status says so.
        _quiet_stdout()
        _say("cannot write the result: {}\n".format(getattr(error, "strerror", None) or error))
        return 2
    return 0


def _say(text: str) -> None:
    """Write to standard error, if there is one to write to."""
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _quiet_stdout() -> None:
    """Point standard output at nothing, so that Python's own flush at exit has nothing left to fail on."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (AttributeError, OSError, ValueError):
        sys.stdout = None


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
