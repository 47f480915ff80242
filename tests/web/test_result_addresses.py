"""A result page drawn from kept pieces names what url_for and Babel would: addresses under any root, words in any language."""

import re

import pytest
from flask import g
from flask import render_template_string
from flask import url_for

from support import examples
from webscore.flow import bgstats
from webscore.flow import result_pieces
from webscore.web import i18n
from webscore.web.http.addresses import STAND_IN
from webscore.web.http.addresses import address
from webscore.web.http.addresses import code_address
from webscore.web.http.addresses import code_addresses
from webscore.web.i18n import translating
from webscore.web.results.pieces import pieces

CODE = examples.RULEBOOK_CODE
ROOTS = ["http://marquoir.test", "https://marquoir.test/under", "http://other.test:8080/a/b",
         # The stand-in itself in the root: the address is built for this code by url_for.
         "http://marquoir.test/{}".format(STAND_IN)]


@pytest.mark.parametrize("root", ROOTS)
def test_kept_addresses_are_those_url_for_builds(make_app, root):
    app = make_app()
    for _ in range(2):  # built, then kept
        with app.test_request_context("/en/r/" + CODE, base_url=root):
            assert address("static", filename="css/marquoir.css") == url_for("static", filename="css/marquoir.css")
            assert address("pages.home", lang="hu") == url_for("pages.home", lang="hu")
            for n in (1, 2):
                assert code_address("town.step", CODE, lang="fr", n=n) == url_for("town.step", lang="fr", code=CODE, n=n)
            assert code_address("results.shared", CODE, _external=True) == url_for("results.shared", code=CODE,
                                                                                    _external=True)
            assert code_address("results.qr", "a/b?c") == url_for("results.qr", code="a/b?c")


@pytest.mark.parametrize("root", ROOTS)
def test_addresses_kept_together_are_those_url_for_builds(make_app, root):
    app = make_app()
    wanted = (("town.step", "code", (("lang", "fr"), ("n", 2))), ("results.shared", "code", (("_external", True),)),
              ("setup.new_game", "again", (("lang", "hu"),)), ("results.qr", "code", ()))
    for code in (CODE, "a/b?c", CODE):  # built, then kept; a code that is no base64url, left to url_for
        with app.test_request_context("/en/r/" + CODE, base_url=root):
            assert code_addresses(code, wanted) == [
                url_for("town.step", lang="fr", code=code, n=2), url_for("results.shared", code=code, _external=True),
                url_for("setup.new_game", lang="hu", again=code), url_for("results.qr", code=code)]


def test_an_address_that_names_a_language_is_given_it(app):
    with app.test_request_context("/en/"), pytest.raises(ValueError):
        address("pages.home")


def test_a_result_under_a_root_links_there(client):
    html = client.get("/fr/r/" + CODE, base_url="https://marquoir.test/under").get_data(as_text=True)
    links = set(re.findall(r'(?:href|src|action)="([^"#?]*)', html))
    # Every link is the app's, under its root, but the one that hands the game to BG Stats.
    assert links - {bgstats.CREATE_PLAY} and all(link.startswith("/under/") for link in links - {bgstats.CREATE_PLAY})
    assert {"/under/fr/g/{}/1".format(CODE), "/under/en/r/" + CODE, "/under/hu/r/" + CODE,
            "/under/qr/{}.svg".format(CODE), "/under/fr/r/{}.png".format(CODE), "/under/fr/"} <= links
    assert 'value="https://marquoir.test/under/r/{}"'.format(CODE) in html
    assert '<meta property="og:url" content="https://marquoir.test/under/fr/r/{}">'.format(CODE) in html


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_page_words_say_what_the_template_callables_say(app, lang):
    source = ("{{ _('Scores') }}|{{ _('Town of %(name)s', name=name) }}|"
              "{{ ngettext('%(num)s point', '%(num)s points', 2, num='<2>') }}|"
              "{{ ngettext('%(num)d empty square', '%(num)d empty squares', 1) }}")
    with app.test_request_context("/{}/r/x".format(lang)):
        g.lang = lang
        installed = render_template_string(source, name="<b>Ana & Bo</b>")
        kept = render_template_string(source, name="<b>Ana & Bo</b>", **translating.page_words())
    assert kept == installed
    assert "&lt;b&gt;Ana &amp; Bo&lt;/b&gt;" in kept and "&lt;2&gt;" in kept


def test_a_rank_escapes_the_name_and_words_the_tie_in_the_pages_language(app):
    player = {"place": 1, "total": 1234, "name": "<i>Éva</i>", "decided_by": "cottages", "needs": "cottages",
              "solo_rank": None}
    with app.test_request_context("/fr/r/x"):
        g.lang = "fr"
        item = result_pieces.rank_item(pieces().browser_words, 2, player)
    assert item.startswith('<li class="rank place-1" data-player="2" data-total="1234" data-place="1">')
    assert "<bdi>&lt;i&gt;Éva&lt;/i&gt;</bdi>" in item
    assert '<span class="total">1\u202f234\u00a0points</span>' in item
    assert ('<span class="tie">départage\u00a0: plus de maisons de campagne</span>\n'
            '    <span class="tie">Saisissez le nombre de maisons de campagne pour départager cette égalité.</span>\n'
            '    \n  </li>') in item


def test_a_session_is_read_only_from_its_cookie(app):
    sessions = app.session_interface
    with app.test_request_context("/en/"):
        kept = sessions.session_class({"csrf_token": "t0ken"})
        kept.modified = True
        response = app.response_class()
        sessions.save_session(app, kept, response)
    cookie = response.headers["Set-Cookie"].split(";")[0]
    with app.test_request_context("/en/", headers={"Cookie": cookie}) as asked:
        assert dict(sessions.open_session(app, asked.request)) == {"csrf_token": "t0ken"}
    with app.test_request_context("/en/", headers={"Cookie": "session=forged.value"}) as asked:
        assert dict(sessions.open_session(app, asked.request)) == {}
    with app.test_request_context("/en/") as asked:
        fresh = sessions.open_session(app, asked.request)
        assert dict(fresh) == {} and not fresh.modified
