"""Nothing a client sets reaches what other readers receive: roots, forwarded addresses, hosts; limits that hold.

A SCRIPT_NAME that is no plain root, X-Forwarded-For and -Proto from anyone but the proxies the deployment
names (PROXIES, reaching the app from TRUSTED_PROXIES), a Host other than the public origin's: none of them shape
a link, a kept page or a count.
"""

import re

import pytest

from support import examples
from support.tables import Clock
from support.tables import empty_setup
from support.tables import town_op
from webscore import create_app
from webscore.scoring import encode
from webscore.web.tables.store import open_store

GAME = examples.load("four-players")
SETUP = encode(empty_setup(GAME))
RESULT = encode(GAME)
JSON_CALL = {"X-Requested-With": "marquoir"}
ORIGIN = "https://scores.example.org"


def token(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def open_table(phone, **environ) -> str:
    page = phone.get("/en/t/new?code=" + SETUP, **environ)
    answer = phone.post("/en/t/new", data={"code": SETUP, "csrf_token": token(page.text)}, **environ)
    assert answer.status_code == 303
    return answer.location.rsplit("/", 1)[1]


def save(phone, table, n, op, headers=None, **environ):
    return phone.post("/en/t/{}/{}".format(table, n), json={"client": "phone-{}-abcd".format(n), "op": op},
                      headers=dict(JSON_CALL, **(headers or {})), **environ)


def finished_table(phone) -> str:
    table = open_table(phone)
    for n in range(4):
        assert save(phone, table, n + 1, town_op(GAME, n)).status_code == 200
        assert save(phone, table, n + 1, {"seq": 2, "done": True}).status_code == 200
    return table


@pytest.fixture
def config(tmp_path):
    return {"TESTING": True, "TABLES_DATABASE": str(tmp_path / "tables.sqlite3"), "TABLES_CLOCK": Clock()}


@pytest.mark.parametrize("root", ["//evil.example", "http://evil.example", "/a b", "/x/../y", "/%2F"])
def test_a_script_name_that_is_no_plain_root_shapes_no_link_and_no_kept_state(make_app, config, root):
    phone = make_app(**config).test_client()
    table = finished_table(phone)
    hostile = {"environ_overrides": {"SCRIPT_NAME": root}}
    state = phone.get("/en/t/{}/state".format(table), **hostile)
    assert state.json["result"] == "/en/r/" + RESULT
    assert phone.get("/en/t/{}/state".format(table)).json["result"] == "/en/r/" + RESULT
    page = phone.get("/en/r/" + RESULT, **hostile)
    assert "evil.example" not in page.text and root not in page.text
    assert phone.get("/en/r/" + RESULT).text == page.text


def test_a_plain_root_is_kept_apart_from_the_bare_host(make_app, config):
    phone = make_app(**config).test_client()
    table = finished_table(phone)
    under = phone.get("/en/t/{}/state".format(table), environ_overrides={"SCRIPT_NAME": "/under"})
    assert under.json["result"] == "/under/en/r/" + RESULT
    assert phone.get("/en/t/{}/state".format(table)).json["result"] == "/en/r/" + RESULT


def test_a_forwarded_address_counts_for_nothing_unless_the_deployment_trusts_its_proxy(make_app, config):
    config["TABLE_SAVES_PER_MINUTE"] = 2
    phone = make_app(**config).test_client()
    table = open_table(phone)
    answers = [save(phone, table, 1, {"seq": seq, "set": {"square_a1": ["farm" if seq % 2 else "well", 0]}},
                    headers={"X-Forwarded-For": "10.0.0.{}".format(seq)}).status_code
               for seq in range(1, 4)]
    assert answers == [200, 200, 429]
    # Behind one proxy (the Procfile's router), the address it appended is the client's.
    trusted = make_app(**config, PROXIES=1).test_client()
    table = open_table(trusted)
    answers = [save(trusted, table, 1, {"seq": seq, "set": {"square_a1": ["farm" if seq % 2 else "well", 0]}},
                    headers={"X-Forwarded-For": "1.2.3.4, 10.0.0.{}".format(seq)}).status_code
               for seq in range(1, 4)]
    assert answers == [200, 200, 200]


def saves_from(phone, table, peer: str, first_seq: int) -> list:
    """Send three saves from a peer, each naming another forwarded address; return their statuses."""
    return [save(phone, table, 1, {"seq": seq, "set": {"square_a1": ["farm" if seq % 2 else "well", 0]}},
                 headers={"X-Forwarded-For": "198.51.100.{}".format(seq)}, environ_overrides={"REMOTE_ADDR": peer}).status_code
            for seq in range(first_seq, first_seq + 3)]


def test_a_client_that_reaches_the_port_itself_sets_no_address_of_its_own(make_app, config):
    config["TABLE_SAVES_PER_MINUTE"] = 2
    # The Procfile's deployment (PROXIES=1, bound to 0.0.0.0): the router reaches the app from its own private
    # network; a client from the open internet that reaches the port without it counts as its own address.
    phone = make_app(**config, PROXIES=1).test_client()
    table = open_table(phone)
    assert saves_from(phone, table, "203.0.113.9", 1) == [200, 200, 429]
    assert saves_from(phone, table, "2001:db8::9", 4) == [200, 200, 429]
    assert saves_from(phone, table, "10.1.2.3", 7) == [200, 200, 200]
    # Nor does its X-Forwarded-Proto make the session cookie Secure.
    page = phone.get("/en/t/new?code=" + SETUP, headers={"X-Forwarded-Proto": "https"},
                     environ_overrides={"REMOTE_ADDR": "203.0.113.9"})
    assert all("Secure" not in value for name, value in page.headers.items() if name == "Set-Cookie")


def test_the_trusted_networks_are_the_deployments_to_name(make_app, config):
    config["TABLE_SAVES_PER_MINUTE"] = 2
    phone = make_app(**config, PROXIES=1, TRUSTED_PROXIES=["192.0.2.0/24", "2001:db8:5::/48"]).test_client()
    table = open_table(phone)
    assert saves_from(phone, table, "192.0.2.77", 1) == [200, 200, 200]
    assert saves_from(phone, table, "::ffff:192.0.2.78", 4) == [200, 200, 200]
    assert saves_from(phone, table, "2001:db8:5:1::2", 7) == [200, 200, 200]
    # A private address is no longer trusted once the deployment names its own networks.
    assert saves_from(phone, table, "10.1.2.3", 10) == [200, 200, 429]
    # As an environment variable: networks apart by commas or spaces, or a JSON list.
    text = make_app(**config, PROXIES=1, TRUSTED_PROXIES="192.0.2.0/24, 2001:db8:5::/48").test_client()
    table = open_table(text)
    assert saves_from(text, table, "192.0.2.77", 1) == [200, 200, 200]
    assert saves_from(text, table, "127.0.0.1", 4) == [200, 200, 429]


def test_a_trusted_network_that_is_none_stops_the_start():
    with pytest.raises(RuntimeError, match="FLASK_TRUSTED_PROXIES"):
        create_app({"TESTING": True, "PROXIES": 1, "TRUSTED_PROXIES": ["10.0.0.0/8", "router"]})


def test_take_ins_count_as_saves(make_app, config):
    config["TABLE_SAVES_PER_MINUTE"] = 2
    phone = make_app(**config).test_client()
    table = open_table(phone)
    town = encode(dict(empty_setup(GAME), players=[GAME["players"][0]] + empty_setup(GAME)["players"][1:]))
    page = phone.get("/fr/t/{}/take".format(table), query_string={"town": town})
    form = {"town": town, "csrf_token": token(page.text), "version": "0"}
    assert [phone.post("/fr/t/{}/take".format(table), data=form).status_code for _ in range(3)] == [303, 303, 429]
    refused = phone.post("/fr/t/{}/take".format(table), data=form)
    # Taking towns in is counted for the address (a page, not a phone of the table's).
    assert "Trop d’enregistrements depuis ce réseau" in refused.text.replace("&#39;", "’")


def test_old_counts_go_once_their_window_is_over(make_app, config):
    app = make_app(**config)
    phone = app.test_client()
    table = open_table(phone)
    for n in range(1, 5):
        save(phone, table, n, {"seq": 1, "set": {"square_a1": ["farm", 0]}},
             environ_overrides={"REMOTE_ADDR": "10.0.0.{}".format(n)})
    with app.app_context():
        store = open_store(app)
    # The table's opening; four phones' saves, each counted for its phone, its town, its address, and the table once.
    assert store.counted_keys() == 1 + 4 + 4 + 4 + 1
    config["TABLES_CLOCK"].now += 3601
    save(phone, table, 1, {"seq": 2, "set": {"square_a1": ["well", 0]}})
    assert store.counted_keys() == 4


def test_the_session_cookie_is_secure_behind_https(make_app, config):
    phone = make_app(**config, PROXIES=1).test_client()
    page = phone.get("/en/t/new?code=" + SETUP, headers={"X-Forwarded-Proto": "https"})
    cookie = next(value for name, value in page.headers.items() if name == "Set-Cookie" and value.startswith("session="))
    assert "; Secure;" in cookie
    plain = make_app(**config).test_client().get("/en/t/new?code=" + SETUP, headers={"X-Forwarded-Proto": "https"})
    cookie = next(value for name, value in plain.headers.items() if name == "Set-Cookie" and value.startswith("session="))
    assert "Secure" not in cookie


def test_with_a_public_origin_every_link_names_it_and_other_hosts_are_refused(make_app, config):
    phone = make_app(**config, PUBLIC_ORIGIN=ORIGIN).test_client()
    page = phone.get("/en/r/" + RESULT, headers={"Host": "scores.example.org"})
    assert page.status_code == 200
    assert 'value="{}/r/{}"'.format(ORIGIN, RESULT) in page.text
    assert '<meta property="og:url" content="{}/en/r/{}">'.format(ORIGIN, RESULT) in page.text
    assert '<meta property="og:image" content="{}/en/r/{}.png">'.format(ORIGIN, RESULT) in page.text
    for host in ("evil.example", "scores.example.org.evil.example"):
        refused = phone.get("/en/r/" + RESULT, headers={"Host": host})
        assert refused.status_code == 400
        assert "evil.example" not in refused.text
    table = open_table(phone, headers={"Host": "scores.example.org"})
    qr = phone.get("/t/{}/qr.svg".format(table), headers={"Host": "scores.example.org"})
    assert qr.status_code == 200


# Slow: it starts the app as production does (2.4 s).
@pytest.mark.slow
def test_production_needs_to_know_its_address():
    with pytest.raises(RuntimeError, match="FLASK_PUBLIC_ORIGIN"):
        create_app({"PRODUCTION": True, "SECRET_KEY": "a" * 32})
    with pytest.raises(RuntimeError, match="FLASK_PUBLIC_ORIGIN"):
        create_app({"PRODUCTION": True, "SECRET_KEY": "a" * 32, "PUBLIC_ORIGIN": "scores.example.org/path"})
    assert create_app({"PRODUCTION": True, "SECRET_KEY": "a" * 32, "TRUSTED_HOSTS": ["scores.example.org"]})
    assert create_app({"PRODUCTION": True, "SECRET_KEY": "a" * 32, "PUBLIC_ORIGIN": ORIGIN}).config["TRUSTED_HOSTS"] == \
        ["scores.example.org"]
