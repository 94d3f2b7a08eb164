#!/usr/bin/env python3
"""A Graph-API-compatible friends service on loopback, for picker's end-to-end tests.

It listens on two ports of 127.0.0.1 (two origins), one of ::1, optionally one of 127.0.0.1
speaking TLS (with --tls-cert and --tls-key), and runs a proxy on another port of 127.0.0.1.
It prints "PORTS <home> <other> <ipv6> <proxy> <tls>" on standard output (tls is 0 without
TLS), appends one JSON line per request to the log file (which port, the method, the path
with its query, the Authorization, Accept, Accept-Encoding, User-Agent and Content-Type
headers and the body), and one JSON line per connection the proxy gets to <log>.proxy (its
first line and every byte it saw).

Next pages and redirects point at the host of the request's Host header (its origin), unless a
scenario points at the other port. The first segment of a path names a scenario and the second
a key that the test makes unique, so that scenarios that count requests (a failure, then
success) do not share state:

  pages       three pages (3 friends, an empty page that still has a next, 2 friends)
  expired     400 with error code 190, subcode 463
  flaky       500 on the first request, then a page
  ratelimit   429 with Retry-After: 1 and error code 4 on the first request, then a page
  retrydate   503 with Retry-After as an HTTP-date 2 s ahead on the first request, then a page
  retrynegative, retrynan
              503 with Retry-After: -5 (or nan) on the first request, then a page
  slow        a page after 5 seconds
  drip        a page of 238 bytes (Content-Length given), one byte a second
  drop        a Content-Length of 5000, 100 bytes of body, then the connection closed
  malformed   200 with truncated JSON
  crossorigin a page whose paging.next is on the other port
  redirect    302 to the other port
  samehop     302 to the pages scenario on the same origin
  slowhops    five 302s on the same origin, each after 1.5 seconds, then a page
  slowpages   pages of one friend without end, each after 0.5 seconds
  loop        a page whose paging.next is itself after the first
  gated       four pages of 5 friends; page n > 1 waits for the file <gate-dir>/<key>-<n>
  held        a page of 5 friends once the file <gate-dir>/<key>-1 exists
  failsecond  a page, then 400 with error code 100 (not temporary) for the next one
  revised     the first request: friends 1-8 at once; each later one waits for the file
              <gate-dir>/<key>-<n> (n counting requests from 2), then friends 2-9 (1 gone, 9 new)
  revoked     the first request: friends 1-8; every later one 400 with error code 190
  outage      the first request: friends 1-8; every later one closed without an answer
  many        four pages of 2500 friends
  hostile     a page of names with escape sequences, then 400 whose message changes the
              terminal's title and colours
  basic, basic190
              401 with WWW-Authenticate: Basic, a plain body (or an error with code 190)
  gzipbomb    a gzip body that inflates to 1 GB of zeros, streamed, no Content-Length
  huge        a 300 MB page, streamed, no Content-Length; hugelength: the same announced
  brotli      a body with Content-Encoding: br
  longname    20 pages, each of one friend whose name is 30 MB long
  padded      20 pages, each of one friend and an unknown member of 8 MB
  headerflood 200 with 100 KB of header fields
  longmessage 400 whose error message is 10 MB long
  tokenpath, tokenparam, tokenfragment
              a page whose next carries the session token (read from the Authorization
              header, percent-encoded) in its path, a parameter (lower-case escapes) or its
              fragment, then 400 whose message echoes the path asked with the token
  tokenother  a page whose next is on the other port with the token in path, parameter and
              fragment
  longnext    a page whose next is 9000 bytes long
  nextnumber, nextempty, nextbad, nextrelative, pagingarray, pagingstring, summarystring,
  summaryfraction, summarynegative, summaryarray
              a friend and a paging or summary that breaks the contract (see MALFORMED)
  summaryhuge, nextsurrogate, toparray
              a body Python's json module does not write (see UNREADABLE): a total_count of
              1e400 beside a next, a next with a lone surrogate escape, a bare array of friends
  echo        (GET or POST) 200 with what was received: method, path, content type, body
  postredirect
              (POST) 307 to echo when the page segment is p307, 303 when it is p303
  rfc, fb     the device flows of picker login (see device_flow.py)

The proxy answers a plain request with a page of one friend ("Proxy Friend") and tunnels a
CONNECT to the port of 127.0.0.1 it names.
"""
import argparse
import base64
import email.utils
import json
import os
import re
import select
import socket
import socketserver
import ssl
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import quote, urlsplit

sys.dont_write_bytecode = True  # nothing written beside the service in the source tree
from device_flow import DeviceFlowScenarios  # noqa: E402

LOCK = threading.Lock()
COUNTS = {}
FIRST_NAMES = ["Ada", "Bea", "Cai", "Dov", "Eun", "Fay", "Gus", "Hao", "Ivo", "Jun", "Kai",
               "Lea", "Mo", "Noa", "Oz", "Pia", "Quin", "Rae", "Sol", "Tea"]
MALFORMED = {
    "nextnumber": {"paging": {"next": 42}},
    "nextempty": {"paging": {"next": ""}},
    "nextbad": {"paging": {"next": "http://[bad"}},
    "nextrelative": {"paging": {"next": "/me/friends?after=x"}},
    "pagingarray": {"paging": []},
    "pagingstring": {"paging": "next"},
    "summarystring": {"summary": {"total_count": "810"}},
    "summaryfraction": {"summary": {"total_count": 810.5}},
    "summarynegative": {"summary": {"total_count": -1}},
    "summaryarray": {"summary": [810]},
}
# Sent as written, FRIEND standing for a friend and NEXT for the next page of `pages`.
UNREADABLE = {
    "summaryhuge": b'{"data": [FRIEND], "paging": {"next": "NEXT"}, "summary": {"total_count": 1e400}}',
    "nextsurrogate": b'{"data": [FRIEND], "paging": {"next": "NEXT\\ud800"}}',
    "toparray": b'[FRIEND]',
}


def friend(number):
    first = FIRST_NAMES[number % len(FIRST_NAMES)]
    last = "Graph%02d" % number
    return {"id": str(9000 + number), "name": "%s %s" % (first, last),
            "first_name": first, "last_name": last}


class Handler(DeviceFlowScenarios, BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "GraphTestServer/1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.serve(b"")

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        self.serve(self.rfile.read(length))

    def serve(self, body):
        parts = urlsplit(self.path)
        segments = [s for s in parts.path.split("/") if s]
        with LOCK:
            with open(self.server.options.log, "a") as log:
                log.write(json.dumps({
                    "port": self.server.server_address[1], "method": self.command, "path": self.path,
                    "authorization": self.headers.get("Authorization"),
                    "accept": self.headers.get("Accept"),
                    "accept_encoding": self.headers.get("Accept-Encoding"),
                    "user_agent": self.headers.get("User-Agent"),
                    "content_type": self.headers.get("Content-Type"),
                    "body": body.decode("utf-8", "replace"),
                    "time": time.time()}) + "\n")
            key = "/".join(segments[:2])
            COUNTS[key] = COUNTS.get(key, 0) + 1
            count = COUNTS[key]
        self.body = body
        if len(segments) < 2:
            return self.send_json(404, {"error": {"message": "unknown path", "code": 803}})
        scenario, key = segments[0], segments[1]
        page = segments[2] if len(segments) > 2 and segments[2].startswith("p") else "p1"
        if scenario in MALFORMED:
            return self.send_json(200, dict({"data": [friend(1)]}, **MALFORMED[scenario]))
        if scenario in UNREADABLE:
            next_url = ("%s/pages/%s/p2" % (self.home(), key)).encode()
            body = UNREADABLE[scenario].replace(b"FRIEND", json.dumps(friend(1)).encode())
            return self.send_bytes(200, body.replace(b"NEXT", next_url), [("Content-Type", "application/json")])
        handler = getattr(self, "scenario_" + scenario, None)
        if handler is None:
            return self.send_json(404, {"error": {"message": "unknown scenario", "code": 803}})
        handler(key, page, count)

    # Helpers

    def home(self, port=None):
        """The origin of the request (from its Host header), or the other port's."""
        if port is not None:
            return "http://127.0.0.1:%d" % port
        return "%s://%s" % (self.server.scheme, self.headers.get("Host"))

    def token(self):
        return (self.headers.get("Authorization") or "").replace("Bearer ", "", 1)

    def send_json(self, status, body, headers=()):
        self.send_bytes(status, json.dumps(body).encode(), [("Content-Type", "application/json")] + list(headers))

    def send_bytes(self, status, data, headers=()):
        self.send_response(status)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def send_page(self, friends, next_url=None, total=None):
        body = {"data": friends, "paging": {"cursors": {"before": "b", "after": "a"}}}
        if next_url:
            body["paging"]["next"] = next_url
        if total is not None:
            body["summary"] = {"total_count": total}
        self.send_json(200, body)

    def stream(self, chunks, headers=()):
        """200 with the bytes of `chunks`, no Content-Length, the connection closed at the end;
        stops quietly when the client goes away."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Connection", "close")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.close_connection = True
        try:
            for chunk in chunks:
                self.wfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def fail_once(self, count, status, headers):
        """`status` with `headers` on the first request, then a page of two friends."""
        if count == 1:
            self.send_json(status, {"error": {"message": "busy", "code": 2}}, headers=headers)
        else:
            self.send_page([friend(1), friend(2)])

    # Scenarios

    def scenario_pages(self, key, page, count):
        base = "%s/pages/%s" % (self.home(), key)
        if page == "p1":
            self.send_page([friend(1), friend(2), friend(3)], base + "/p2", total=5)
        elif page == "p2":
            self.send_page([], base + "/p3", total=5)
        else:
            self.send_page([friend(4), friend(5)], total=5)

    def scenario_expired(self, key, page, count):
        self.send_json(400, {"error": {
            "message": "Error validating access token: Session has expired on Monday.",
            "type": "OAuthException", "code": 190, "error_subcode": 463, "fbtrace_id": "AbC"}})

    def scenario_flaky(self, key, page, count):
        if count == 1:
            data = b"temporarily broken"
            self.send_response(500)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        else:
            self.send_page([friend(1), friend(2)])

    def scenario_ratelimit(self, key, page, count):
        if count == 1:
            self.send_json(429, {"error": {"message": "Application request limit reached", "code": 4}},
                           headers=[("Retry-After", "1")])
        else:
            self.send_page([friend(1)])

    def scenario_retrydate(self, key, page, count):
        self.fail_once(count, 503, [("Retry-After", email.utils.formatdate(time.time() + 2, usegmt=True))])

    def scenario_retrynegative(self, key, page, count):
        self.fail_once(count, 503, [("Retry-After", "-5")])

    def scenario_retrynan(self, key, page, count):
        self.fail_once(count, 503, [("Retry-After", "nan")])

    def scenario_slow(self, key, page, count):
        time.sleep(5)
        self.send_page([friend(1)])

    def scenario_drip(self, key, page, count):
        data = json.dumps({"data": [friend(n) for n in range(1, 3)]}).encode()
        data = data[:-1] + b" " * (237 - len(data)) + b"}"
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        try:
            for byte in data:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(1)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def scenario_drop(self, key, page, count):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "5000")
        self.end_headers()
        self.wfile.write(b'{"data": [' + b" " * 90)
        self.wfile.flush()
        self.close_connection = True
        self.connection.shutdown(2)

    def scenario_malformed(self, key, page, count):
        data = b'{"data": [{"id": "1", "name": "Ada"}, {"id": "2"'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def scenario_crossorigin(self, key, page, count):
        other = self.server.options.other_port
        self.send_page([friend(1)], "%s/pages/%s/p2" % (self.home(other), key))

    def scenario_redirect(self, key, page, count):
        other = self.server.options.other_port
        self.send_response(302)
        self.send_header("Location", "%s/pages/%s/me/friends" % (self.home(other), key))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def scenario_samehop(self, key, page, count):
        self.send_bytes(302, b"", [("Location", "/pages/%s/me/friends" % key)])

    def scenario_slowhops(self, key, page, count):
        number = int(page[1:])
        if number > 5:
            return self.send_page([friend(1)])
        time.sleep(1.5)
        self.send_bytes(302, b"", [("Location", "/slowhops/%s/p%d" % (key, number + 1))])

    def scenario_slowpages(self, key, page, count):
        number = int(page[1:])
        time.sleep(0.5)
        self.send_page([friend(number)], "%s/slowpages/%s/p%d" % (self.home(), key, number + 1))

    def scenario_loop(self, key, page, count):
        self.send_page([friend(1)], "%s/loop/%s/p2" % (self.home(), key))

    def scenario_gated(self, key, page, count):
        number = int(page[1:])
        if number > 1:
            gate = os.path.join(self.server.options.gate_dir, "%s-%d" % (key, number))
            deadline = time.time() + 30
            while not os.path.exists(gate) and time.time() < deadline:
                time.sleep(0.02)
        friends = [friend(5 * (number - 1) + i) for i in range(1, 6)]
        next_url = "%s/gated/%s/p%d" % (self.home(), key, number + 1) if number < 4 else None
        self.send_page(friends, next_url, total=20)

    def scenario_held(self, key, page, count):
        gate = os.path.join(self.server.options.gate_dir, "%s-1" % key)
        deadline = time.time() + 30
        while not os.path.exists(gate) and time.time() < deadline:
            time.sleep(0.02)
        self.send_page([friend(i) for i in range(1, 6)], total=5)

    def scenario_failsecond(self, key, page, count):
        if page == "p1":
            self.send_page([friend(1), friend(2)], "%s/failsecond/%s/p2" % (self.home(), key), total=4)
        else:
            self.send_json(400, {"error": {"message": "Invalid parameter", "type": "GraphMethodException",
                                           "code": 100}})

    def scenario_revised(self, key, page, count):
        if count == 1:
            return self.send_page([friend(n) for n in range(1, 9)], total=8)
        gate = os.path.join(self.server.options.gate_dir, "%s-%d" % (key, count))
        deadline = time.time() + 30
        while not os.path.exists(gate) and time.time() < deadline:
            time.sleep(0.02)
        self.send_page([friend(n) for n in range(2, 10)], total=8)

    def scenario_revoked(self, key, page, count):
        if count == 1:
            return self.send_page([friend(n) for n in range(1, 9)], total=8)
        self.scenario_expired(key, page, count)

    def scenario_outage(self, key, page, count):
        if count == 1:
            return self.send_page([friend(n) for n in range(1, 9)], total=8)
        self.close_connection = True
        self.connection.shutdown(socket.SHUT_RDWR)

    def scenario_many(self, key, page, count):
        number = int(page[1:])
        friends = [friend(2500 * (number - 1) + i) for i in range(1, 2501)]
        next_url = "%s/many/%s/p%d" % (self.home(), key, number + 1) if number < 4 else None
        self.send_page(friends, next_url, total=10000)

    def scenario_hostile(self, key, page, count):
        if page == "p1":
            friends = [{"id": "1", "name": "Eve \x1b]0;PWNED\x07 Title"}, {"id": "2", "name": "Mal \x1b[41mRed"}]
            self.send_page(friends, "%s/hostile/%s/p2" % (self.home(), key))
        else:
            self.send_json(400, {"error": {"message": "\x1b]2;PWNED\x1b\\\x1b[31mBad\x9b2J", "code": 100}})

    def scenario_basic(self, key, page, count):
        self.send_bytes(401, b"Authorization required", [("WWW-Authenticate", 'Basic realm="graph"')])

    def scenario_basic190(self, key, page, count):
        self.send_json(401, {"error": {"message": "Invalid OAuth access token.", "type": "OAuthException",
                                       "code": 190}}, headers=[("WWW-Authenticate", 'Basic realm="graph"')])

    def scenario_gzipbomb(self, key, page, count):
        def chunks():
            compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
            zeros = bytes(1 << 20)
            for _ in range(1024):
                yield compressor.compress(zeros)
            yield compressor.flush()
        self.stream(chunks(), headers=[("Content-Encoding", "gzip")])

    def huge_chunks(self):
        """A friends page of 300 MB: 1 MB chunks of friends, then the end."""
        record = b'{"id": "1", "name": "Ada Lovelace"},'
        chunk = record * ((1 << 20) // len(record))
        yield b'{"data": ['
        for _ in range(300):
            yield chunk
        yield b'{"id": "2", "name": "Bea"}]}'

    def scenario_huge(self, key, page, count):
        self.stream(self.huge_chunks())

    def scenario_hugelength(self, key, page, count):
        length = sum(len(chunk) for chunk in self.huge_chunks())
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(length))
        self.end_headers()
        try:
            for chunk in self.huge_chunks():
                self.wfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def twenty_pages(self, scenario, key, page, fields, members):
        """Page n of 20: friend n with `fields` changed, beside `members`; a next up to page 20."""
        number = int(page[1:])
        body = dict({"data": [dict(friend(number), **fields)]}, **members)
        if number < 20:
            body["paging"] = {"next": "%s/%s/%s/p%d" % (self.home(), scenario, key, number + 1)}
        self.send_json(200, body)

    def scenario_longname(self, key, page, count):
        self.twenty_pages("longname", key, page, {"name": "a" * (30 << 20)}, {})

    def scenario_padded(self, key, page, count):
        self.twenty_pages("padded", key, page, {}, {"padding": "x" * (8 << 20)})

    def scenario_brotli(self, key, page, count):
        self.send_bytes(200, b"\x1b\x03\x00\xf8\xa5\x00\x00", [("Content-Encoding", "br")])

    def scenario_headerflood(self, key, page, count):
        self.send_bytes(200, b"{}", [("X-Flood-%d" % number, "x" * 100) for number in range(1000)])

    def scenario_longmessage(self, key, page, count):
        self.send_json(400, {"error": {"message": "Too long " + "x" * (10 << 20), "code": 100}})

    def scenario_tokenpath(self, key, page, count):
        if page == "p1":
            self.send_page([friend(1)], "%s/tokenpath/%s/p2/%s/x" % (self.home(), key, quote(self.token(), safe="")))
        else:
            self.echo_failure()

    def scenario_tokenparam(self, key, page, count):
        if page == "p1":
            lower = re.sub(r"%[0-9A-F]{2}", lambda escape: escape.group(0).lower(), quote(self.token(), safe=""))
            self.send_page([friend(1)], "%s/tokenparam/%s/p2?session=%s&after=x" % (self.home(), key, lower))
        else:
            self.echo_failure()

    def scenario_tokenfragment(self, key, page, count):
        if page == "p1":
            self.send_page([friend(1)], "%s/tokenfragment/%s/p2#%s" % (self.home(), key, quote(self.token(), safe="")))
        else:
            self.echo_failure()

    def scenario_tokenother(self, key, page, count):
        token = quote(self.token(), safe="")
        other = self.home(self.server.options.other_port)
        self.send_page([friend(1)], "%s/x/%s?t=%s#%s" % (other, token, token, token))

    def echo_failure(self):
        """400 whose message repeats the path asked and the token."""
        self.send_json(400, {"error": {"message": "no page %s for %s" % (self.path, self.token()), "code": 100}})

    def scenario_longnext(self, key, page, count):
        self.send_page([friend(1)], "%s/longnext/%s/p2?after=%s" % (self.home(), key, "a" * 9000))

    def scenario_echo(self, key, page, count):
        self.send_json(200, {"method": self.command, "path": self.path,
                             "content_type": self.headers.get("Content-Type"),
                             "body": self.body.decode("utf-8", "replace")})

    def scenario_postredirect(self, key, page, count):
        status = 303 if page == "p303" else 307
        self.send_bytes(status, b"", [("Location", "/echo/%s/after-%d" % (key, status))])


class IPv6Server(ThreadingHTTPServer):
    address_family = socket.AF_INET6


class ProxyHandler(socketserver.BaseRequestHandler):
    """Logs every byte a client sends; tunnels a CONNECT to 127.0.0.1, answers anything else
    with a friends page of its own."""

    def handle(self):
        seen = b""
        client = self.request
        client.settimeout(10)
        try:
            while b"\r\n\r\n" not in seen:
                data = client.recv(65536)
                if not data:
                    break
                seen += data
            first = seen.split(b"\r\n", 1)[0].decode("latin-1")
            if first.startswith("CONNECT "):
                port = int(first.split()[1].rsplit(":", 1)[1])
                upstream = socket.create_connection(("127.0.0.1", port))
                client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
                seen += self.tunnel(client, upstream)
            else:
                body = json.dumps({"data": [{"id": "666", "name": "Proxy Friend"}]}).encode()
                client.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
                               b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        except OSError:
            first = seen.split(b"\r\n", 1)[0].decode("latin-1")
        with LOCK:
            with open(self.server.options.log + ".proxy", "a") as log:
                log.write(json.dumps({"first_line": first, "bytes": base64.b64encode(seen).decode()}) + "\n")

    def tunnel(self, client, upstream):
        """Copies bytes both ways until either side closes; returns what the client sent."""
        sent = b""
        sockets = [client, upstream]
        while True:
            readable, _, _ = select.select(sockets, [], [], 10)
            if not readable:
                break
            for source in readable:
                data = source.recv(65536)
                if not data:
                    upstream.close()
                    return sent
                if source is client:
                    sent += data
                    upstream.sendall(data)
                else:
                    client.sendall(data)
        upstream.close()
        return sent


class ProxyServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--log", required=True)
    parser.add_argument("--gate-dir", required=True)
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    options = parser.parse_args()
    servers = [ThreadingHTTPServer(("127.0.0.1", 0), Handler) for _ in range(2)]
    servers.append(IPv6Server(("::1", 0), Handler))
    for server in servers:
        server.scheme = "http"
    tls_port = 0
    if options.tls_cert:
        secure = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(options.tls_cert, options.tls_key)
        secure.socket = context.wrap_socket(secure.socket, server_side=True)
        secure.scheme = "https"
        tls_port = secure.server_address[1]
        servers.append(secure)
    options.other_port = servers[1].server_address[1]
    proxy = ProxyServer(("127.0.0.1", 0), ProxyHandler)
    proxy.options = options
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    for server in servers:
        server.daemon_threads = True
        server.options = options
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print("PORTS %d %d %d %d %d" % (servers[0].server_address[1], servers[1].server_address[1],
                                    servers[2].server_address[1], proxy.server_address[1], tls_port), flush=True)
    try:
        # Ends with its parent: standard input closes when the test process goes away.
        sys.stdin.read()
    finally:
        for server in servers:
            server.shutdown()
        proxy.shutdown()


if __name__ == "__main__":
    main()
