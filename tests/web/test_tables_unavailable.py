"""Redis gone in the middle of a game: every table address says so in the reader's language, with a 503."""

import re
import socket

import pytest

from support import examples
from support.apps import new_app
from support.tables import UNAVAILABLE
from support.tables import RedisServer
from support.tables import empty_setup
from support.tables import town_op
from webscore.languages import LANGUAGES
from webscore.scoring import encode
from webscore.web.tables.redis_store import RedisStore
from webscore.web.tables.store import Unavailable

GAME = examples.load("four-players")
SETUP = encode(empty_setup(GAME))
JSON_CALL = {"X-Requested-With": "marquoir"}
MESSAGES = UNAVAILABLE


@pytest.fixture(scope="module")
def stopped():
    """Return (phone, table id, this server's own Redis, stopped once the table was opened and saved to)."""
    server = RedisServer()
    app = new_app(REDIS_URL=server.url, TABLES_DATABASE="/nonexistent/unused")
    phone = app.test_client()
    page = phone.get("/en/t/new?code=" + SETUP)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)
    table = phone.post("/en/t/new", data={"code": SETUP, "csrf_token": token}).location.rsplit("/", 1)[1]
    assert phone.post("/en/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                      headers=JSON_CALL).status_code == 200
    server.stop()
    return phone, table


@pytest.mark.parametrize("lang", LANGUAGES)
def test_following_and_saving_get_a_503_with_a_message(stopped, lang):
    phone, table = stopped
    followed = phone.get("/{}/t/{}/state".format(lang, table), headers={"If-None-Match": '"1-{}"'.format(lang)})
    assert (followed.status_code, followed.json) == (503, {"message": MESSAGES[lang]})
    saved = phone.post("/{}/t/{}/1".format(lang, table), json={"client": "phone-one-a", "op": {"seq": 2, "done": True}},
                       headers=JSON_CALL)
    assert (saved.status_code, saved.json) == (503, {"message": MESSAGES[lang]})
    fetched = phone.get("/{}/t/{}/1/town".format(lang, table))
    assert (fetched.status_code, fetched.json) == (503, {"message": MESSAGES[lang]})


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", ["/{lang}/t/{table}", "/{lang}/t/{table}/2", "/{lang}/t/{table}/take"])
def test_a_table_page_gets_a_503_page_in_its_language(stopped, lang, page):
    phone, table = stopped
    answer = phone.get(page.format(lang=lang, table=table))
    assert answer.status_code == 503
    assert answer.mimetype == "text/html"
    assert "<p>{}</p>".format(MESSAGES[lang]) in answer.text.replace("&#39;", "’")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tables_qr_code_gets_a_503_in_its_pages_language_whatever_the_browsers(stopped, lang):
    # Issue 50: the table's page asked for its QR code at an address without its language, answered (503) in the
    # browser's language or English, not the page's.
    phone, table = stopped
    # The picture as the table's page asks for it, from a browser in another language that kept no cookie.
    reader = phone.application.test_client()
    other = "fr" if lang == "hu" else "hu"
    answer = reader.get("/{}/t/{}/qr.svg".format(lang, table), headers={"Accept-Language": other})
    assert (answer.status_code, answer.mimetype) == (503, "text/html")
    assert "<p>{}</p>".format(MESSAGES[lang]) in answer.text.replace("&#39;", "’")
    # The address without a language, from a page drawn before it had one, answers in the reader's.
    answer = phone.application.test_client().get("/t/{}/qr.svg".format(table), headers={"Accept-Language": other})
    assert answer.status_code == 503
    assert "<p>{}</p>".format(MESSAGES[other]) in answer.text.replace("&#39;", "’")


def test_a_redis_that_answers_nothing_holds_one_call_then_the_next_are_refused_at_once_for_a_while():
    # An attacker's try (issue 50): with Redis stopped (SIGSTOP), each follow held a thread for the whole timeout, and a
    # few hundred of them held every thread of a worker: its pages waited behind them, 2 to 3 s. After a call Redis
    # left unanswered, the store now refuses the next ones at once for as long (RedisStore.answering).
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    silent.setblocking(False)
    now = [1000.0]
    store = RedisStore("redis://127.0.0.1:{}/0".format(silent.getsockname()[1]), seconds=0.2,
                       monotonic=lambda: now[0])

    def connections() -> int:
        """Take the connections made to the silent Redis since last asked (the system accepted them)."""
        taken = 0
        while True:
            try:
                silent.accept()[0].close()
            except BlockingIOError:
                return taken
            taken += 1

    try:
        with pytest.raises(Unavailable):
            store.get("a" * 22)
        assert connections() == 1
        # Within the while: refused without a word to Redis, as a stopped one is, and as many times as asked.
        for _ in range(3):
            with pytest.raises(Unavailable, match="unanswered a moment ago"):
                store.get("a" * 22)
        assert connections() == 0
        # The while over, Redis is asked again.
        now[0] += 0.2
        with pytest.raises(Unavailable):
            store.get("a" * 22)
        assert connections() == 1
    finally:
        silent.close()
