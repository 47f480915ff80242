"""The browser tests' own server (support/browsing.py) stops as a server that went away: nothing is answered."""

import http.client
import socket

from support.browsing import Server


def test_a_connection_opened_before_the_server_stopped_gets_no_answer_after():
    # Chromium opens connections before it has a request for them. One accepted before stop() was read by a thread
    # that outlived it, and carried the page's next request to the app: a test of the table out of reach saw its tap
    # saved.
    server = Server()
    port = server.server.server_port
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as early:
            # The server accepts in turn: once a later connection is answered, the early one has been accepted.
            later = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            later.request("GET", "/en/")
            assert later.getresponse().status == 200
            later.close()
            server.stop()
            early.sendall(b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            try:
                answer = early.recv(100)
            except ConnectionError:
                answer = b""
        assert answer == b""
    finally:
        server.close()
