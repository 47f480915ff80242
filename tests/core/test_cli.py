"""The command line: python -m webscore.scoring GAME.json|-"""

import json
import subprocess
import sys

from support import examples


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "webscore.scoring", *args], input=stdin,
                          capture_output=True, text=True, check=False)


def test_scores_a_file_and_exits_0():
    done = run(str(examples.path("rulebook-28")))
    assert done.returncode == 0
    player = json.loads(done.stdout)["players"][0]
    assert (player["name"], player["total"], player["place"]) == ("Rulebook", 28, 1)
    assert player["by_colour"]["blue"] == 12
    assert player["fed"] == ["c1", "c2", "d3", "a4"]


def test_reads_standard_input():
    done = run("-", stdin=examples.path("rulebook-28").read_text())
    assert done.returncode == 0
    assert json.loads(done.stdout)["players"][0]["total"] == 28


def test_invalid_game_lists_problems_and_exits_2():
    game = examples.load("rulebook-28")
    game["players"][0]["town"][0][0] = "inn"
    game["players"][0]["stored"]["d2"] = 5
    done = run("-", stdin=json.dumps(game))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        'player 1, square a1: building-not-in-game ("inn")',
        "player 1, square d2: stored-over-3 (5)",
    ]


def test_unreadable_input_exits_2():
    done = run("-", stdin="{not json")
    assert done.returncode == 2
    assert done.stderr.startswith("cannot read -:")
    assert run("/nonexistent.json").returncode == 2


def test_link_prints_the_result_page_path():
    done = run("--link", str(examples.path("rulebook-28")))
    assert done.returncode == 0
    path = done.stdout.strip()
    assert path.startswith("/r/")
    from webscore.scoring import decode
    from webscore.scoring import score
    game = examples.load("rulebook-28")
    assert score(decode(path[3:])) == score(game)


def test_link_of_an_invalid_game_exits_2():
    game = examples.load("rulebook-28")
    game["mode"] = "coop"
    done = run("--link", "-", stdin=json.dumps(game))
    assert done.returncode == 2
    assert done.stderr == 'unknown-mode ("coop")\n'


def test_usage_error_exits_2():
    done = run()
    assert done.returncode == 2
    assert done.stderr.startswith("usage:")
