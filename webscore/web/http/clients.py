"""Who a client is: the address a trusted proxy forwarded, or the peer's own; and what its limits count under."""

import ipaddress

from werkzeug.middleware.proxy_fix import ProxyFix

# Where a platform's router reaches the app from, unless a deployment names its own networks: those the open
# internet cannot appear from (private and shared address space, loopback, link-local, IPv6 unique local). A
# client that reaches the port itself, past the router, comes from a public address, and its headers are not taken.
ROUTER_NETWORKS = ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16",
                   "::1/128", "fc00::/7", "fe80::/10")


def address(text: str):
    """Return the address a text names (an IPv4-mapped IPv6 one as IPv4), or None when it names none.

    An address with its port, as some routers forward the client's ("192.0.2.1:51234", "[2001:db8::1]:51234"), names
    the address: each of its ports is not another client.
    """
    if text.startswith("[") and "]" in text:
        text = text[1:text.index("]")]
    elif text.count(":") == 1:
        text = text.split(":", 1)[0]
    try:
        found = ipaddress.ip_address(text)
    except ValueError:
        return None
    return (found.ipv4_mapped or found) if found.version == 6 else found


def client_key(text: str) -> str:
    """Return what a client's limits count under: its IPv4 address, or its IPv6 address's /64.

    A /64 is the least one subscriber is given, so its addresses are one client however many it takes. A text that
    names no address counts as it is.
    """
    found = address(text)
    if found is None:
        return text
    if found.version == 6:
        return str(ipaddress.IPv6Network((int(found) >> 64 << 64, 64)))
    return str(found)


def trusted_networks(value) -> tuple:
    """Return the networks TRUSTED_PROXIES names: a list, or a text of networks apart by commas or spaces."""
    names = value.replace(",", " ").split() if isinstance(value, str) else value
    try:
        return tuple(ipaddress.ip_network(name, strict=False) for name in names)
    except (TypeError, ValueError):
        raise RuntimeError("FLASK_TRUSTED_PROXIES lists the networks the proxies in front reach the app from, "
                           "such as '10.0.0.0/8, fd00::/8'.") from None


class TrustedProxyFix(ProxyFix):
    """Werkzeug's ProxyFix for a request whose peer is in the trusted networks; any other's forwarded headers are ignored.

    Otherwise a client that reaches the port without the router (the Procfile binds 0.0.0.0) would set its own
    address in X-Forwarded-For, to dodge its limits or use up someone else's.
    """

    def __init__(self, app, networks: tuple, **forwarded):
        super().__init__(app, **forwarded)
        self.networks = networks

    def __call__(self, environ, start_response):
        peer = address(environ.get("REMOTE_ADDR") or "")
        if peer is not None and any(peer in network for network in self.networks):
            return super().__call__(environ, start_response)
        return self.app(environ, start_response)
