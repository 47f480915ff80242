"""Result pages byte for byte: python tests/bench/result_pages_same.py save|check FILE

Draws, with the Flask test client, the result page of many games (the example games, hand-made ones:
a tie asking for turns, a solo game, six players, without monuments, the cavern rule, names with
markup; and random valid games) in every language: the kept page drawn and seen again, with brotli,
gzip and no encoding, a page with a query string, a turns form with problems, and the language-neutral
link, under other schemes, hosts and roots. `save` writes every answer's status, headers (but Date,
and the cookie's expiry) and body; `check` draws them again and says which differ. For a change
meant to make drawing cheaper without changing a byte: save before, check after. The games are saved
with the answers, so `check` draws the same ones.
"""

import base64
import copy
import json
import pathlib
import re
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from support import examples  # noqa: E402
from support.apps import new_app  # noqa: E402
from support.strategies import same_random_games  # noqa: E402
from webscore.languages import LANGUAGES  # noqa: E402
from webscore.scoring import encode  # noqa: E402

ENCODINGS = ("br, gzip", "gzip", "")
RANDOM_GAMES = 24
ROOT_URL = "http://marquoir.test"
OTHER_ROOTS = ("https://marquoir.test", "http://marquoir.test/under", "https://other.marquoir.test")
# The language cookie's expiry is a date a year after the answer.
EXPIRES = re.compile(r"Expires=[^;]*")


def hand_made() -> list:
    """Return the games chosen for what they show: ties, one player, six, variants, awkward names."""
    four = examples.load("four-players")
    six = copy.deepcopy(four)
    six["monuments"] = False
    six["players"] = [copy.deepcopy(four["players"][n % 4]) for n in range(6)]
    for n, player in enumerate(six["players"]):
        player["name"] = "Six <b>{}</b> & \"co\"".format(n)
        player["town"] = [[None if card == player["monument"] else card for card in row] for row in player["town"]]
        player["monument"] = None
        for fact in ("completed_before", "shrine_buildings"):
            player.pop(fact, None)
    # Three equal towns: the page asks for their turns as Master Builder.
    tie = copy.deepcopy(six)
    tie["players"] = [copy.deepcopy(six["players"][0]) for _ in range(3)]
    for n, player in enumerate(tie["players"]):
        player["name"] = "Tie " + str(n)
        player.pop("master_builder_turns", None)
    tie["players"][2]["master_builder_turns"] = 4
    cavern = examples.load("rulebook-28")
    cavern["cavern"] = True
    cavern["players"][0]["name"] = "Éva 'Őz' Ünnep"
    town_hall = copy.deepcopy(four)
    town_hall["mode"] = "town-hall"
    for player in town_hall["players"]:
        player.pop("master_builder_turns", None)
    return [tie, six, cavern, town_hall]


def all_codes() -> list:
    """Return the codes of every game this script draws."""
    found = [encode(examples.load(name)) for name in examples.NAMES]
    found += [encode(game) for game in hand_made() + same_random_games(RANDOM_GAMES)]
    return list(dict.fromkeys(found))


def addresses(codes: list) -> list:
    """Return (path, Accept-Encoding, root) of every answer compared."""
    asked = []
    for n, code in enumerate(codes):
        for lang in LANGUAGES:
            page = "/{}/r/{}".format(lang, code)
            # Drawn, then seen again (sent before Flask), in every encoding.
            asked += [(page, encoding, ROOT_URL) for encoding in ENCODINGS + ENCODINGS]
            asked.append((page + "?from=" + str(n), "br, gzip", ROOT_URL))
            asked.append((page + "/turns?turns-1=x&turns-2=", "", ROOT_URL))
            asked.append((page + "/turns?turns-1=3&turns-2=3&turns-3=-1", "", ROOT_URL))
            # Links name the scheme, the host and the root the page was asked at.
            asked += [(page, "", root) for root in OTHER_ROOTS if n < 3]
        asked.append(("/r/{}".format(code), "", ROOT_URL))
    return asked


def answers(codes: list) -> dict:
    """Return every answer of a fresh app, by path and encoding: status, headers but Date, body."""
    with tempfile.TemporaryDirectory() as folder:
        app = new_app(SERVER_NAME="marquoir.test", TABLES_DATABASE=str(pathlib.Path(folder) / "tables.sqlite3"))
        client = app.test_client()
        found = {}
        for n, (path, encoding, root) in enumerate(addresses(codes)):
            headers = {"Accept-Language": "fr"}
            if encoding:
                headers["Accept-Encoding"] = encoding
            response = client.get(path, headers=headers, base_url=root)
            found["{} {}{} {}".format(n, root, path, encoding)] = {
                "status": response.status,
                "headers": [[name, EXPIRES.sub("Expires=(a year from now)", value)]
                            for name, value in response.headers.items() if name != "Date"],
                "body": base64.b64encode(response.get_data()).decode("ascii")}
        return found


def main() -> None:
    """Save the answers, or check them against those saved."""
    if len(sys.argv) != 3 or sys.argv[1] not in ("save", "check"):
        sys.exit(__doc__.splitlines()[0])
    target = pathlib.Path(sys.argv[2])
    if sys.argv[1] == "save":
        codes = all_codes()
        found = answers(codes)
        target.write_text(json.dumps({"codes": codes, "answers": found}))
        print("saved {} answers of {} games".format(len(found), len(codes)))
        return
    saved = json.loads(target.read_text())
    now = answers(saved["codes"])
    differ = [key for key in saved["answers"] if saved["answers"][key] != now.get(key)]
    print("{} answers of {} games: {} identical, {} differ".format(
        len(saved["answers"]), len(saved["codes"]), len(saved["answers"]) - len(differ), len(differ)))
    for key in differ[:10]:
        print("differs:", key[:120])
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
