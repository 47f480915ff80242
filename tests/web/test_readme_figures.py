"""The README's figures are the code's: the limits it states are the defaults the app runs with."""

import json
import pathlib
import re

import brotli

from support import examples
from support.tables import empty_setup
from support.tables import open_table
from webscore.flow import history
from webscore.flow import sync
from webscore.flow import sync_merge
from webscore.flow.town_facts import SEED
from webscore.scoring import encode
from webscore.scoring.__main__ import MAX_INPUT
from webscore.scoring.cards import MONUMENTS
from webscore.scoring.names import MAX_NAME
from webscore.web.http.security import STYLE_SHEET
from webscore.web.tables import towns
from webscore.web.tables.saves import MAX_SAVE
from webscore.web.tables.store import LIFETIME
from webscore.web.tables.store import open_store

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def stated(pattern: str, text: str = README) -> list:
    """Return the figures a pattern finds in the README (or in a row of its), as numbers ("2,048" is 2048)."""
    found = re.search(pattern, text, re.S)
    assert found, "the README no longer says: " + pattern
    return [int(figure.replace(",", "")) for figure in found.groups()]


def limit(what: str) -> str:
    """Return the limit the README's Limits table gives on a row."""
    found = re.search(r"^\| {} \| ([^|]+) \|".format(re.escape(what)), README, re.M)
    assert found, "the Limits table has no row for " + what
    return found.group(1)


def test_the_tables_limits_the_readme_states_are_the_apps(app):
    config = app.config
    found = re.search(r"Limits, counted in the same storage: (\d+) tables opened per hour.*?saves a minute: (\d+) per"
                      r"\s+phone.*?(\d+) per town.*?(\d+) per table.*?(\d+) per client\s+address", README, re.S)
    assert found, "the tables' limits are no longer stated in the README"
    assert tuple(int(figure) for figure in found.groups()) == (
        config["TABLES_PER_HOUR"], config["TABLE_SAVES_PER_PHONE"], config["TABLE_SAVES_PER_TOWN"],
        config["TABLE_SAVES_PER_TABLE"], config["TABLE_SAVES_PER_MINUTE"])
    found = re.search(r"(\d+) saves a minute \(`FLASK_TABLE_SAVES_PER_MINUTE`\), within which (\d+) per phone, (\d+) per "
                      r"town and (\d+) per table", README)
    assert found, "the limits' table no longer states the saves a minute"
    assert tuple(int(figure) for figure in found.groups()) == (
        config["TABLE_SAVES_PER_MINUTE"], config["TABLE_SAVES_PER_PHONE"], config["TABLE_SAVES_PER_TOWN"],
        config["TABLE_SAVES_PER_TABLE"])


def test_the_games_a_phone_keeps_and_the_export_s_head_the_readme_states_are_the_flows():
    found = re.search(r"A phone keeps ([\d,]+) games:.*?An export's head is\s+`(\{[^`]*\})`", README, re.S)
    assert found, "the games kept and the export's head are no longer stated in the README"
    assert (int(found.group(1).replace(",", "")), json.loads(found.group(2))) == (history.MAX_GAMES, history.EXPORT)


def _full_table(make_app) -> int:
    """Return the bytes of the fullest table record a phone's saves can make: 6 players named with 24 four-byte
    characters, every field of every town at its longest, and each town remembering MAX_SEEN phones of MAX_CLIENT
    characters, MAX_PER_KEY by each key (every eighth taking it over), each operation numbered as high as a save
    may (a table's events and owners come with them)."""
    app = make_app(TABLE_SAVES_PER_PHONE=10 ** 6, TABLE_SAVES_PER_TOWN=10 ** 6, TABLE_SAVES_PER_TABLE=10 ** 6,
                   TABLE_SAVES_PER_MINUTE=10 ** 6)
    game = examples.load("four-players")
    monuments = sorted(MONUMENTS, key=len, reverse=True)[:6]
    game["players"] = [dict(game["players"][0], name="\U0001F600" * MAX_NAME, monument=monument) for monument in monuments]
    phone = app.test_client()
    table = open_table(phone, encode(empty_setup(game)))
    for n, monument in enumerate(monuments, 1):
        values = {field: monument if field.startswith("square_") else "a1" if field == SEED else "9" * sync.MAX_VALUE
                  for field in sync.FIELDS if field != "monument"}
        fields, version = sorted(values), 0
        for k in range(sync_merge.MAX_SEEN):
            client, key = ("c{}-{}-".format(n, k) + "x" * sync.MAX_CLIENT)[:sync.MAX_CLIENT], \
                ("k{}-{}-".format(n, k // sync_merge.MAX_PER_KEY) + "y" * sync.MAX_CLIENT)[:sync.MAX_CLIENT]
            op = {"seq": sync.MAX_NUMBER - 1,
                  "set": {field: [values[field], version] for field in fields[k::sync_merge.MAX_SEEN]}}
            answer = phone.post("/en/t/{}/{}".format(table, n), headers={"X-Requested-With": "marquoir"},
                                json={"client": client, "op": op, "key": key, "take": k % sync_merge.MAX_PER_KEY == 0})
            assert answer.status_code == 200, answer.json
            version = answer.json["town"]["version"]
    record = open_store(app).get(table)
    assert [len(town["seen"]) for town in record["sync"]] == [sync_merge.MAX_SEEN] * 6
    # Three keys took each town in turn, so each keeps two former owners; counted as many as a town keeps.
    assert [len(former) for former in record["former_owners"]] == [2] * 6
    record["former_owners"] = [[towns.key_tag("f" * 64)] * towns.FORMER_OWNERS_KEPT for _ in record["former_owners"]]
    return len(json.dumps(record))


def test_the_size_of_a_full_table_the_readme_states_is_the_apps(make_app, app):
    # Issue 50: the README said about 30 KB (and 6 MB an address) while a full table, 24 phones remembered per town
    # with their key tags, was over 50 KB.
    found = re.search(r"a full table holds about (\d+) KB, so one address keeps at most about (\d+) MB", README)
    assert found, "the size of a full table is no longer stated in the README"
    kilobytes, megabytes = (int(figure) for figure in found.groups())
    size = _full_table(make_app)
    assert 0.9 * kilobytes * 1000 <= size <= kilobytes * 1000, size
    assert megabytes == round(kilobytes * app.config["TABLES_KEPT_PER_ADDRESS"] / 1000)
    assert "with them a full table holds about {} KB".format(kilobytes) in README


def test_the_requests_limits_the_readme_states_are_the_apps(app):
    config = app.config
    assert stated(r"^(\d+) characters \(code points", limit("player name")) == [MAX_NAME]
    assert stated(r"^([\d,]+) bytes as sent", limit("address path")) == [config["MAX_PATH_LENGTH"]]
    assert stated(r"^([\d,]+) bytes", limit("query string")) == [config["MAX_QUERY_LENGTH"]]
    assert stated(r"^(\d+) distinct fields, ([\d,]+) bytes each", limit("request headers")) == [
        config["MAX_HEADER_FIELDS"], config["MAX_HEADER_LENGTH"]]
    assert [kib * 1024 for kib in stated(r"^(\d+) KiB \(`MAX_CONTENT_LENGTH`", limit("request body"))] == [
        config["MAX_CONTENT_LENGTH"]]
    assert [mib * 1024 * 1024 for mib in stated(r"^(\d+) MiB", limit("game file (command line)"))] == [MAX_INPUT]
    assert [kib * 1024 for kib in stated(r"; (\d+) KiB per save\.")] == [MAX_SAVE]


def test_the_tables_kept_and_their_lifetime_the_readme_states_are_the_apps(app):
    row = limit("tables per client address")
    assert stated(r"^(\d+) opened an hour \(`FLASK_TABLES_PER_HOUR`\), (\d+) kept at once "
                  r"\(`FLASK_TABLES_KEPT_PER_ADDRESS`", row) == [app.config["TABLES_PER_HOUR"],
                                                               app.config["TABLES_KEPT_PER_ADDRESS"]]
    for pattern, text in [(r"until it expires, (\d+) hours after its last change", row),
                          (r"It expires (\d+) hours \(`store\.LIFETIME`\) after its last change", README),
                          (r"keys with a (\d+)-hour expiry", README)]:
        assert [hours * 3600 for hours in stated(pattern, text)] == [LIFETIME]


def test_the_phones_a_town_remembers_the_readme_states_are_the_syncs():
    assert stated(r"kept per town, (\d+) phones at most\s+\(`sync_merge\.MAX_SEEN`") == [sync_merge.MAX_SEEN]
    assert stated(r"Once the (\d+) are taken") == [sync_merge.MAX_SEEN]
    assert stated(r"(\d+) of them by one key \(`sync_merge\.MAX_PER_KEY`") == [sync_merge.MAX_PER_KEY]


def test_the_game_pages_kept_offline_the_readme_states_are_the_service_workers():
    worker = (ROOT / "webscore" / "web" / "offline" / "templates" / "sw.js").read_text(encoding="utf-8")
    assert stated(r"the (\d+) stored last\.") == stated(r"\nconst MAX_PAGES = (\d+);", worker)


def test_the_style_sheet_the_readme_says_pages_hold_is_the_size_it_states():
    body = STYLE_SHEET.encode()
    kilobytes = stated(r"hold the style sheet\s+\(`static/css/marquoir\.css`, (\d+) KB without its comments and spaces, "
                       r"(\d+) KB with brotli\)")
    assert kilobytes == [round(len(body) / 1000), round(len(brotli.compress(body, quality=11)) / 1000)]
    # The pages that hold it rather than link it: "A result page and a town step".
    assert "A result page and a town step hold the style sheet" in README
    holding = sorted(path.name for path in (ROOT / "webscore").rglob("*.html")
                     if "{% set holds_style_sheet = true %}" in path.read_text(encoding="utf-8"))
    assert holding == ["results.html", "town.html"]
