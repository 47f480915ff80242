"""Addresses a page names again and again, worked out by url_for once per address root instead of at every use.

url_for costs about as much as drawing a dozen lines of a page. Most of a page's addresses (its style
sheet, scripts, icons, the home page, the manifest) depend only on the values given and on where the
app is reached (scheme, host, root); a result page's own links also on its game code, which url_for
never changes: those are built once with a stand-in for the code, which is then put in.
"""

import re

from flask import current_app
from flask import request
from flask import url_for
from werkzeug.routing import IntegerConverter

from .cache import cache
from .cache import kept

# Codes are base64url text (scoring.code); url_for leaves such a path segment as it is.
CODE = re.compile(r"[A-Za-z0-9_-]+")
STAND_IN = "0CODE0"
ROOT_KEY = "marquoir.address_root"


def _root() -> tuple:
    """Return what of the request shapes an address (scheme, host, root), read once a request and kept in its environ."""
    environ = request.environ
    root = environ.get(ROOT_KEY)
    if root is None:
        root = environ[ROOT_KEY] = (environ.get("wsgi.url_scheme"), environ.get("HTTP_HOST"), environ.get("SERVER_NAME"),
                                    environ.get("SERVER_PORT"), environ.get("SCRIPT_NAME"))
    return root


def root_url() -> str:
    """Return request.root_url, kept per app and address root (werkzeug decodes the host and the root anew each time)."""
    return kept("addresses", ("root_url", _root()), lambda: request.root_url)


def address(endpoint: str, **values) -> str:
    """Return url_for(endpoint, **values), kept per app, address root and values; name the language if it takes one."""
    # The values in the order given: a call in a template names them in the same order every time.
    key = (endpoint, tuple(values.items()), _root())
    return cache()["addresses"].get(key, _built, endpoint, values)


def _built(endpoint: str, values: dict) -> str:
    if "lang" not in values and current_app.url_map.is_endpoint_expecting(endpoint, "lang"):
        # url_for would fill in the page's language, which the key does not hold.
        raise ValueError("address() needs the language of an address that names one: " + endpoint)
    return url_for(endpoint, **values)


def code_address(endpoint: str, code: str, _name: str = "code", **values) -> str:
    """Return url_for(endpoint, code=code, **values), the address kept with a stand-in for the code.

    _name names the value the code is given as, when it is not "code" (the setup's "again", in its query).
    """
    built = address(endpoint, **{_name: STAND_IN}, **values)
    # A host or a root may hold the stand-in too; a code that is not base64url is left to url_for.
    if built.count(STAND_IN) != 1 or not CODE.fullmatch(code):
        return url_for(endpoint, **{_name: code}, **values)
    return built.replace(STAND_IN, code)


def code_addresses(code: str, wanted: tuple) -> list:
    """Return code_address(endpoint, code, _name, **values) for each (endpoint, _name, values as pairs) wanted.

    A page names its game at many addresses: they are kept together, with the stand-in, per address root, and
    found by one look-up rather than one each.
    """
    built = kept("addresses", (wanted, _root()), lambda: _with_stand_ins(wanted))
    if not built or not CODE.fullmatch(code):
        return [code_address(endpoint, code, _name, **dict(values)) for endpoint, _name, values in wanted]
    return [found.replace(STAND_IN, code) for found in built]


def _with_stand_ins(wanted: tuple) -> tuple:
    built = tuple(address(endpoint, **{_name: STAND_IN}, **dict(values)) for endpoint, _name, values in wanted)
    # () when a host or a root holds the stand-in too: each address is then left to code_address.
    return built if all(found.count(STAND_IN) == 1 for found in built) else ()


def browser_routes(url_map) -> dict:
    """Return [endpoint, rule] for every page of the app's URL map ("/<lang>/g/<code>/<int:n>"), for the scripts.

    Ordered as Werkzeug matches them: of two rules that take an address, the one with more fixed segments, then
    more fixed text, first ("/<lang>/t/new" before "/<lang>/t/<table_id>", "/<lang>/r/<code>.png" before
    "/<lang>/r/<code>"). Files (/static, /core) are left out.
    """
    rules = [rule for rule in url_map.iter_rules() if "GET" in rule.methods and not rule.rule.startswith(("/static/", "/core/"))]
    rules.sort(key=lambda rule: (-sum(1 for part in rule.rule.split("/") if part and not part.startswith("<")),
                                 -len(re.sub(r"<[^>]+>", "", rule.rule)), rule.rule))
    return {"rules": [[rule.endpoint, rule.rule] for rule in rules],
            # What each converter takes, as Werkzeug matches it ("int": ASCII digits without a leading zero).
            "converters": {name: url_map.converters[name].regex for name in ("default", "int")}}


class WholeNumber(IntegerConverter):
    """A number in an address, spelt one way only: ASCII digits without a leading zero.

    Werkzeug's own also takes "01", "١" or "１" for 1, so that one page answered at several addresses.
    """

    regex = r"0|[1-9][0-9]*"


def init_app(app) -> None:
    """Let templates name kept addresses, and give every page one address."""
    app.url_map.converters["int"] = WholeNumber
    app.jinja_env.globals.update(address=address, code_address=code_address, stand_in=STAND_IN)
