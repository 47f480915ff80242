"""Score a game file from the command line.

python -m webscore.scoring GAME.json|-          prints the result as JSON
python -m webscore.scoring --link GAME.json|-   prints the path of the game's result page
"""

import json
import sys

from . import InvalidGame
from . import encode
from . import score


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
            game = json.load(sys.stdin)
        else:
            with open(argv[0], encoding="utf-8") as source:
                game = json.load(source)
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
        sys.stdout.write("/r/" + encode(game) + "\n")
    else:
        sys.stdout.write(json.dumps(result, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
