"""flashrun.view.server: a real aiohttp server on a real socket, requests sent as raw bytes
(so paths reach it exactly as written: no client normalises ``..`` away)."""
import asyncio
import json
import os
import subprocess
import sys

import pytest
import pytest_asyncio

pytest.importorskip("aiohttp", reason="the view extra (aiohttp) is not installed")

from flashrun.record.events import EventLog, EventType as T
from flashrun.view.server import ViewServer, safe_path

from view_fixtures import EVIL, write_run


async def raw(port, path, *, method="GET", headers=(), host="127.0.0.1", read_all=True):
    """One HTTP/1.0 request; (status, headers dict, body bytes)."""
    r, w = await asyncio.open_connection(host, port)
    lines = ["%s %s HTTP/1.0" % (method, path), "Host: %s:%d" % (host, port)] + list(headers)
    w.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    await w.drain()
    data = await r.read()
    w.close()
    head, _, body = data.partition(b"\r\n\r\n")
    first, *rest = head.decode("latin-1").split("\r\n")
    hdrs = {}
    for line in rest:
        k, _, v = line.partition(":")
        hdrs.setdefault(k.strip().lower(), []).append(v.strip())
    return int(first.split()[1]), hdrs, body


@pytest_asyncio.fixture
async def served(tmp_path):
    run = write_run(tmp_path / "run", live_trial=True)
    srv = ViewServer(run, poll_s=0.05, plots_s=0.2)
    await srv.start()
    try:
        yield srv, run
    finally:
        await srv.stop()


@pytest.mark.asyncio
async def test_page_is_served_escaped_with_a_nonce(served):
    srv, run = served
    assert srv.url == "http://127.0.0.1:%d/" % srv.port and srv.token is None
    status, hdrs, body = await raw(srv.port, "/")
    text = body.decode()
    assert status == 200 and 'data-trial="t3"' in text and 'data-state="running"' in text
    assert EVIL not in text and "&lt;script&gt;alert" in text
    nonce = hdrs["content-security-policy"][0].split("'nonce-")[1].split("'")[0]
    assert text.count("<script") == 1 and '<script nonce="%s">' % nonce in text
    status, _, body = await raw(srv.port, "/trial/t2")
    assert status == 200 and b'<mark class="believed">ValueError: bad value &lt;script' in body
    assert (await raw(srv.port, "/trial/nope"))[0] == 404


@pytest.mark.asyncio
@pytest.mark.parametrize("path", [
    "/file/../../../../etc/passwd",
    "/file/..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/file/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/file/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/file//etc/passwd",
    "/file/%2fetc%2fpasswd",
    "/file/trials/t1/../../../etc/passwd",
    "/file/trials/..%5c..%5c..%5cetc%5cpasswd",
    "/file/outside-link",
    "/file/trials/t1/escape/passwd",
    "/file/trials",
    "/file/",
    "/file/trials/t1/attempt-0/nope.log",
])
async def test_file_endpoint_serves_nothing_outside_the_run_dir(served, tmp_path, path):
    srv, run = served
    secret = tmp_path / "secret.txt"
    secret.write_text("TOPSECRET")
    os.symlink(secret, run / "outside-link")
    os.symlink(tmp_path, run / "trials" / "t1" / "escape")
    status, _, body = await raw(srv.port, path)
    assert status in (403, 404), (path, status)
    assert b"TOPSECRET" not in body and b"root:" not in body


@pytest.mark.asyncio
async def test_file_endpoint_serves_a_log_as_sandboxed_text(served):
    srv, run = served
    os.symlink(run / "trials" / "t2" / "attempt-0" / "stdout.log", run / "inside-link")
    for path in ("/file/trials/t2/attempt-0/stdout.log", "/file/trials%2Ft2%2Fattempt-0%2Fstdout.log",
                 "/file/inside-link"):
        status, hdrs, body = await raw(srv.port, path)
        assert status == 200, path
        assert body.decode() == (run / "trials" / "t2" / "attempt-0" / "stdout.log").read_text()
        assert hdrs["content-type"][0].startswith("text/plain")
        assert "sandbox" in hdrs["content-security-policy"][0]


def test_safe_path_rules(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "f.log").write_text("x")
    assert safe_path(tmp_path, "a/f.log") == (tmp_path / "a" / "f.log").resolve()
    for bad in ("", "/etc/passwd", "../x", "a/../../x", "a\\..\\..\\x", "a/f.log\x00", "C:/x",
                "a"):
        assert safe_path(tmp_path, bad) is None, bad


@pytest.mark.asyncio
async def test_read_only_and_host_check(served):
    srv, _ = served
    for method in ("POST", "PUT", "DELETE"):
        assert (await raw(srv.port, "/", method=method))[0] == 405
    # a page reached through another name (DNS rebinding) is refused
    r, w = await asyncio.open_connection("127.0.0.1", srv.port)
    w.write(b"GET / HTTP/1.0\r\nHost: attacker.example:80\r\n\r\n")
    data = await r.read()
    w.close()
    assert data.split(b" ")[1] == b"403" and b"unexpected Host" in data


@pytest.mark.asyncio
async def test_other_host_needs_the_token(tmp_path):
    """127.0.0.2 is loopback on Linux but not a default address: a token is required."""
    run = write_run(tmp_path / "run")
    srv = ViewServer(run, host="127.0.0.2")
    try:
        url = await srv.start()
    except OSError as exc:
        pytest.skip("cannot bind 127.0.0.2 here: %s" % exc)
    try:
        assert srv.token and url.endswith("/?token=" + srv.token)
        assert (await raw(srv.port, "/", host="127.0.0.2"))[0] == 403
        assert (await raw(srv.port, "/?token=wrong", host="127.0.0.2"))[0] == 403
        status, hdrs, _ = await raw(srv.port, "/?token=" + srv.token, host="127.0.0.2")
        assert status == 200
        cookie = hdrs["set-cookie"][0].split(";")[0]
        assert "HttpOnly" in hdrs["set-cookie"][0]
        status, _, _ = await raw(srv.port, "/file/trials/t0/attempt-0/stdout.log",
                                 headers=["Cookie: " + cookie], host="127.0.0.2")
        assert status == 200
        assert (await raw(srv.port, "/events", host="127.0.0.2"))[0] == 403
    finally:
        await srv.stop()


async def read_update(reader):
    """The next ``update`` message of an SSE stream (skipping comments and retry); the
    request was HTTP/1.0, so the body is not chunked. Gives up after 60 s."""
    async def next_update():
        while True:
            block = (await reader.readuntil(b"\n\n"))[:-2]
            if block.startswith(b"event: update\n"):
                return block, json.loads(block.split(b"data: ", 1)[1])

    return await asyncio.wait_for(next_update(), 60)


@pytest.mark.asyncio
async def test_sse_sends_only_the_changed_trial_when_events_are_appended(served):
    srv, run = served
    r, w = await asyncio.open_connection("127.0.0.1", srv.port)
    w.write(("GET /events?since=%d HTTP/1.0\r\nHost: 127.0.0.1:%d\r\n\r\n"
             % (srv.reader.offset, srv.port)).encode())
    await w.drain()
    head = await r.readuntil(b"\r\n\r\n")
    assert b"text/event-stream" in head
    with EventLog(run / "events.jsonl") as log:       # the running trial t3 finishes
        log.emit(T.ATTEMPT_EXITED, "t3", 0, returncode=0)
        log.emit(T.RUN_SUCCEEDED, "t3", 0)
    block, msg = await read_update(r)
    assert msg["changed"] == ["t3"] and list(msg["rows"]) == ["t3"]
    assert 'data-state="succeeded"' in msg["rows"]["t3"][1]
    assert "plots" not in msg["parts"]                 # rows only: small at any sweep size
    _, plots = await read_update(r)                    # the plots follow, throttled
    w.close()
    assert plots["rows"] == {} and 'id="plots"' in plots["parts"]["plots"]
    assert srv.reader.data.state.trials["t3"].state.value == "succeeded"


@pytest.mark.asyncio
async def test_page_says_when_the_supervisor_dies(tmp_path):
    """A real Journal in a child process holds the lock; SIGKILL it; the next update
    carries the banner saying the supervisor is gone, and the server keeps serving."""
    code = ("import sys; from flashrun.record.journal import Journal; "
            "j = Journal(sys.argv[1]); j.emit('trial_queued', 'a'); "
            "j.emit('launch_started', 'a', 0, pid=1); print('ready', flush=True); "
            "sys.stdin.read()")
    p = await asyncio.create_subprocess_exec(sys.executable, "-c", code, str(tmp_path),
                                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert (await p.stdout.readline()).strip() == b"ready"
        srv = ViewServer(tmp_path, poll_s=0.05)
        await srv.start()
        try:
            assert b'data-status="alive"' in (await raw(srv.port, "/"))[2]
            r, w = await asyncio.open_connection("127.0.0.1", srv.port)
            w.write(("GET /events?since=%d HTTP/1.0\r\nHost: 127.0.0.1:%d\r\n\r\n"
                     % (srv.reader.offset, srv.port)).encode())
            await w.drain()
            await r.readuntil(b"\r\n\r\n")
            p.kill()
            await p.wait()
            _, msg = await read_update(r)
            w.close()
            assert msg["alive"] is False
            assert 'data-status="gone"' in msg["parts"]["banner"]
            assert "flashrun resume" in msg["parts"]["banner"]
            assert b'data-status="gone"' in (await raw(srv.port, "/"))[2]
        finally:
            await srv.stop()
    finally:
        if p.returncode is None:
            p.kill()
            await p.wait()


def test_view_without_aiohttp_says_how_to_install(tmp_path):
    """aiohttp hidden from the import system (the extra not installed): ``view`` explains;
    ``report`` and a real ``sweep`` still work."""
    run = write_run(tmp_path / "run")
    code = ("import sys; sys.modules['aiohttp'] = None; from flashrun.cli import main; "
            "print('RC', main(sys.argv[1:]))")

    def cli(*args):
        return subprocess.run([sys.executable, "-c", code] + list(args), capture_output=True,
                              text=True, timeout=120)

    p = cli("view", str(run))
    assert "RC 2" in p.stdout and 'pip install "flashrun[view]"' in p.stderr
    p = cli("report", str(run), "-o", str(tmp_path / "r.html"))
    assert "RC 0" in p.stdout and (tmp_path / "r.html").stat().st_size > 1000
    grid = tmp_path / "g.yaml"
    grid.write_text("name: g\ncommand: %s -c pass {a}\ngrid: {a: [1, 2]}\n" % sys.executable)
    p = cli("sweep", str(grid), "--run-dir", str(tmp_path / "sw"))
    assert "RC 0" in p.stdout, p.stderr
    assert "finished: 2 succeeded, 0 failed, 0 cancelled of 2" in p.stdout


def test_metrics_printed_by_a_running_trial_reach_the_page(tmp_path):
    """Between events a training prints FLASHRUN_METRICS lines; the metrics refresh picks
    them up from the running attempt's stdout.log and sends that trial's row."""
    run = write_run(tmp_path / "run", live_trial=True)
    srv = ViewServer(run)
    assert srv.poll(metrics=True) is None                 # nothing new yet
    with open(run / "trials" / "t3" / "attempt-0" / "stdout.log", "a") as f:
        f.write('FLASHRUN_METRICS {"step": 7, "loss": 0.125}\n')
    msg = srv.poll(metrics=True)
    payload = json.loads(msg.split(b"data: ", 1)[1])
    assert payload["changed"] == ["t3"]
    assert "loss=0.125" in payload["rows"]["t3"][1] and 'data-v="0.125"' in payload["rows"]["t3"][1]


@pytest.mark.asyncio
async def test_a_stalled_page_is_dropped_not_waited_for(tmp_path):
    """A page that stops reading fills its queue; the next update drops it (its
    EventSource reconnects and catches up by offset) instead of growing memory."""
    srv = ViewServer(write_run(tmp_path / "run"))
    stalled, healthy = asyncio.Queue(maxsize=1), asyncio.Queue(maxsize=4)
    stalled.put_nowait(b"old")
    srv.clients.update({stalled, healthy})
    srv._broadcast(b"event: update\ndata: {}\n\n")
    assert srv.clients == {healthy}
    assert stalled.get_nowait() is None                    # its handler ends the stream
    assert healthy.get_nowait().startswith(b"event: update")
