"""Security headers for every response, set in one place."""

import base64
import hashlib
import pathlib
import re
from urllib.parse import parse_qsl
from urllib.parse import urlsplit

import rcssmin
from flask import Request
from flask import abort
from flask import request
from flask.sessions import SecureCookieSessionInterface
from markupsafe import Markup
from werkzeug.datastructures import ImmutableMultiDict
from werkzeug.exceptions import SecurityError
from werkzeug.utils import cached_property
from werkzeug.wsgi import get_host

from . import clients

# The style sheet, as a page that must paint with its first bytes holds it (a result page, opened cold from a
# shared link: no request for a style sheet before its first paint). Read once, at start, as the files'
# version is; the policy below lets exactly these bytes apply, by their hash, and no other inline style.
# Held without its comments and spaces (rcssmin): a quarter of its bytes, which every such page drawn would
# compress again (tests/bench/load.py, result pages each viewed once) and every phone would download.
STYLE_SHEET = rcssmin.cssmin(
    (pathlib.Path(__file__).resolve().parents[3] / "static" / "css" / "marquoir.css").read_text(encoding="utf-8"))


def source_hash(text: str) -> str:
    """Return the policy's source that lets exactly this inline text apply: its SHA-256, quoted."""
    return "'sha256-{}'".format(base64.b64encode(hashlib.sha256(text.encode()).digest()).decode())


STYLE_HASH = source_hash(STYLE_SHEET)

# The one script that runs inline, in the <head> of a page that starts the core (templates/macros.html core_files):
# it asks for the core's files only where no service worker serves the page. One that does holds them already and
# hands them to the core's worker, so the page would fetch them for nothing, while its first paint waited for the
# requests (tests/bench/first_visit.py, warm town). Let in by its hash, as the style sheet is.
# A browser that refuses to show service workers (storage blocked) throws on reading them: the page is then its own.
CORE_HINTS_SCRIPT = ('(() => { try { if (navigator.serviceWorker?.controller) return; } catch {} '
                     'document.head.append(document.getElementById("core-hints").content); })();')
CORE_HINTS_HASH = source_hash(CORE_HINTS_SCRIPT)

# The script that keeps a town's taps made before the page's own scripts run (templates/early-taps.js), held in the
# <head> of a town's page: as a file of its own, asked for once the page's first bytes were in, it came a round trip
# later, and at 300 ms of latency a tap on the palette or a square made in between was lost. Read once, at start,
# without its lines of comment (every line of it that is one starts with //), and let in by its hash, as the core
# hints script is.
EARLY_TAPS_SCRIPT = "\n".join(
    line for line in (pathlib.Path(__file__).resolve().parents[2] / "templates" / "early-taps.js").read_text(
        encoding="utf-8").splitlines() if not line.lstrip().startswith("//"))
EARLY_TAPS_HASH = source_hash(EARLY_TAPS_SCRIPT)

# 'wasm-unsafe-eval' lets the browser compile the MicroPython runtime; nothing else inline runs.
CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval' " + CORE_HINTS_HASH + " " + EARLY_TAPS_HASH,
    "style-src 'self' " + STYLE_HASH,
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


class TextRequest(Request):
    """Flask's request, its address's values read as text: bytes that are no UTF-8 (which no browser's form sends) are
    each U+FFFD, the character that stands for one lost, which no name typed in the setup takes (setup_start.check) and
    no number or card is. Werkzeug keeps them as their %XX escapes, so a name sent as %ED%A0%80 was the name
    "%ED%A0%80"."""

    @cached_property
    def args(self) -> ImmutableMultiDict:
        """The address's values, as werkzeug's own args, but read as text (see the class)."""
        # Raw bytes (a client that did not percent-encode them) as well as %XX escapes.
        return ImmutableMultiDict(parse_qsl(self.query_string.decode(errors="replace"), keep_blank_values=True,
                                            errors="replace"))


# Set in a request's environ once fits_before_flask() has found it within the limits.
FITS = "marquoir.fits"


def limit_request(config):
    """Return a check that refuses a request larger than any page of ours needs, or for no valid host.

    The limits sit under gunicorn's (see the Procfile), so a refusal is always this app's, in the
    reader's language and with the headers above.
    """
    def check():
        if request.environ.get(FITS):
            # Checked already, before Flask, by the same rules (fits_before_flask).
            return
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

    Read from the WSGI environ itself: a shortcut in front of Flask makes no werkzeug Request, whose headers
    would cost it more than the rest of its answer.
    """
    try:
        host = get_host(environ, config["TRUSTED_HOSTS"])
    except SecurityError:
        return False
    # The header fields as werkzeug's EnvironHeaders lists them.
    fields = [value for key, value in environ.items()
              if key.startswith("HTTP_") and key not in ("HTTP_CONTENT_TYPE", "HTTP_CONTENT_LENGTH")
              or key in ("CONTENT_TYPE", "CONTENT_LENGTH") and value]
    fits = (names_a_site(host) and len(environ.get("QUERY_STRING", "")) <= config["MAX_QUERY_LENGTH"]
            and path_fits(environ, config) and headers_fit(fields, config))
    if fits:
        # limit_request's check, run again if the request goes on to Flask, need not read it a second time.
        environ[FITS] = True
    return fits


def path_fits(environ, config) -> bool:
    """Say whether a request's path, as the client spelt it (percent-encoded), is within the limit."""
    target = environ.get("RAW_URI") or environ.get("REQUEST_URI") or ""
    path = target.split("?", 1)[0] or environ.get("PATH_INFO", "")
    return len(path) <= config["MAX_PATH_LENGTH"]


def headers_fit(values: list, config) -> bool:
    """Say whether a request's header fields, their values given, are within the limits (fields, and bytes in each)."""
    return len(values) <= config["MAX_HEADER_FIELDS"] and all(len(value) <= config["MAX_HEADER_LENGTH"] for value in values)


# Set in the environ of a request whose page is drawn the same for every reader (page_cache.KeptPages._draw): such a
# page reads no session, and opening the cookie's (reading it, making an empty signed session) cost a tenth of what
# making the draw's request context cost.
SESSIONLESS = "marquoir.sessionless"


class SecureOverHttps(SecureCookieSessionInterface):
    """Flask's signed-cookie session (a table's form keeps its CSRF token there), Secure over https."""

    def open_session(self, app, request):
        """Open the request's session; a page the same for every reader (SESSIONLESS) gets the null session, which
        refuses to be written to."""
        if request.environ.get(SESSIONLESS):
            return self.make_null_session(app)
        return super().open_session(app, request)

    def get_signing_serializer(self, app):
        """Return the app's signer, made once per secret key: Flask makes one for every request, which every page opens."""
        key = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        kept = app.extensions.get("marquoir.session_signer")
        if kept is None or kept[0] != key:
            kept = app.extensions["marquoir.session_signer"] = (key, super().get_signing_serializer(app))
        return kept[1]

    def get_cookie_secure(self, app) -> bool:
        """Mark the cookie Secure whenever the page came over https (as a trusted proxy says), or by config."""
        return app.config["SESSION_COOKIE_SECURE"] or request.is_secure


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
    app.jinja_env.globals.update(style_sheet=Markup(STYLE_SHEET), core_hints_script=Markup(CORE_HINTS_SCRIPT),
                                 early_taps_script=Markup(EARLY_TAPS_SCRIPT))
    app.session_interface = SecureOverHttps()


def public_origin(config) -> None:
    """Take the address players open (PUBLIC_ORIGIN, such as https://scores.example.org) for every absolute link.

    Links (share links, QR codes, link previews) then name that origin whatever Host a request carries,
    and requests for any other host are refused (TRUSTED_HOSTS, unless a deployment names its own).
    """
    origin = config.get("PUBLIC_ORIGIN")
    if not origin:
        return
    parts = urlsplit(str(origin))
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/") or parts.query:
        raise RuntimeError("Set FLASK_PUBLIC_ORIGIN to the address players open, such as https://scores.example.org "
                           "(a scheme and a host, nothing after them).")
    config["SERVER_NAME"] = parts.netloc
    config["PREFERRED_URL_SCHEME"] = parts.scheme
    if not config.get("TRUSTED_HOSTS"):
        config["TRUSTED_HOSTS"] = [parts.hostname]


def check_hosts(config) -> None:
    """Refuse to serve production without knowing its own address: Host would reach links others receive."""
    if not config.get("PUBLIC_ORIGIN") and not config.get("TRUSTED_HOSTS"):
        raise RuntimeError("Set FLASK_PUBLIC_ORIGIN to the address players open, such as https://scores.example.org: "
                           "in production, links shared with others are never built from a request's Host.")


def trust_proxy(app) -> None:
    """Take what the proxies in front forward (PROXIES: how many there are), and nothing from anyone else.

    With PROXIES=1 (the Procfile's: the platform's router) the client's address and scheme are the ones
    that proxy appended, when the request comes from a network of TRUSTED_PROXIES (by default the private
    ones, clients.ROUTER_NETWORKS); from anywhere else, and with PROXIES=0 (the default), X-Forwarded-For and
    -Proto are ignored. A forwarded host or prefix is never taken. With PUBLIC_ORIGIN, links name its scheme too.
    """
    proxies = app.config["PROXIES"]
    if type(proxies) is not int or proxies < 0:
        raise RuntimeError("FLASK_PROXIES is the number of proxies in front of the app, such as 1.")
    named = app.config.get("TRUSTED_PROXIES")
    networks = clients.trusted_networks(clients.ROUTER_NETWORKS if named is None else named)
    origin = app.config.get("PUBLIC_ORIGIN")
    rooted = Rooted(app.wsgi_app, urlsplit(str(origin)).scheme if origin else None)
    app.wsgi_app = clients.TrustedProxyFix(rooted, networks, x_for=proxies, x_proto=proxies, x_host=0, x_port=0,
                                           x_prefix=0) if proxies else rooted


# A root the app may be mounted under: path segments of plain characters. Anything else, such as the
# "//evil.example" a client's SCRIPT_NAME header once made of every link (a link to another site), is none.
ROOT = re.compile(r"(?:/(?!\.\.?(?:/|$))[A-Za-z0-9._~-]+)*")


class Rooted:
    """WSGI middleware: the app under a plain root only, and under the public origin's scheme if set."""

    def __init__(self, app, scheme=None):
        self.app = app
        self.scheme = scheme

    def __call__(self, environ, start_response):
        if not ROOT.fullmatch(environ.get("SCRIPT_NAME", "")):
            environ["SCRIPT_NAME"] = ""
        if self.scheme:
            environ["wsgi.url_scheme"] = self.scheme
        return self.app(environ, start_response)
