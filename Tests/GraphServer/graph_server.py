#!/usr/bin/env python3
"""A Graph-API-compatible friends service on loopback, for picker's end-to-end tests.

It listens on two ports of 127.0.0.1 (two origins), prints "PORTS <home> <other>" on
standard output, and appends one JSON line per request to the log file: which port, the
path with its query, and the Authorization, Accept and User-Agent headers.

The first segment of a path names a scenario and the second a key that the test makes unique,
so that scenarios that count requests (a failure, then success) do not share state:

  pages       three pages (3 friends, an empty page that still has a next, 2 friends)
  expired     400 with error code 190, subcode 463
  flaky       500 on the first request, then a page
  ratelimit   429 with Retry-After: 1 and error code 4 on the first request, then a page
  slow        a page after 5 seconds
  drop        a Content-Length of 5000, 100 bytes of body, then the connection closed
  malformed   200 with truncated JSON
  crossorigin a page whose paging.next is on the other port
  redirect    302 to the other port
  loop        a page whose paging.next is itself after the first
  gated       four pages of 5 friends; page n > 1 waits for the file <gate-dir>/<key>-<n>
  failsecond  a page, then 400 with error code 100 (not temporary) for the next one
  hostile     a page of names with escape sequences, then 400 whose message changes the
              terminal's title and colours
"""
import argparse
import json
import os
import socketserver
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

LOCK = threading.Lock()
COUNTS = {}
FIRST_NAMES = ["Ada", "Bea", "Cai", "Dov", "Eun", "Fay", "Gus", "Hao", "Ivo", "Jun", "Kai",
               "Lea", "Mo", "Noa", "Oz", "Pia", "Quin", "Rae", "Sol", "Tea"]


def friend(number):
    first = FIRST_NAMES[number % len(FIRST_NAMES)]
    last = "Graph%02d" % number
    return {"id": str(9000 + number), "name": "%s %s" % (first, last),
            "first_name": first, "last_name": last}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "GraphTestServer/1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        parts = urlsplit(self.path)
        segments = [s for s in parts.path.split("/") if s]
        with LOCK:
            with open(self.server.options.log, "a") as log:
                log.write(json.dumps({
                    "port": self.server.server_address[1], "path": self.path,
                    "authorization": self.headers.get("Authorization"),
                    "accept": self.headers.get("Accept"),
                    "user_agent": self.headers.get("User-Agent"),
                    "time": time.time()}) + "\n")
            key = "/".join(segments[:2])
            COUNTS[key] = COUNTS.get(key, 0) + 1
            count = COUNTS[key]
        if len(segments) < 2:
            return self.send_json(404, {"error": {"message": "unknown path", "code": 803}})
        scenario, key = segments[0], segments[1]
        page = segments[2] if len(segments) > 2 and segments[2].startswith("p") else "p1"
        handler = getattr(self, "scenario_" + scenario, None)
        if handler is None:
            return self.send_json(404, {"error": {"message": "unknown scenario", "code": 803}})
        handler(key, page, count)

    # Helpers

    def home(self, port=None):
        return "http://127.0.0.1:%d" % (port or self.server.server_address[1])

    def send_json(self, status, body, headers=()):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
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

    def scenario_slow(self, key, page, count):
        time.sleep(5)
        self.send_page([friend(1)])

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

    def scenario_failsecond(self, key, page, count):
        if page == "p1":
            self.send_page([friend(1), friend(2)], "%s/failsecond/%s/p2" % (self.home(), key), total=4)
        else:
            self.send_json(400, {"error": {"message": "Invalid parameter", "type": "GraphMethodException",
                                           "code": 100}})

    def scenario_hostile(self, key, page, count):
        if page == "p1":
            friends = [{"id": "1", "name": "Eve \x1b]0;PWNED\x07 Title"}, {"id": "2", "name": "Mal \x1b[41mRed"}]
            self.send_page(friends, "%s/hostile/%s/p2" % (self.home(), key))
        else:
            self.send_json(400, {"error": {"message": "\x1b]2;PWNED\x1b\\\x1b[31mBad\x9b2J", "code": 100}})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--log", required=True)
    parser.add_argument("--gate-dir", required=True)
    options = parser.parse_args()
    servers = [ThreadingHTTPServer(("127.0.0.1", 0), Handler) for _ in range(2)]
    options.other_port = servers[1].server_address[1]
    for server in servers:
        server.daemon_threads = True
        server.options = options
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print("PORTS %d %d" % (servers[0].server_address[1], servers[1].server_address[1]), flush=True)
    try:
        # Ends with its parent: standard input closes when the test process goes away.
        sys.stdin.read()
    finally:
        for server in servers:
            server.shutdown()


if __name__ == "__main__":
    main()
