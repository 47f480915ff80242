"""A stranger's walk through Marquoir in French at 360×740: what a French player reads where a sentence names a
player whose name begins with a vowel. French elides "de" before a vowel ("la bourgade d’Annabell", never "la
bourgade de Annabell"), as the result's own sentences avoid by putting the name first.
"""

import json
import re
import urllib.request

from playwright.sync_api import expect

from support import examples
from support.browsing import WAIT
from support.phone import tap_town
from support.tables import empty_setup
from support.towns import town
from webscore.scoring import encode

EMPTY = (". . . .",) * 4
LEA = ("feast-hall feast-hall feast-hall cottage", "farm . . .", ". . . .", ". . . .")
GAME = {"mode": "master-builder", "monuments": False, "cavern": False,
        "buildings": ["cottage", "farm", "well", "chapel", "feast-hall", "theater", "factory"],
        "players": [{"name": name, "monument": None, "town": town(*EMPTY)} for name in ("Léa", "Émile")]}
# The README's four players: Annabell sits first.
SETUP = encode(empty_setup(examples.load("four-players")))


def save(table_url, n, client, op):
    body = json.dumps({"client": client, "op": op}).encode()
    request = urllib.request.Request("{}/{}".format(table_url, n), method="POST", data=body,
                                     headers={"Content-Type": "application/json", "X-Requested-With": "marquoir"})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def test_the_running_total_waiting_for_a_town_elides_de_before_a_vowel_in_french(phone, live_server):
    page = phone.new_page()
    page.goto("{}/fr/g/{}/1".format(live_server, encode(GAME)))
    tap_town(page, LEA)
    # Léa's right-hand neighbour is Émile (the last player): her Feast Halls wait for his town.
    expect(page.locator(".running-total")).to_have_text(
        "Total provisoire : au moins −2 tant que la bourgade d’Émile n’est pas saisie", timeout=WAIT)


def test_a_town_opened_again_elsewhere_is_named_with_de_elided_in_french(phone, own_server):
    page = phone.new_page()
    page.goto("{}/fr/t/new?code={}".format(own_server.url, SETUP))
    page.click("form[method=post] button[type=submit]")
    page.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]{22,}$"))
    table_url = page.url
    # Annabell's phone hands her town in; a stray tap on another phone opens it again.
    save(table_url, 1, "phone-of-annabell", {"seq": 1, "set": {"square_a1": ["cottage", 0]}})
    handed_in = save(table_url, 1, "phone-of-annabell", {"seq": 2, "done": True})
    save(table_url, 1, "phone-of-a-stray-tap", {"seq": 1, "reopen": handed_in["town"]["version"]})
    page.goto(table_url)
    expect(page.locator(".table-events")).to_have_text(
        "La bourgade d’Annabell a été rouverte sur un autre téléphone.", timeout=WAIT)
