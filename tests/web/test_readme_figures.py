"""The README's figures are the code's: the limits it states are the defaults the app runs with."""

import json
import pathlib
import re

from webscore.flow import history

README = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


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
