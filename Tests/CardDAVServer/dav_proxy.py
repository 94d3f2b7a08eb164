#!/usr/bin/env python3
"""A proxy in front of a CardDAV server on loopback, for picker's end-to-end tests.

It listens on two ports of 127.0.0.1 (two origins) and prints "PORTS <home> <other>" on
standard output. Each request to <home> is passed to the server at --upstream (a port of
127.0.0.1) and its answer passed back; each request to <other> is answered 404. Every request
is appended to the log file as one JSON line (which port, the method, the path, the
Authorization header). It stops when its standard input closes.

With --bearer TOKEN, <home> is a server that takes an OAuth bearer, as Google's CardDAV does:
a request without "Authorization: Bearer TOKEN" is answered 401 (WWW-Authenticate: Bearer),
and one with it is passed on with the Basic credentials of --basic USER:PASSWORD instead.

--well-known sets what <home> answers for /.well-known/carddav (the rest passed on):

  redirect   301 to the same path on <other>
  echo       207 whose current-user-principal is on <other>, the Authorization header's
             token in its path
"""
import argparse, base64, http.client, json, os, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--upstream", type=int, required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--bearer")
    parser.add_argument("--basic")
    parser.add_argument("--well-known", choices=["redirect", "echo"])
    options = parser.parse_args()
    servers = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *arguments):
            pass

        def handle_one(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            port = self.server.server_address[1]
            authorization = self.headers.get("Authorization")
            with LOCK, open(options.log, "a") as log:
                entry = {"port": port, "method": self.command, "path": self.path, "authorization": authorization}
                log.write(json.dumps(entry) + "\n")
            if port != servers[0].server_address[1]:
                return self.answer(404, b"")
            if options.bearer is not None:
                if authorization != "Bearer " + options.bearer:
                    return self.answer(401, b"", {"WWW-Authenticate": 'Bearer realm="contacts"'})
                authorization = "Basic " + base64.b64encode(options.basic.encode()).decode()
            other = "http://127.0.0.1:%d" % servers[1].server_address[1]
            if self.path == "/.well-known/carddav" and options.well_known == "redirect":
                return self.answer(301, b"", {"Location": other + self.path})
            if self.path == "/.well-known/carddav" and options.well_known == "echo":
                token = (self.headers.get("Authorization") or "").split(" ", 1)[-1]
                xml = (
                    '<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>/</d:href>'
                    "<d:propstat><d:prop><d:current-user-principal><d:href>%s/p/%s/</d:href>"
                    "</d:current-user-principal></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>"
                    "</d:response></d:multistatus>" % (other, token)
                )
                return self.answer(207, xml.encode(), {"Content-Type": "application/xml"})
            headers = {name: value for name, value in self.headers.items() if name.lower() in ("depth", "content-type")}
            if authorization:
                headers["Authorization"] = authorization
            connection = http.client.HTTPConnection("127.0.0.1", options.upstream, timeout=60)
            connection.request(self.command, self.path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
            kept = {}
            for name in ("Content-Type", "ETag", "Location", "WWW-Authenticate"):
                value = response.getheader(name)
                if value is not None:
                    kept[name] = value.replace(":%d/" % options.upstream, ":%d/" % servers[0].server_address[1])
            connection.close()
            self.answer(response.status, data, kept)

        def answer(self, status, body, headers=None):
            self.send_response(status)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_OPTIONS = handle_one

    for _ in range(2):
        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        servers.append(server)
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print("PORTS %d %d" % (servers[0].server_address[1], servers[1].server_address[1]), flush=True)
    sys.stdin.read()
    os._exit(0)


if __name__ == "__main__":
    main()
