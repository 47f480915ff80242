"""The WSGI layers in front of Flask are installed in one place, create_app, in one order."""

from webscore.web.http.clients import TrustedProxyFix
from webscore.web.http.page_cache import KeptPages
from webscore.web.http.security import Rooted
from webscore.web.tables.follow import FollowShortcut


def layers(wsgi_app) -> list:
    """Return the classes of the layers from the outermost in, down to Flask's own wsgi_app."""
    found = []
    while not hasattr(wsgi_app, "__self__"):
        found.append(type(wsgi_app))
        # Our shortcuts keep the Flask app as .app and the next layer as .wsgi_app; Werkzeug's and Rooted, .app.
        wsgi_app = wsgi_app.wsgi_app if hasattr(wsgi_app, "wsgi_app") else wsgi_app.app
    return found


def test_the_root_and_forwarded_address_come_first_then_the_follow_shortcut_then_the_kept_pages(make_app):
    assert layers(make_app().wsgi_app) == [Rooted, FollowShortcut, KeptPages]
    assert layers(make_app(PROXIES=1).wsgi_app) == [TrustedProxyFix, Rooted, FollowShortcut, KeptPages]
