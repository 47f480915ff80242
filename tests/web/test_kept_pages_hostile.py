"""A kept page is sent only as the view would send it: not to hosts or addresses it refuses, nor in a refused encoding."""

import collections

import pytest
from werkzeug.test import EnvironBuilder
from werkzeug.test import run_wsgi_app

from support import examples
from webscore import create_app
from webscore.web.page_cache import PageCache

RESULT = "/en/r/" + examples.FOUR_PLAYERS_CODE


def status(app, path: str, host="marquoir.test", raw_path=None) -> str:
    """Return the status of a GET sent to the whole app; host None sends no Host header at all."""
    environ = EnvironBuilder(path=path, base_url="http://marquoir.test").get_environ()
    if host is None:
        del environ["HTTP_HOST"]
    else:
        environ["HTTP_HOST"] = host
    if raw_path is not None:
        environ["RAW_URI"] = environ["REQUEST_URI"] = raw_path
    _, found, _ = run_wsgi_app(app.wsgi_app, environ, buffered=True)
    return found


@pytest.mark.parametrize("path", [RESULT, "/fr/", "/hu/new"])
def test_an_untrusted_host_is_refused_though_the_page_is_kept_for_a_trusted_one(path):
    app = create_app({"TESTING": True, "TRUSTED_HOSTS": ["scores.example"]})
    assert status(app, path, host="scores.example") == "200 OK"
    assert status(app, path, host="scores.example") == "200 OK"
    assert [key[-2] for key in app.extensions["marquoir.pages"].pages] == ["scores.example"]
    assert status(app, path, host="evil.example") == "400 BAD REQUEST"
    assert status(app, path, host="scores.example.evil.example") == "400 BAD REQUEST"


def test_an_empty_host_is_refused_though_the_page_is_kept_for_a_request_without_one():
    # HTTP/1.0 may name no host (the server's name is used); an empty Host header names none at all.
    app = create_app({"TESTING": True})
    assert status(app, RESULT, host="") == "400 BAD REQUEST"
    assert status(app, RESULT, host=None) == "200 OK"
    assert status(app, RESULT, host="") == "400 BAD REQUEST"


def test_a_percent_encoded_address_over_the_limit_is_refused_though_its_page_is_kept():
    app = create_app({"TESTING": True})
    spelt = "/en/r/" + "".join("%{:02X}".format(ord(c)) for c in examples.FOUR_PLAYERS_CODE)
    app.config["MAX_PATH_LENGTH"] = len(RESULT)
    assert status(app, RESULT, raw_path=spelt) == "414 REQUEST URI TOO LONG"
    assert status(app, RESULT) == "200 OK"
    assert status(app, RESULT, raw_path=spelt) == "414 REQUEST URI TOO LONG"
    assert status(app, RESULT, raw_path=RESULT) == "200 OK"


class DroppedOnTheWay(collections.OrderedDict):
    """Pages another thread drops between a lookup and its move to the end (a threaded server)."""

    def move_to_end(self, key, last=True):
        self.pop(key, None)
        super().move_to_end(key, last)


def test_a_page_dropped_by_another_thread_during_its_lookup_is_not_kept():
    cache = PageCache(2)
    cache.pages = DroppedOnTheWay({"page": object()})
    assert cache.kept("page") is None
    assert cache.kept("other") is None


@pytest.mark.parametrize("refused", ["gzip;q=0", "br;q=0, gzip;q=0", "br;q=abc"])
@pytest.mark.parametrize("path", [RESULT, "/en/rules", "/static/css/marquoir.css"])
def test_an_encoding_the_client_refuses_is_never_used_first_or_again(path, refused):
    # flask_compress reads "q=0" as a wish; a page that chose its encoding (and its ETag) is left alone.
    client = create_app({"TESTING": True}).test_client()
    first = client.get(path, headers={"Accept-Encoding": refused})
    again = client.get(path, headers={"Accept-Encoding": refused})
    assert first.status_code == 200
    assert "Content-Encoding" not in first.headers
    assert (again.get_data(), again.headers["ETag"]) == (first.get_data(), first.headers["ETag"])
