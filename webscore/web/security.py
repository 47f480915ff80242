"""Security headers for every response, set in one place."""

from urllib.parse import urlsplit

from flask import abort
from flask import request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.exceptions import SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wsgi import get_host

# 'wasm-unsafe-eval' lets the browser compile the MicroPython runtime; nothing inline runs.
CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def add_headers(response):
    """Add the security headers to a response, keeping any it already has."""
    # One pass over the response's headers: each setdefault() of werkzeug's would scan them again.
    present = {name.lower() for name, _ in response.headers.items()}
    response.headers.extend([(name, value) for name, value in HEADERS.items() if name.lower() not in present])
    return response


def limit_request(config):
    """Return a check that refuses a request larger than any page of ours needs, or for no valid host.

    The limits sit under gunicorn's (see the Procfile), so a refusal is always this app's, in the
    reader's language and with the headers above.
    """
    def check():
        if not names_a_site(request.host):
            abort(400)
        if len(request.query_string) > config["MAX_QUERY_LENGTH"] or not path_fits(request.environ, config):
            abort(414)
        if not headers_fit([value for _, value in request.headers.items()], config):
            abort(431)
    return check


def names_a_site(host: str) -> bool:
    """Say whether a host, as werkzeug reads it, names a site to link to."""
    # Werkzeug reads a malformed Host as "", and a port out of range passes its check, then fails
    # building an absolute redirect.
    try:
        urlsplit("//" + host).port  # noqa: B018 (reading the port checks it)
    except ValueError:
        return False
    return bool(host)


def fits_before_flask(environ, config) -> bool:
    """Say whether a request may be answered before Flask: Flask takes its host, limit_request the rest.

    Read from the WSGI environ itself: a werkzeug Request and its headers cost a shortcut 20 µs.
    """
    try:
        host = get_host(environ, config["TRUSTED_HOSTS"])
    except SecurityError:
        return False
    # The header fields as werkzeug's EnvironHeaders lists them.
    fields = [value for key, value in environ.items()
              if key.startswith("HTTP_") and key not in ("HTTP_CONTENT_TYPE", "HTTP_CONTENT_LENGTH")
              or key in ("CONTENT_TYPE", "CONTENT_LENGTH") and value]
    return (names_a_site(host) and len(environ.get("QUERY_STRING", "")) <= config["MAX_QUERY_LENGTH"]
            and path_fits(environ, config) and headers_fit(fields, config))


def path_fits(environ, config) -> bool:
    """Say whether a request's path, as the client spelt it (percent-encoded), is within the limit."""
    target = environ.get("RAW_URI") or environ.get("REQUEST_URI") or ""
    path = target.split("?", 1)[0] or environ.get("PATH_INFO", "")
    return len(path) <= config["MAX_PATH_LENGTH"]


def headers_fit(values: list, config) -> bool:
    """Say whether a request's header fields, their values given, are within the limits (fields, and bytes in each)."""
    return len(values) <= config["MAX_HEADER_FIELDS"] and all(len(value) <= config["MAX_HEADER_LENGTH"] for value in values)


class SessionOnDemand(SecureCookieSessionInterface):
    """Flask's signed-cookie session, its signer made only for a request that brings a session cookie.

    Almost no request brings one (a table's form alone keeps its CSRF token there), and making the
    signer cost about 25 µs on every request.
    """

    def open_session(self, app, request):
        """Return an empty session when there is no session cookie to read, else read it as Flask does."""
        if app.secret_key and not request.cookies.get(self.get_cookie_name(app)):
            return self.session_class()
        return super().open_session(app, request)


def init_app(app) -> None:
    """Install the headers and limits (trust_proxy() trusts one proxy's forwarded scheme, never a forwarded host).

    The host comes from the request itself (a client can forge X-Forwarded-Host, and share links, QR
    codes and redirects are built from it); a deployment names its hosts with FLASK_TRUSTED_HOSTS.
    """
    # The longest address of ours is a town's save step with the longest code (about 1,050 characters).
    app.config.setdefault("MAX_PATH_LENGTH", 2048)
    app.config.setdefault("MAX_HEADER_FIELDS", 64)
    app.config.setdefault("MAX_HEADER_LENGTH", 8192)
    app.after_request(add_headers)
    app.before_request(limit_request(app.config))
    app.session_interface = SessionOnDemand()


def trust_proxy(app) -> None:
    """Take one proxy's forwarded scheme and client address, before anything else reads the request."""
    app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=0)
