"""Looking at a run: terminal, notebook, and web (a live page and a static report).

The view layer of docs/architecture.md: it reads the record (flashrun.record) and renders
it; it never changes the record and never decides anything. ``terminal`` is the live
table / plain lines, ``notebook`` the Jupyter display; the web view is ``model`` (events
folded into attempts and decisions) → ``rundata`` (the run directory read and followed)
→ ``page``/``detail``/``svg``/``facts``/``assets`` (pure HTML) → ``server`` (aiohttp,
the optional ``flashrun[view]`` extra). See docs/view.md.
"""
from flashrun.view.terminal import LiveView, PlainView, make_view

__all__ = ["LiveView", "PlainView", "make_view"]
