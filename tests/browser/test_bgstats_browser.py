"""One tap to BG Stats from a result: the play its link holds, with the phone's date put in at the tap."""

import datetime
import json
import re
from urllib.parse import unquote

from playwright.sync_api import expect

from support import examples
from webscore.languages import TRANSLATED
from webscore.scoring import score

CODE = examples.FOUR_PLAYERS_CODE
LABELS = {"en": "Log in BG Stats", "fr": "Enregistrer dans BG Stats", "hu": "Rögzítés a BG Stats appban"}


def test_a_result_hands_its_game_to_bg_stats_dated_when_tapped(phone, live_server):
    page = phone.new_page()
    for lang in TRANSLATED:
        page.goto(live_server + "/{}/r/{}".format(lang, CODE))
        expect(page.get_by_role("link", name=LABELS[lang])).to_have_count(1)
    asked = []
    phone.route("https://app.bgstatsapp.com/**", lambda route: (asked.append(route.request.url),
                                                               route.fulfill(status=200, body="BG Stats")))
    page.goto(live_server + "/en/r/" + CODE)
    before = datetime.datetime.now(datetime.UTC).replace(microsecond=0, tzinfo=None)
    page.get_by_role("link", name=LABELS["en"]).click()
    page.wait_for_url("https://app.bgstatsapp.com/**")
    after = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
    play = json.loads(unquote(asked[0].split("?data=")[1]))
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play.pop("playDate"))
    assert before <= datetime.datetime.strptime(json.loads(unquote(asked[0].split("?data=")[1]))["playDate"],
                                                "%Y-%m-%d %H:%M:%S") <= after
    result = score(examples.load("four-players"))["players"]
    assert play["sourceName"] == "Marquoir" and play["sourcePlayId"] == CODE
    assert play["comments"].endswith(CODE)
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["seatOrder"]) for p in play["players"]] == [
        (r["name"], r["total"], r["place"], r["place"] == 1, seat) for seat, r in enumerate(result, start=1)]
