"""The live page's server: aiohttp on the asyncio loop, SSE updates fed by tailing events.jsonl.

The view layer of docs/architecture.md, the mechanism half of the web view: flashrun.view.rundata
reads, flashrun.view.page renders, this module serves. It follows ``events.jsonl`` by byte
offset (one ``stat`` per tick, a ``read`` of the new bytes only), folds them, renders the
rows of the trials that changed once, and sends that one message to every open page. It
keeps serving after the sweep ends or its supervisor dies: the page then shows the last
state and says the supervisor is gone.

Security: it binds 127.0.0.1 unless told otherwise, and any other host needs a token
(printed in the URL; the first request with it sets a cookie). Requests whose ``Host`` is
not this server are refused (DNS rebinding). Only GET and HEAD exist (read-only).
``/file/<path>`` serves only regular files that resolve inside the run directory (no
``..``, no absolute paths, no symlink leading out), as text, never as a page.
"""
from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
import secrets
from pathlib import Path
from typing import Dict, List, Optional, Set
from urllib.parse import quote

from flashrun.view import page
from flashrun.view.rundata import RunReader

try:
    from aiohttp import web
except ImportError:  # the optional extra is not installed
    web = None

__all__ = ["ViewServer", "safe_path", "INSTALL_HINT", "available", "LOCAL_HOSTS"]

logger = logging.getLogger(__name__)

INSTALL_HINT = ('the live view needs aiohttp, which a plain install leaves out: '
                'pip install "flashrun[view]" (or: flashrun report RUN_DIR, which needs nothing)')
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
POLL_S = 0.25          # how often events.jsonl is stat()ed
METRICS_S = 2.0        # how often running attempts' metrics are re-read
PLOTS_S = 5.0          # plots are resent at most this often
HEARTBEAT_S = 15.0
COOKIE = "flashrun_view"


def available() -> bool:
    return web is not None


def safe_path(root: Path, rel: str) -> Optional[Path]:
    """The regular file *rel* names inside *root*, or None. Refuses empty and absolute
    paths, NUL bytes, any ``..`` component, and anything whose resolved path (symlinks
    followed) is not inside the resolved *root*."""
    if not rel or "\x00" in rel:
        return None
    norm = rel.replace("\\", "/")
    if norm.startswith("/") or os.path.isabs(rel) or (len(norm) > 1 and norm[1] == ":"):
        return None
    if any(part == ".." for part in norm.split("/")):
        return None
    base = Path(root).resolve()
    target = (base / norm).resolve()
    if target != base and base not in target.parents:
        return None
    return target if target.is_file() else None


class ViewServer:
    """Serve one run directory. ``await start()`` returns the URL; ``await stop()``."""

    def __init__(self, run_dir, *, host: str = "127.0.0.1", port: int = 0,
                 token: Optional[str] = None, poll_s: float = POLL_S,
                 plots_s: float = PLOTS_S) -> None:
        if web is None:
            raise ImportError(INSTALL_HINT)
        self.run_dir = Path(run_dir)
        self.host, self.port = host, port
        self.token = token if token is not None else (
            None if host in LOCAL_HOSTS else secrets.token_urlsafe(18))
        self.poll_s, self.plots_s = poll_s, plots_s
        self.reader = RunReader(self.run_dir, missing_ok=True)
        self.changed_at: Dict[str, int] = {t: 0 for t in self.reader.data.model.trials}
        self.clients: Set[asyncio.Queue] = set()
        self.sent_updates = 0
        self.sent_bytes = 0
        self._runner = None
        self._task: Optional[asyncio.Task] = None
        self.url: Optional[str] = None

    # ------------------------------------------------------------------ app

    def app(self):
        app = web.Application(middlewares=[self._guard])
        app.router.add_get("/", self._index)
        app.router.add_get("/trial/{tid}", self._trial)
        app.router.add_get("/events", self._events)
        app.router.add_get("/file/{path:.*}", self._file)
        return app

    async def start(self) -> str:
        self._runner = web.AppRunner(self.app(), access_log=None, shutdown_timeout=2.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]  # the bound port when port=0
        shown = "[%s]" % self.host if ":" in self.host else self.host
        self.url = "http://%s:%d/" % (shown, self.port)
        if self.token:
            self.url += "?token=" + self.token
        self._task = asyncio.ensure_future(self._follow())
        return self.url

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        for q in list(self.clients):
            self._close_client(q)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # ------------------------------------------------------------------ follow

    def poll(self, *, metrics: bool = False) -> Optional[bytes]:
        """Fold new events (and, with *metrics*, new metrics of running attempts); the
        ``update`` message for the trials that changed, or None when nothing did. The
        plots are not in it (see :meth:`plots_message`): their size grows with the sweep."""
        before = self.reader.data.supervisor
        changed = self.reader.poll()
        if metrics:
            changed |= self.reader.refresh_running()
        if not changed and self.reader.data.supervisor == before:
            return None
        for tid in changed:
            self.changed_at[tid] = self.reader.offset
        order = {t: i for i, t in enumerate(self.reader.data.model.trials)}
        return self._message(sorted(changed, key=order.__getitem__))

    def plots_message(self) -> bytes:
        """The plots alone, sent at most every *plots_s* seconds while trials change."""
        payload = {"now": self.reader.data.now, "alive": page.alive(self.reader.data),
                   "changed": [], "parts": {"plots": page.plots(self.reader.data)}, "rows": {}}
        return b"event: update\ndata: " + json.dumps(payload, separators=(",", ":")).encode() \
            + b"\n\n"

    def _message(self, changed: List[str], with_plots: bool = False) -> bytes:
        payload = page.update_payload(self.reader.data, changed, self._links(),
                                      with_plots=with_plots)
        return b"event: update\ndata: " + json.dumps(payload, separators=(",", ":")).encode() \
            + b"\n\n"

    async def _follow(self) -> None:
        loop = asyncio.get_running_loop()
        last_metrics = last_plots = loop.time()
        plots_due = False
        while True:
            await asyncio.sleep(self.poll_s)
            try:
                now = loop.time()
                metrics = now - last_metrics >= METRICS_S
                if metrics:
                    last_metrics = now
                msg = self.poll(metrics=metrics)
                plots_due = plots_due or msg is not None
                if plots_due and now - last_plots >= self.plots_s:
                    plots_due, last_plots = False, now
                    msg = (msg or b"") + self.plots_message()
            except Exception:  # a bad file must not stop the page; say it and go on
                logger.exception("view: reading %s failed", self.run_dir)
                continue
            if msg:
                self._broadcast(msg)

    def _broadcast(self, msg: bytes) -> None:
        self.sent_updates += 1
        for q in list(self.clients):
            try:
                q.put_nowait(msg)
                self.sent_bytes += len(msg)
            except asyncio.QueueFull:  # a stalled page: drop it, its EventSource reconnects
                self._close_client(q)

    def _close_client(self, q: asyncio.Queue) -> None:
        """End one page's stream: its queue emptied, then the end marker."""
        self.clients.discard(q)
        while not q.empty():
            q.get_nowait()
        q.put_nowait(None)

    # ------------------------------------------------------------------ http

    def _links(self) -> "page.Links":
        return page.Links(lambda tid: "/trial/" + quote(tid, safe=""),
                          lambda rel: "/file/" + quote(rel))

    def _stream(self) -> str:
        return "/events?since=%d" % self.reader.offset

    @web.middleware if web is not None else (lambda f: f)
    async def _guard(self, request, handler):
        if request.method not in ("GET", "HEAD"):
            raise web.HTTPMethodNotAllowed(request.method, ["GET", "HEAD"])
        host = (request.host or "").rsplit(":", 1)[0].strip("[]") if request.host else ""
        if self.host in LOCAL_HOSTS and host not in LOCAL_HOSTS:
            raise web.HTTPForbidden(text="flashrun view: unexpected Host header")
        set_cookie = False
        if self.token:
            given = request.query.get("token") or request.cookies.get(COOKIE) or ""
            if not hmac.compare_digest(given.encode(), self.token.encode()):
                raise web.HTTPForbidden(text="flashrun view: this page needs the token printed "
                                             "when the server started (?token=...)")
            set_cookie = "token" in request.query
        resp = await handler(request)
        if set_cookie and not resp.prepared:
            resp.set_cookie(COOKIE, self.token, httponly=True, samesite="Strict")
        return resp

    def _headers(self, nonce: Optional[str] = None) -> Dict[str, str]:
        script = "'nonce-%s'" % nonce if nonce else "'none'"
        return {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                                          "script-src %s; connect-src 'self'; img-src 'self' "
                                          "data:; base-uri 'none'; form-action 'none'; "
                                          "frame-ancestors 'none'" % script,
                "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
                "Cache-Control": "no-store"}

    async def _index(self, request):
        nonce = secrets.token_urlsafe(12)
        text = page.render_page(self.reader.data, self._links(), live=True, nonce=nonce,
                                stream=self._stream())
        return web.Response(text=text, content_type="text/html", headers=self._headers(nonce))

    async def _trial(self, request):
        tid = request.match_info["tid"]
        if tid not in self.reader.data.model.trials:
            raise web.HTTPNotFound(text="no trial %r in this run" % tid)
        if request.query.get("fragment"):
            text = page.detail_fragment(self.reader.data, tid, self._links())
            return web.Response(text=text, content_type="text/html", headers=self._headers())
        nonce = secrets.token_urlsafe(12)
        text = page.render_trial_page(self.reader.data, tid, self._links(), home="/", live=True,
                                      nonce=nonce, stream=self._stream())
        return web.Response(text=text, content_type="text/html", headers=self._headers(nonce))

    async def _file(self, request):
        target = safe_path(self.run_dir, request.match_info["path"])
        if target is None:
            raise web.HTTPNotFound(text="no such file in this run directory")
        headers = self._headers()
        headers["Content-Security-Policy"] = "default-src 'none'; sandbox"
        headers["Content-Type"] = "text/plain; charset=utf-8"
        return web.FileResponse(target, headers=headers)

    async def _events(self, request):
        resp = web.StreamResponse(headers={"Content-Type": "text/event-stream",
                                           "Cache-Control": "no-store",
                                           "X-Content-Type-Options": "nosniff"})
        await resp.prepare(request)
        q: asyncio.Queue = asyncio.Queue(maxsize=256)
        self.clients.add(q)
        try:
            since = int(request.query.get("since", "0") or 0)
        except ValueError:
            since = 0
        try:
            await resp.write(b"retry: 2000\n\n")
            missed = [t for t, at in self.changed_at.items() if at > since]
            if missed:  # what changed between the page's render and this connection
                await resp.write(self._message(missed, with_plots=True))
            while True:
                try:
                    msg = await asyncio.wait_for(q.get(), HEARTBEAT_S)
                except asyncio.TimeoutError:
                    msg = b": ping\n\n"
                if msg is None:
                    break
                await resp.write(msg)
        except (ConnectionResetError, ConnectionError):
            pass
        finally:
            self.clients.discard(q)
        return resp
