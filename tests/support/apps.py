"""The app as the tests make it: webscore.create_app with TESTING on, and whatever else a test sets."""

import json
import re

from webscore import create_app


def new_app(**config):
    """Return a new app: TESTING unless config says otherwise, then config as given.

    Tests take apps from conftest's fixtures (`app`, `client`, `make_app`), which also give each app a tables
    file of the test's own. This is for apps made where no fixture reaches: at import, in a module's fixture,
    in a helper, in a server thread. Its tables are where config puts them (else in the instance folder).
    """
    return create_app(dict({"TESTING": True}, **config))


def browser_words(client, lang: str) -> dict:
    """Return the words a page gives the browser in a language, as its script reads them."""
    page = client.get("/{}/offline".format(lang)).text
    return json.loads(re.search(r'<script type="application/json" id="words">(.*?)</script>', page, re.S).group(1))
