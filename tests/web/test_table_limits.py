"""What one client address may do at the tables, in SQLite and in Redis: an IPv6 client counts by its /64."""

import re

from support import examples
from support.tables import empty_setup
from webscore.scoring import encode

SETUP = encode(empty_setup(examples.load("four-players")))
TOO_MANY = "Ce téléphone a ouvert beaucoup de tables"


def open_from(phone, address: str) -> int:
    """Ask to open a table from a client address, in French; return the answer's status."""
    at = {"environ_overrides": {"REMOTE_ADDR": address}}
    page = phone.get("/fr/t/new?code=" + SETUP, **at)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)
    answer = phone.post("/fr/t/new", data={"code": SETUP, "csrf_token": token}, **at)
    if answer.status_code == 429:
        assert TOO_MANY in answer.text
    return answer.status_code


def test_the_addresses_of_one_ipv6_64_are_one_client(make_app, table_config):
    table_config["TABLES_PER_HOUR"] = 2
    phone = make_app(**table_config).test_client()
    assert [open_from(phone, "2001:db8:1:2::{}".format(n)) for n in range(1, 6)] == [303, 303, 429, 429, 429]
    assert open_from(phone, "2001:db8:1:2:ffff:ffff:ffff:ffff") == 429
    assert open_from(phone, "2001:db8:1:3::1") == 303


def test_an_ipv4_address_counts_as_it_is_even_written_as_ipv6(make_app, table_config):
    table_config["TABLES_PER_HOUR"] = 2
    phone = make_app(**table_config).test_client()
    assert [open_from(phone, address) for address in ("192.0.2.1", "::ffff:192.0.2.1", "192.0.2.1")] == [303, 303, 429]
    assert open_from(phone, "192.0.2.2") == 303
