"""The production server (``python -m web.core.serving``, waitress) as a client on the network
meets it: no version in ``Server``, size limits before the app, slow clients cut, and an
access log with no secret (issue 13: "the server's version in Server, dealer and player
secrets in the access log"; "the production server's timeouts for slow clients")."""

from __future__ import annotations

import http.client
import io
import json
import logging
import select
import socket
import time

import pytest
from every_page import build_pages
from hosts import host_account
from liveserver import SECRET_KEY, start_server

from app import create_app
from store import open_db
from web.core.limits import MAX_CONTENT_LENGTH, UPLOAD_BODY_BYTES
from web.core.serving import DISCARD_LIMIT, MAX_HEADER_BYTES, RedactingFormatter, redacted, redacted_path

CHANNEL_TIMEOUT = 2
REQUEST_DEADLINE = 4
ATTACKER = "127.0.0.2"
"""Another address on the loopback network (Linux routes all of 127.0.0.0/8 to it)."""


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """The server on a night with every page (``every_page``), silent connections cut
    after 2 s, requests that have not arrived whole after 4 s too: ``(server, pages)``."""
    db_path = tmp_path_factory.mktemp("serving") / "tapete.db"
    db = open_db(db_path)
    app = create_app({"TESTING": True, "DATABASE": str(db_path), "SECRET_KEY": SECRET_KEY})
    pages = build_pages(app, db)
    host_account(app)  # the login page, not the first visit's setup page
    db.conn.close()
    with start_server(db_path, args=("--channel-timeout", str(CHANNEL_TIMEOUT),
                                     "--request-deadline", str(REQUEST_DEADLINE))) as server:
        yield server, pages


@pytest.fixture(scope="module")
def crowded(tmp_path_factory):
    """The server with room for 40 connections in all, 20 from one address (the
    default), and a silence timeout and request deadline longer than any test here waits."""
    db_path = tmp_path_factory.mktemp("crowded") / "tapete.db"
    with start_server(db_path, args=("--connection-limit", "40", "--channel-timeout", "300",
                                     "--request-deadline", "300")) as server:
        yield server


def _request(server, method, path, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        return answer, answer.read()
    finally:
        connection.close()


def _log_lines(server, marker: str, wait: float = 10) -> list[str]:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        lines = [line for line in server.log().splitlines() if marker in line]
        if lines:
            return lines
        time.sleep(0.05)
    return []


@pytest.mark.slow
def test_the_server_header_names_no_server_and_no_version(live):
    server, pages = live
    answer, _ = _request(server, "GET", "/host/login")
    assert answer.status == 200
    assert answer.getheader("Server") == "tapete"
    assert answer.getheader("Content-Security-Policy")


@pytest.mark.slow
def test_the_access_log_keeps_no_secret(live):
    server, pages = live
    dealer = f"/dealer/{pages.night}/{pages.dealer_token}"
    player = f"/p/{pages.player_token}"
    for path in (f"{dealer}/", f"{dealer}/state?lang=en&marker=ab12", f"{player}?lang=es",
                 f"{player}/hand/{pages.hand}"):
        assert _request(server, "GET", path)[0].status == 200
    tap = {"key": "serving-0001", "op": "action", "action": "p1 ante 5"}  # the hand in progress
    _request(server, "POST", f"{dealer}/tap", json.dumps(tap), {"Content-Type": "application/json"})
    assert _log_lines(server, "/tap ")
    log = server.log()
    assert pages.dealer_token not in log and pages.player_token not in log
    assert "marker" not in log and "lang=" not in log          # query strings dropped
    assert f"GET /dealer/{pages.night}/…/ 200" in log
    assert f"GET /dealer/{pages.night}/…/state 200" in log
    assert "GET /p/… 200" in log and f"GET /p/…/hand/{pages.hand} 200" in log
    assert f"POST /dealer/{pages.night}/…/tap " in log  # answered (a refusal is fine here)
    for path in (f"/dealer//{pages.night}/{pages.dealer_token}/state",
                 f"/dealer/{pages.night}//{pages.dealer_token}/state", f"/p//{pages.player_token}",
                 f"/p/{pages.player_token}//hand/{pages.hand}", f"/p%2F{pages.player_token}"):
        _request(server, "GET", path)  # answered (a redirect, a 404)
    assert _log_lines(server, "GET /p//… ")
    assert _log_lines(server, f"GET /dealer/{pages.night}//…/state ")
    log = server.log()
    assert pages.dealer_token not in log and pages.player_token not in log
    line = _log_lines(server, "/state 200")[0]
    assert line.split()[-1].isdigit()                          # the milliseconds


def test_a_path_cannot_forge_a_log_line(live):
    server, _ = live
    _request(server, "GET", "/host/%0A2026-01-01%20forged%20GET%20/%20200%1b[2J")
    [line] = _log_lines(server, "forged")
    assert "/host/%0A2026-01-01%20forged%20GET%20/%20200%1B[2J 404" in line
    assert not any(l.startswith("2026-01-01 forged") for l in server.log().splitlines())


def test_a_body_past_the_limit_is_refused_before_the_app_and_the_server_stays_up(live):
    server, pages = live
    body = b"x" * (MAX_CONTENT_LENGTH + 1)
    answer, _ = _request(server, "POST", "/host/login", body,
                         {"Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status == 413
    assert _request(server, "GET", "/host/login")[0].status == 200


def _announced(server, path: str, length: int, language: str = "en", *, send: bool = False) -> bytes:
    """The server's answer to a POST to ``path`` announcing ``length`` bytes of body,
    sending none of it (or, ``send``, all of it): the answer until the server closes, up to
    64 KB."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n"
                     f"Accept-Language: {language}\r\nContent-Length: {length}\r\n\r\n".encode())
        if send:
            sock.sendall(b"x" * length)
        answer = b""
        while len(answer) < 65536:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
        return answer


def _flashed(answer: bytes) -> list:
    """The messages flashed in the session cookie an answer sets (signed with the live
    server's key)."""
    from flask import Flask
    from flask.sessions import SecureCookieSessionInterface
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    cookies = [line.split(":", 1)[1].strip() for line in head.split("\r\n")
               if line.lower().startswith("set-cookie:") and "session=" in line]
    value = cookies[0].split("session=", 1)[1].split(";", 1)[0]
    app = Flask("read")
    app.secret_key = SECRET_KEY
    return SecureCookieSessionInterface().get_signing_serializer(app).loads(value).get("_flashes", [])


def test_only_the_import_takes_a_body_past_256_kb_and_up_to_its_own_limit(live):
    """The upload route's limit (8 MB and the form) is the server's too, and only that
    route's: a 300 KB body reaches the app there (which answers: the client is no host),
    a login body of that size is refused before the app, and an import body past its
    limit is refused on its announced length, unread."""
    server, _ = live
    body = b"x" * (MAX_CONTENT_LENGTH + 50_000)
    headers = {"Content-Type": "multipart/form-data; boundary=b"}
    answer, _ = _request(server, "POST", "/host/import", body, headers)
    assert answer.status != 413 and answer.status < 500
    assert _log_lines(server, f"POST /host/import {answer.status} ")
    assert _request(server, "POST", "/host/login", body, headers)[0].status == 413
    assert _announced(server, "/host/import", DISCARD_LIMIT + 1).startswith(b"HTTP/1.1 303")
    assert _announced(server, "/host/login", DISCARD_LIMIT + 1).startswith(b"HTTP/1.1 413")
    assert _request(server, "GET", "/host/login")[0].status == 200


@pytest.mark.parametrize("path, words", [
    ("/host/import", "El archivo es demasiado grande: como mucho 8 MB."),
    ("/host/pokernow/", "El archivo es demasiado grande: como mucho 200 KB."),
])
def test_a_file_past_the_upload_limit_is_refused_unread_by_the_app_in_the_pages_language(live, path, words):
    """A body past an upload path's limit is refused before it is read (on its announced
    length), and the answer is the app's, not waitress's English "Request Entity Too Large":
    back to the form (303) with the form's own sentence flashed, in the request's language.
    The body is read and dropped first (up to ``DISCARD_LIMIT``), so a browser still
    sending it reads the answer; the connection closes after it."""
    server, _ = live
    answer = _announced(server, path, UPLOAD_BODY_BYTES + 1, language="es-ES,es;q=0.9", send=True)
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    assert head.startswith("HTTP/1.1 303") and f"Location: {path}" in head
    assert b"Request Entity Too Large" not in answer and b"generated by" not in answer
    assert _flashed(answer) == [["error", words]] or _flashed(answer) == [("error", words)]
    assert _log_lines(server, f"POST {path} 303 ")
    assert _request(server, "GET", "/host/login")[0].status == 200


def test_a_body_past_the_limit_elsewhere_gets_the_apps_413_page_in_its_language(live):
    """Past 256 KB on any other path: a 413 page in the request's language, from the app."""
    server, _ = live
    answer = _announced(server, "/host/login", MAX_CONTENT_LENGTH + 1, language="es", send=True)
    assert answer.startswith(b"HTTP/1.1 413")
    assert "La petición es demasiado grande (como mucho 256 KB).".encode() in answer
    assert b"Request Entity Too Large" not in answer


def test_a_pokernow_file_past_its_form_limit_reaches_the_app_not_the_servers_413(live):
    """A 300 KB CSV on the PokerNow form (which takes 200 KB) is the app's to refuse, on
    the form in the page's language (web.core.limits.UPLOAD_LIMITS); a body past the upload
    limit is refused unread, and answered by the app too (back to the form)."""
    server, _ = live
    body = b"x" * (300 * 1024)
    answer, _ = _request(server, "POST", "/host/pokernow/", body, {"Content-Type": "multipart/form-data; boundary=b"})
    assert answer.status != 413 and answer.status < 500
    assert _announced(server, "/host/pokernow/", DISCARD_LIMIT + 1).startswith(b"HTTP/1.1 303")


def test_headers_past_16_kb_are_refused(live):
    server, _ = live
    answer, _ = _request(server, "GET", "/host/login", headers={"X-Big": "y" * MAX_HEADER_BYTES})
    assert answer.status == 431


@pytest.mark.slow
def test_a_slow_client_is_cut_and_holds_no_thread(live):
    server, _ = live
    slow = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    try:
        slow.sendall(b"POST /host/login HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\npin=")
        started = time.monotonic()
        # meanwhile the server answers others
        assert _request(server, "GET", "/host/login")[0].status == 200
        assert slow.recv(1024) == b""                        # closed by the server
        assert time.monotonic() - started < CHANNEL_TIMEOUT + 15
    finally:
        slow.close()


def _closed_by_server(sock) -> bool:
    """Whether the server closed ``sock`` (read end at EOF, or reset); False while open."""
    if not select.select([sock], [], [], 0)[0]:
        return False
    try:
        return sock.recv(1024) == b""
    except OSError:
        return True


def _drip(sock, line: bytes) -> bool:
    """Send ``line``; False when the server has closed the connection."""
    try:
        sock.sendall(line)
    except OSError:
        return False
    return not _closed_by_server(sock)


@pytest.mark.slow
def test_a_request_dripping_in_is_cut_at_the_deadline(live):
    """Tester A: one header line every few seconds is never silent, so the silence timeout
    never cuts it; the request must arrive whole within the deadline. Blank lines (empty
    requests to waitress) do not restart the clock either."""
    server, _ = live
    header_drip = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    blank_drip = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    try:
        header_drip.sendall(b"GET /host/login HTTP/1.1\r\nHost: x\r\n")
        open_ = {header_drip: b"X-a: b\r\n", blank_drip: b"\r\n"}
        deadline = time.monotonic() + REQUEST_DEADLINE + 60  # generous: a loaded CI machine
        while open_ and time.monotonic() < deadline:
            for sock, line in list(open_.items()):
                if not _drip(sock, line):
                    del open_[sock]
            time.sleep(CHANNEL_TIMEOUT / 4)  # never silent long enough for the timeout
        assert not open_, "a dripping request was never cut"
        assert _request(server, "GET", "/host/login")[0].status == 200
    finally:
        header_drip.close()
        blank_drip.close()


def _from_attacker(port: int) -> socket.socket:
    sock = socket.socket()
    sock.settimeout(30)
    sock.bind((ATTACKER, 0))
    sock.connect(("127.0.0.1", port))
    return sock


@pytest.mark.slow
def test_one_address_cannot_take_every_connection(crowded):
    """Tester A: 150 slow connections from one client filled waitress's connection limit
    and a normal request went unanswered. One address now holds at most 20; the ones past
    that are closed, and everyone else is still served."""
    server = crowded
    try:
        socket.socket().bind((ATTACKER, 0))
    except OSError:
        pytest.skip(f"{ATTACKER} is not a loopback address here")
    drips = []
    try:
        for _ in range(60):  # more than the server's 40
            sock = _from_attacker(server.port)
            drips.append(sock)
            try:
                sock.sendall(b"GET /host/login HTTP/1.1\r\nHost: x\r\n")
            except OSError:
                pass  # already closed by the server
        answer, _ = _request(server, "GET", "/static/core/tapete.css")  # from 127.0.0.1, within 20 s
        assert answer.status == 200
        deadline = time.monotonic() + 60
        closed = set()
        while len(closed) < 40 and time.monotonic() < deadline:
            closed |= {sock for sock in drips if sock not in closed and _closed_by_server(sock)}
            time.sleep(0.1)
        assert len(closed) == 40  # past 20 from the address; the 20 others still wait
        assert _log_lines(server, f"from {ATTACKER}: more than 20 open", wait=60)
    finally:
        for sock in drips:
            sock.close()


def test_redaction_of_every_secret_url():
    assert redacted_path("/dealer/12/abcDEF-_123/tap") == "/dealer/12/…/tap"
    assert redacted_path("/dealer/12/abcDEF-_123/") == "/dealer/12/…/"
    assert redacted_path("/p/abcDEF-_123") == "/p/…"
    assert redacted_path("/p/abcDEF-_123/hand/4/dispute") == "/p/…/hand/4/dispute"
    assert redacted_path("/host/night/3") == "/host/night/3"
    assert redacted("Exception on /dealer/3/s3cr3t/tap [POST]") == "Exception on /dealer/3/…/tap [POST]"
    assert len(redacted_path("/host/" + "b." * 2500)) == 301


TOKEN = "Xy9_-abcDEFghiJKLmnoPQRstu012345678vwxYZ01"  # 43 characters, as the links' tokens


@pytest.mark.parametrize("path", [
    f"/dealer//2/{TOKEN}/state", f"/dealer/2//{TOKEN}/state", f"//dealer/2/{TOKEN}/tap",
    f"/p//{TOKEN}", f"/p/{TOKEN}/", f"/p/{TOKEN}//hand/3", f"/p///{TOKEN}",
    f"/dealer/2/{TOKEN}.json", f"/dealer/2/x/{TOKEN}", f"/x/{TOKEN}", f"/p/{TOKEN[:20]}",
    f"/dealer%2F2%2F{TOKEN}/state", f"/p%2f{TOKEN}", f"/p\\{TOKEN}", f"/p/.%2F{TOKEN}",
    f"/static/{TOKEN}/../../p/x", f"/host/night/3/{TOKEN}?x=1",
])
def test_a_token_is_redacted_in_any_path_form(path):
    """Tester A: ``/dealer//2/<token>/state``, ``/dealer/2//<token>/state`` and
    ``/p//<token>`` answer 308 and the log line carried the token. Any segment that looks
    like a token (20 or more URL-safe characters) is redacted wherever it stands."""
    logged = redacted_path(path)
    assert TOKEN[:20] not in logged and TOKEN[-20:] not in logged
    assert "…" in logged
    assert redacted(f"Exception on {path} [GET]").count("…") >= 1
    assert TOKEN[-20:] not in redacted(f"Exception on {path} [GET]")


def test_paths_with_no_token_are_logged_as_they_are():
    for path in ("/host/night/3/player/12/link", "/static/core/tapete.css", "/host/login",
                 "/dealer", "/p", "/host/nights/2026-01-01"):
        assert redacted_path(path) == path


@pytest.mark.slow
def test_every_logged_line_is_redacted_tracebacks_too():
    """Flask's and waitress's own reports name the path ("Exception on /dealer/3/<token>/tap"):
    the formatter of every line redacts them, the traceback included."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(RedactingFormatter("%(name)s %(message)s"))
    logger = logging.getLogger("tapete.test-redaction")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        try:
            raise ValueError("while serving /p/PlayerSecret123/hand/2")
        except ValueError:
            logger.exception("Exception on %s [POST]", "/dealer/3/DealerSecret456/tap")
    finally:
        logger.removeHandler(handler)
    text = stream.getvalue()
    assert "Exception on /dealer/3/…/tap [POST]" in text and "/p/…/hand/2" in text
    assert "Secret" not in text
