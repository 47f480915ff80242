"""The scoring core against an earlier version of itself on 20,000 random games: python tests/bench/games_same.py REV

For a change meant to leave every answer as it was. The core of git revision REV (checked out in a
temporary worktree) and the core of this tree each answer, for the same random valid games: the
game file scored, its code scored, a damaged copy of its code, and the problems of a broken copy of
the game file. Each side writes a digest per game; the script prints how many games differ (must be
0). The games come from the test suite's strategy, derandomized, so both sides draw the same ones.
"""

import argparse
import copy
import hashlib
import json
import pathlib
import random
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = 20000


def digests(root: pathlib.Path, count: int) -> list:
    """Return one digest per game of every answer the core at `root` gives about it."""
    sys.path[:0] = [str(root), str(root / "tests")]
    import webscore
    from support.strategies import same_random_games
    from webscore.scoring import encode
    from webscore.scoring import problems
    from webscore.scoring import score_code_json
    from webscore.scoring import score_json

    # The core read is the one of `root`, not an installed copy: said, so that a run shows it.
    print("scoring with {}".format(pathlib.Path(webscore.__file__).parent), file=sys.stderr)
    rng = random.Random(7)
    found = []
    for game in same_random_games(count):
        code = encode(game)
        at = rng.randrange(len(code))
        damaged = code[:at] + rng.choice("A_-z9") + code[at + 1:]
        broken = copy.deepcopy(game)
        broken["players"][0]["extra{}".format(rng.randrange(3))] = 1
        broken["buildings"] = broken["buildings"][::-1]
        answers = [score_json(json.dumps(game)), score_code_json(code), score_code_json(damaged),
                   json.dumps(problems(broken))]
        found.append(hashlib.sha256("\n".join(answers).encode()).hexdigest()[:16])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", nargs="?", help="the earlier revision to compare with")
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--side", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.side:
        json.dump(digests(pathlib.Path(args.side), args.games), sys.stdout)
        return
    with tempfile.TemporaryDirectory() as folder:
        earlier = pathlib.Path(folder) / "earlier"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(earlier), args.rev], check=True)
        try:
            sides = [subprocess.Popen([sys.executable, __file__, "--side", str(root), "--games", str(args.games)],
                                      stdout=subprocess.PIPE) for root in (earlier, ROOT)]
            before, now = (json.loads(side.communicate()[0]) for side in sides)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(earlier)], check=True)
    print("games: {}, distinct digests: {}, different answers: {}".format(
        len(now), len(set(now)), sum(1 for a, b in zip(before, now) if a != b)))


if __name__ == "__main__":
    main()
