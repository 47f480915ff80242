"""On a 360 px phone, in Hungarian: Léa's Feast Halls beside Noé's empty town are counted at the least they make,
and the running total says it waits for his town; once his town is entered, her total is the result's."""

from playwright.sync_api import expect

from support.browsing import WAIT
from support.phone import read_results
from support.phone import tap_town
from support.towns import town
from webscore.scoring import encode

EMPTY = (". . . .",) * 4
LEA = ("feast-hall feast-hall feast-hall cottage", "farm . . .", ". . . .", ". . . .")
NOE = ("feast-hall cottage farm .", ". . . .", ". . . .", ". . . .")
GAME = {"mode": "master-builder", "monuments": False, "cavern": False,
        "buildings": ["cottage", "farm", "well", "chapel", "feast-hall", "theater", "factory"],
        "players": [{"name": name, "monument": None, "town": town(*EMPTY)} for name in ("Léa", "Noé")]}


def test_a_total_that_reads_an_empty_town_says_so_and_never_takes_a_point_back(phone, live_server):
    page = phone.new_page()
    page.goto("{}/hu/g/{}/1".format(live_server, encode(GAME)))
    form = page.locator("form.js-town")
    tap_town(page, LEA)
    total = page.locator(".running-total")
    # Three Feast Halls at 2 (Noé may have as many), a fed Cottage 3, 11 empty squares: −2.
    expect(total).to_have_text("Eddigi pontszám: legalább −2, amíg Noé városa nincs beírva", timeout=WAIT)
    expect(form).to_have_attribute("data-live-total", "-2")
    expect(page.locator(".square[data-square=a1] .square-points")).to_have_text("2")
    page.click("button[name=go][value=next]")
    page.wait_for_url("**/2")
    tap_town(page, NOE)
    page.click("button[name=go][value=results]")
    page.click(".confirm button[value=results]")
    page.wait_for_url("**/r/**")
    # Noé has 1 Feast Hall: Léa's 3 score 3 each, 9 + 3 − 11 = 1, more than the −2 she was shown.
    assert read_results(page)["Léa"][0] == 1
