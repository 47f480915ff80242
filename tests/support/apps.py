"""The app as the tests make it: webscore.create_app with TESTING on, and whatever else a test sets."""

from webscore import create_app


def new_app(**config):
    """Return a new app: TESTING unless config says otherwise, then config as given.

    Tests take apps from conftest's fixtures (`app`, `client`, `make_app`), which also give each app a tables
    file of the test's own. This is for apps made where no fixture reaches: at import, in a module's fixture,
    in a helper, in a server thread. Its tables are where config puts them (else in the instance folder).
    """
    return create_app(dict({"TESTING": True}, **config))
