"""The device flows of picker login, for graph_server.py: RFC 8628 and Facebook's Login for
Devices, on the same origins as the friends edge, so that a session obtained here is one the
friends edge takes.

Paths (each key made unique by the test; a plan is a dot-separated list of what the token
endpoint answers, one word per poll, the last repeated):

  /rfc/<key>/<plan>/device      RFC 8628 device authorization: POST client_id (and scope); answers
                                device_code, user_code WDJB-MJHT (or ?user_code=), verification_uri,
                                verification_uri_complete (unless ?complete=0; on the other port
                                with ?complete=foreign), expires_in and interval (from
                                ?expires_in= and ?interval=, default 600 and 0.2)
  /rfc/<key>/<plan>/token       RFC 8628 token endpoint: POST grant_type, device_code, client_id
  /fb/<key>/<plan>/v19.0/device/login, /fb/<key>/<plan>/v19.0/device/login_status
                                the same in Facebook's words (access_token=APP_ID|CLIENT_TOKEN,
                                code; numbers written as strings; Graph error envelopes)

Plan words: pending, slow (slow_down), denied, expired, approve, busy (503), hostile (an error
whose texts hold escape sequences, the device code and the client's id). A poll that does not
send what the flow asks (the grant type, the device code, the client) is answered 400
invalid_request, and ends the plan there.
"""
import json
import time
from urllib.parse import parse_qs, urlsplit

DEVICE_CODES = {}


def device_code(key):
    return "dev-%s-DEVICECODE" % key


def access_token(key):
    return "tok-%s-APPROVED-SECRET" % key


RFC_ERRORS = {
    "pending": ("authorization_pending", None),
    "slow": ("slow_down", None),
    "denied": ("access_denied", "The user declined the request."),
    "expired": ("expired_token", "The device code has expired."),
}

FB_ERRORS = {
    "pending": ("This request requires the user to take a pending action", 31, 1349174),
    "slow": ("User request limit reached", 17, 1349172),
    "denied": ("The user declined", 100, 1349173),
    "expired": ("The device code has expired", 463, 1349152),
}


class DeviceFlowScenarios:
    """Methods of the Graph test service's request handler (see graph_server.py)."""

    def form(self):
        return {name: values[0] for name, values in parse_qs(self.body.decode("utf-8", "replace")).items()}

    def query(self):
        return {name: values[0] for name, values in parse_qs(urlsplit(self.path).query).items()}

    def device_step(self, key, plan, count):
        """The plan's word for this poll (the last one repeated)."""
        words = plan.split(".")
        polls = count - 1
        return words[min(polls, len(words) - 1)]

    def scenario_rfc(self, key, page, count):
        segments = [s for s in urlsplit(self.path).path.split("/") if s]
        plan, endpoint = segments[2], segments[3]
        form = self.form()
        if endpoint == "device":
            if not form.get("client_id"):
                return self.send_json(400, {"error": "invalid_client", "error_description": "no client_id"})
            DEVICE_CODES[key] = {"client": form["client_id"], "polls": 0}
            query = self.query()
            home = self.home()
            user_code = query.get("user_code", "WDJB-MJHT")
            body = {
                "device_code": device_code(key), "user_code": user_code,
                "verification_uri": home + "/activate",
                "expires_in": float(query.get("expires_in", "600")),
                "interval": float(query.get("interval", "0.2")),
            }
            if query.get("complete") == "foreign":
                body["verification_uri_complete"] = (self.home(self.server.options.other_port)
                                                     + "/activate?user_code=" + user_code)
            elif query.get("complete") != "0":
                body["verification_uri_complete"] = home + "/activate?user_code=" + user_code
            return self.send_json(200, body)
        state = DEVICE_CODES.get(key)
        if (state is None or form.get("grant_type") != "urn:ietf:params:oauth:grant-type:device_code"
                or form.get("device_code") != device_code(key) or form.get("client_id") != state["client"]):
            return self.send_json(400, {"error": "invalid_request", "error_description": "a poll without its fields"})
        state["polls"] += 1
        word = self.device_step(key, plan, state["polls"])
        if word == "approve":
            return self.send_json(200, {"access_token": access_token(key), "token_type": "Bearer",
                                        "expires_in": 3600, "refresh_token": "refresh-" + key})
        if word == "busy":
            return self.send_bytes(503, b"busy")
        if word == "hostile":
            return self.send_json(400, {
                "error": "server_error\x1b]0;PWNED\x07",
                "error_description": "\x1b[31mbroken %s for %s\x9b2J" % (device_code(key), state["client"])})
        error, description = RFC_ERRORS[word]
        body = {"error": error}
        if description:
            body["error_description"] = description
        return self.send_json(400, body)

    def scenario_fb(self, key, page, count):
        segments = [s for s in urlsplit(self.path).path.split("/") if s]
        plan, endpoint = segments[2], segments[-1]
        form = self.form()
        client = form.get("access_token", "")
        if "|" not in client:
            return self.send_json(400, {"error": {"message": "Invalid OAuth access token.", "type": "OAuthException",
                                                  "code": 190}})
        if endpoint == "login":
            DEVICE_CODES[key] = {"client": client, "polls": 0, "scope": form.get("scope")}
            query = self.query()
            return self.send_json(200, {
                "code": device_code(key), "user_code": "A1B2C3D4",
                "verification_uri": self.home() + "/device",
                "expires_in": query.get("expires_in", "420"), "interval": query.get("interval", "0.2")})
        state = DEVICE_CODES.get(key)
        if state is None or form.get("code") != device_code(key) or client != state["client"]:
            return self.send_json(400, {"error": {"message": "a poll without its fields", "code": 100}})
        state["polls"] += 1
        word = self.device_step(key, plan, state["polls"])
        if word == "approve":
            return self.send_json(200, {"access_token": access_token(key), "expires_in": 5183944,
                                        "data_access_expiration_time": int(time.time()) + 90 * 86400})
        if word == "busy":
            return self.send_bytes(503, b"busy")
        if word == "hostile":
            return self.send_json(400, {"error": {
                "message": "\x1b]0;PWNED\x07\x1b[31mbroken %s for %s" % (device_code(key), client),
                "type": "OAuthException\x1b[2J", "code": 100}})
        message, code, subcode = FB_ERRORS[word]
        return self.send_json(400, {"error": {"message": message, "type": "OAuthException", "code": code,
                                              "error_subcode": subcode, "fbtrace_id": "Fb" + key}})
