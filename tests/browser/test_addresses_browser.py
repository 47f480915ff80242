"""The scripts name and recognise pages by the server's URL map (words.routes), as url_for builds them."""

import pytest
from flask import url_for

from support import examples
from support.apps import new_app
from webscore.web.http.addresses import browser_routes

CODE = examples.RULEBOOK_CODE
VALUES = {"lang": "hu", "code": CODE, "n": 3, "table_id": "Ab-9_x"}
# A broken %-escape among them names the page, its text kept as written: the server says it holds characters no code has.
ODD = ["/en/r/" + CODE + ".png", "/en/t/new/2", "/xx", "/en/g/" + CODE + "/01", "/en/g/" + CODE + "/x",
       "/en/g/" + CODE + "/1/save/more", "/en/r/%E0%A4%A"]
# Addresses that name no page for a script: a file.
NO_PAGE = ["/static/js/app.mjs", "/core/v/1/flow/sync.py"]


def expected_addresses():
    """Return {endpoint: (address url_for builds, its values)} for every page the scripts may name."""
    app = new_app()
    built = {}
    with app.test_request_context("/"):
        for endpoint, _ in browser_routes(app.url_map)["rules"]:
            values = {name: VALUES[name] for name in next(app.url_map.iter_rules(endpoint)).arguments}
            if endpoint not in built:
                built[endpoint] = (url_for(endpoint, **values), values)
    return built


@pytest.fixture(scope="module")
def scripts(browser, live_server):
    context = browser.new_context()
    page = context.new_page()
    page.goto(live_server + "/en/pad")
    yield page
    context.close()


def test_every_page_the_scripts_name_is_built_and_recognised_as_the_server_does(scripts):
    expected = expected_addresses()
    answer = scripts.evaluate("""async (wanted) => {
        const words = await import("/static/js/words.mjs");
        const found = {};
        for (const [endpoint, [, values]] of Object.entries(wanted)) {
          const built = words.path(endpoint, values);
          found[endpoint] = [built, words.match(built)];
        }
        return found;
    }""", expected)
    assert {endpoint: built for endpoint, (built, _) in answer.items()} == \
        {endpoint: address for endpoint, (address, _) in expected.items()}
    assert {endpoint: matched for endpoint, (_, matched) in answer.items()} == \
        {endpoint: {"endpoint": endpoint, "values": values} for endpoint, (_, values) in expected.items()}


def werkzeug_match(address: str):
    """Return what the server's URL map makes of an address, as words.match answers: endpoint and values, or None."""
    from werkzeug.exceptions import HTTPException

    try:
        endpoint, values = new_app().url_map.bind("marquoir.test").match(address)
    except HTTPException:
        return None
    return {"endpoint": endpoint, "values": values}


def test_a_query_is_written_and_an_odd_address_is_read_as_the_server_reads_it(scripts):
    answer = scripts.evaluate("""async (odd) => {
        const words = await import("/static/js/words.mjs");
        return [words.path("setup.new_game", { lang: "fr" }, { again: "a b&c" }), odd.map((address) => words.match(address))];
    }""", ODD + NO_PAGE)
    assert answer == ["/fr/new?again=a+b%26c", [werkzeug_match(address) for address in ODD] + [None] * len(NO_PAGE)]
    assert answer[1][:2] == [{"endpoint": "results.picture", "values": {"lang": "en", "code": CODE}},
                             {"endpoint": "tables.town", "values": {"lang": "en", "table_id": "new", "n": 2}}]
