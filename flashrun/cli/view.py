"""CLI command ``view RUN_DIR [--host H] [--port P]``: serve the live page of a run.

Front door of the data flow (docs/architecture.md) for watching: flashrun.view.server follows
the run directory's ``events.jsonl`` and serves the page until Ctrl-C, also after the run
ended or its supervisor died. aiohttp comes with the ``flashrun[view]`` extra; without it
this command says how to install it and exits 2. ``flashrun sweep --view`` starts the same
server inside the sweep's own process (see :func:`serve_sweep`).
"""
import asyncio
from pathlib import Path

from flashrun.cli.common import UsageError


def _server(run_dir, host, port):
    from flashrun.view import server

    if not server.available():
        raise UsageError(server.INSTALL_HINT)
    return server.ViewServer(run_dir, host=host, port=port)


def announce(url, run_dir, token):
    print("flashrun view: %s  (run %s; read-only; Ctrl-C to stop)" % (url, run_dir), flush=True)
    if token:
        print("flashrun view: not a local address, so the page needs the token in that URL",
              flush=True)


def cmd_view(args):
    from flashrun.runtime import loop

    run_dir = Path(args.run_dir)
    if not (run_dir / "events.jsonl").is_file():
        raise UsageError("%s is not a flashrun run directory (no events.jsonl)" % run_dir)
    srv = _server(run_dir, args.host, args.port)

    async def main():
        url = await srv.start()
        announce(url, run_dir, srv.token)
        try:
            await asyncio.Event().wait()  # until Ctrl-C / SIGTERM
        finally:
            await srv.stop()

    try:
        loop.run(main())
    except KeyboardInterrupt:
        return 0
    return 0


async def serve_sweep(sweep, host, port, on_done):
    """Run *sweep* with its page served; after the sweep, keep serving until cancelled.
    *on_done(rows)* prints the summary and returns the exit status."""
    srv = _server(sweep.run_dir, host, port)
    url = await srv.start()
    announce(url, sweep.run_dir, srv.token)
    try:
        rows = await sweep.run_async()
        code = on_done(rows)
        print("flashrun view: the sweep is over; still serving %s (Ctrl-C to stop)" % url,
              flush=True)
        on_done.code = code
        await asyncio.Event().wait()
    finally:
        await srv.stop()


def add_view_args(p, *, flag):
    if flag:
        p.add_argument("--view", action="store_true",
                       help="serve a live page of the sweep (needs flashrun[view])")
    p.add_argument("--port", type=int, default=0, help="default: a free port")
    p.add_argument("--host", default="127.0.0.1",
                   help="default 127.0.0.1; any other address requires the printed token")


def install(sub):
    p = sub.add_parser("view", help="serve a live web page of a run directory",
                       description="Serve a live page of a run or sweep (needs the "
                                   "flashrun[view] extra). Read-only; keeps working after "
                                   "the run ends.")
    p.add_argument("run_dir")
    add_view_args(p, flag=False)
    p.set_defaults(func=cmd_view)
