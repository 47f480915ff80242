"""Security headers for every response, set in one place."""

from flask import abort
from flask import request
from werkzeug.middleware.proxy_fix import ProxyFix

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
    """Add the security headers to a response."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def limit_query(limit: int):
    """Return a check that refuses a query string longer than any form of ours sends."""
    def check():
        if len(request.query_string) > limit:
            abort(414)
    return check


def init_app(app) -> None:
    """Install the headers and limits, and trust one proxy's forwarded scheme, never a forwarded host.

    The host comes from the request itself (a client can forge X-Forwarded-Host, and share links, QR
    codes and redirects are built from it); a deployment names its hosts with FLASK_TRUSTED_HOSTS.
    """
    app.after_request(add_headers)
    app.before_request(limit_query(app.config["MAX_QUERY_LENGTH"]))
    app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=0)
