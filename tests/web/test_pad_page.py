"""The quick pad's page carries its form as its address fills it, drawn by the server with the pieces the browser
draws it with, so it can be typed in before the core is ready; what the address holds stays text."""

import re

import pytest


def fields(html: str) -> dict:
    return dict(re.findall(r'<input [^>]*name="(\w+)"[^>]*value="([^"]*)"', html))


def test_the_bare_pad_has_two_players_ready(client):
    html = client.get("/en/pad").get_data(as_text=True)
    assert 'data-drawn-for=""' in html and '<div class="pad-body">' in html
    assert re.findall(r"<legend>([^<]*)</legend>", html) == ["Player 1", "Player 2"]


def test_the_form_is_drawn_for_its_address_its_values_as_text(client):
    html = client.get("/fr/pad?mode=town-hall&n0=%3Cb%3EAna%3C/b%3E&blue0=12&n1=Bo&n2=Cy&green2=-3").get_data(as_text=True)
    assert re.findall(r"<legend>([^<]*)</legend>", html) == ["Joueur 1", "Joueur 2", "Joueur 3"]
    found = fields(html)
    assert (found["n0"], found["blue0"], found["green2"]) == ("&lt;b&gt;Ana&lt;/b&gt;", "12", "-3")
    assert '<option selected value="town-hall">' in html
    assert 'data-drawn-for="mode=town-hall&amp;n0=%3Cb%3EAna%3C/b%3E&amp;blue0=12&amp;n1=Bo&amp;n2=Cy&amp;green2=-3"' in html


@pytest.mark.parametrize("query", ["n99=x", "blue0=" + "9" * 50, "mode=chess", "n0=a&n0=b", "zz=1", "%ff=%fe"])
def test_an_address_the_pad_cannot_read_still_draws_its_form(client, query):
    answer = client.get("/hu/pad?" + query)
    assert answer.status_code == 200
    assert '<form class="pad-form"' in answer.get_data(as_text=True)


@pytest.mark.parametrize(("lang", "label"), [
    ("en", "Tiny Trees: a tree grew (+2)"), ("fr", "Tiny Trees\u00a0: un arbre a poussé (+2)"),
    ("hu", "Tiny Trees: fa nőtt (+2)")])
def test_a_tree_box_is_ticked_as_the_address_says_and_shown_where_no_square_is_empty(client, lang, label):
    html = client.get("/{}/pad?n0=Ana&tree0=1&n1=Bo&empty1=0&n2=Cy&empty2=1".format(lang)).get_data(as_text=True)
    boxes = re.findall(r'<label class="pad-cathedral pad-tree"( hidden)?><input ([^>]*name="tree\d"[^>]*)> '
                       r'<span>([^<]*)</span>', html)
    # Shown where ticked or where no square is empty (a tree grows only then); hidden beside an empty square.
    assert [(hidden, "checked" in attributes, text) for hidden, attributes, text in boxes] == [
        ("", True, label), ("", False, label), (" hidden", False, label)]
