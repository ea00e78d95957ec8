"""`pnp serve`: the proof site on localhost, made again whenever a file of the game (or one of
pnp's templates: layouts, the rulebook's style, the site's pages) changes.

The site is held in memory and served from there (http.server, bound to 127.0.0.1 unless
`--host` says otherwise). A thread watches the game's folder (watchfiles): after a change it
checks the game again and, when the check finds no error, makes the site again and swaps
it in whole; every page carries a small script that asks the server every quarter of a second
which build it shows and reloads when there is a newer one. When the check finds errors,
the last good site stays, and the script shows the errors over it, each at its file:line,
until a save fixes them. Faces whose pixels did not change are not encoded again (the
encodings are kept, `export.kept`), so a save reprints only what it changed.
"""

from __future__ import annotations

import json
import mimetypes
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlparse

from pnp.diagnostics import counts, render_text
from pnp.resources import TEMPLATES

LIVE = "/_pnp/live.js"
STATE = "/_pnp/state"
POLL_MS = 250  # a page asks this often which build it shows (a local request: cheap)

LIVE_JS = """// pnp serve: reload on a new build; show the check's errors over the last good one.
(function () {
  "use strict";
  var shown = null;
  function box(text) {
    var el = document.getElementById("pnp-errors");
    if (!text) { if (el) { el.remove(); } return; }
    if (!el) {
      el = document.createElement("section");
      el.id = "pnp-errors";
      el.className = "error";
      el.setAttribute("role", "alert");
      document.body.insertBefore(el, document.body.firstChild);
    }
    el.innerHTML = "";
    var h = document.createElement("h2");
    h.textContent = "The last save has errors: this is the last good build";
    var pre = document.createElement("pre");
    pre.textContent = text;
    el.appendChild(h);
    el.appendChild(pre);
  }
  function poll() {
    fetch("__STATE__", {cache: "no-store"}).then(function (r) { return r.json(); })
      .then(function (s) {
        if (shown === null) { shown = s.build; }
        if (s.build !== shown) { window.location.reload(); return; }
        box(s.errors);
      }).catch(function () {}).then(function () { setTimeout(poll, __POLL__); });
  }
  poll();
}());
""".replace("__STATE__", STATE).replace("__POLL__", str(POLL_MS))


@dataclass
class State:
    """What the server serves: the last good site, its build number, the latest errors."""

    files: dict[str, bytes] = field(default_factory=dict)  # "<game>/site/<path>" -> bytes
    seen: tuple[object, ...] = ()  # the games' files the last build was made from
    build: int = 0
    errors: str = ""
    lock: threading.Lock = field(default_factory=threading.Lock)


def make_sites(content: Path, games: Sequence[str]) -> tuple[dict[str, bytes], str]:
    """({path: bytes} of every game's site, the check's report when it found errors)."""
    from pnp.render import geometry
    from pnp.site import build as site
    from pnp.verdicts import checked_models

    result = checked_models(content, games)
    errors, _ = counts(result.diagnostics)
    if errors:
        return {}, render_text(result.diagnostics, result.files, len(result.explained))
    files: dict[str, bytes] = {}
    for game_id in games:
        game = result.games[game_id]
        for o in site.outputs(game, geometry.of(game), live=LIVE):
            files[f"{game_id}/{o.path}"] = o.data
    return files, ""


def _files_of(content: Path, games: Sequence[str]) -> tuple[object, ...]:
    """What the games' folders hold now: their listings and every file's digest."""
    from pnp.content import snapshot

    out: list[object] = []
    for game in games:
        snap = snapshot.take(content, game)
        for rel in snap.names:  # pictures too: a snapshot reads them only when asked
            snap.read(rel)
        refused = tuple(sorted((rel, r.reason) for rel, r in snap.refused.items()))
        out.append((snap.listing, tuple(sorted(snap.digests().items())), refused))
    return tuple(out)


def rebuild(
    state: State,
    content: Path,
    games: Sequence[str],
    log: Callable[[str], None],
    force: bool = False,
) -> None:
    """Check and make the sites again; swap them in, or keep the last good ones. A save
    that changed no byte of the games (an editor touching a file) makes nothing."""
    seen = _files_of(content, games)
    if not force and seen == state.seen:
        return
    state.seen = seen
    start = time.perf_counter()
    try:
        files, errors = make_sites(content, games)
    except Exception as exc:  # a file half-written by an editor: report it, keep serving
        files, errors = {}, f"pnp: the site could not be made: {type(exc).__name__}: {exc}"
    with state.lock:
        if files:
            state.files = files
            state.build += 1
        state.errors = errors
    took = time.perf_counter() - start
    if not errors:
        log(f"rebuilt ({took:.1f} s)")
    elif state.files:
        log(f"errors: the last good site stays ({took:.1f} s)")
    else:
        log(f"errors: no site until a save fixes them ({took:.1f} s)")


def forget_templates() -> None:
    """Drop what this process read of pnp's own templates (the layouts, the type floors,
    the rulebook's style, the checker's code digest that keys verdicts): a saved layout is
    read again by the next build."""
    from pnp import verdicts
    from pnp.render import geometry
    from pnp.render import text as rtext
    from pnp.rulebook import style as rb_style

    for cached in (geometry.default, rtext.floors, rb_style.load, verdicts.code_digest):
        cached.cache_clear()


def _waiting_page() -> str:
    """The page shown before any build was good: the errors (drawn by the live script),
    and a reload as soon as a save fixes them."""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pnp serve</title>'
        "<style>.error{border:3px solid #b00020;padding:1rem}pre{white-space:pre-wrap}</style>"
        f'<script src="{LIVE}" defer></script></head><body><main><h1>No site yet</h1>'
        "<p>The game has errors; the site is made as soon as a save fixes them.</p>"
        "</main></body></html>"
    )


class Handler(BaseHTTPRequestHandler):
    """Serves the state's files; `/` lists the games."""

    state: State
    games: Sequence[str]

    def do_GET(self) -> None:
        path = unquote(urlparse(self.path).path)
        if path == "/favicon.ico":  # the pages name none; a browser asks anyway
            self.send_response(HTTPStatus.NO_CONTENT)
            self.end_headers()
            return None
        if path == LIVE:
            return self.send(LIVE_JS.encode(), "text/javascript")
        if path == STATE:
            with self.state.lock:
                body = json.dumps({"build": self.state.build, "errors": self.state.errors})
            return self.send(body.encode(), "application/json")
        if path in ("/", ""):
            if len(self.games) == 1:
                return self.redirect(f"/{self.games[0]}/site/index.html")
            links = "".join(f'<li><a href="/{g}/site/index.html">{g}</a></li>' for g in self.games)
            page = f'<!doctype html><html lang="en"><title>pnp serve</title><ul>{links}</ul>'
            return self.send(page.encode(), "text/html")
        key = path.lstrip("/")
        if key.endswith("/site") or key.endswith("/site/"):
            return self.redirect(f"/{key.rstrip('/')}/index.html")
        with self.state.lock:
            data = self.state.files.get(key)
            waiting = not self.state.files and bool(self.state.errors)
        if data is None and waiting and key.endswith(".html"):
            return self.send(_waiting_page().encode(), "text/html")
        if data is None:
            self.send_error(HTTPStatus.NOT_FOUND, "not in the site")
            return None
        kind = mimetypes.guess_type(key)[0] or "application/octet-stream"
        return self.send(data, kind)

    def send(self, body: bytes, kind: str) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header(
            "Content-Type", kind + ("; charset=utf-8" if kind.startswith("text") else "")
        )
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, where: str) -> None:
        self.send_response(HTTPStatus.FOUND)
        self.send_header("Location", where)
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:  # quiet: one line per build
        return None


def serve(
    content: Path,
    games: Sequence[str],
    host: str = "127.0.0.1",
    port: int = 8000,
    ready: Callable[[ThreadingHTTPServer], None] | None = None,
    stop: threading.Event | None = None,
) -> int:
    """Serve until interrupted (or `stop` is set); `ready` is called with the server once it
    listens (tests learn its port from it)."""
    from watchfiles import watch

    state = State()

    def log(text: str) -> None:
        print(f"pnp serve: {text}", file=sys.stderr, flush=True)

    rebuild(state, content, games, log)
    if state.errors and not state.files:
        sys.stdout.write(state.errors)
    handler = type("Bound", (Handler,), {"state": state, "games": tuple(games)})
    server = ThreadingHTTPServer((host, port), handler)
    stop = stop or threading.Event()
    folders = [content / g for g in games]
    if TEMPLATES.is_dir():  # the layouts, the rulebook's style, the site's own pages
        folders.append(TEMPLATES)

    def watcher() -> None:
        for changes in watch(*folders, stop_event=stop, debounce=50, step=25, rust_timeout=200):
            templates = any(Path(path).is_relative_to(TEMPLATES) for _, path in changes)
            if templates:
                forget_templates()
            rebuild(state, content, games, log, force=templates)

    threading.Thread(target=watcher, daemon=True).start()
    shown = f"http://{host}:{server.server_address[1]}/"
    log(f"serving {', '.join(games)} at {shown} (Ctrl-C stops)")
    if ready is not None:
        ready(server)

    def stopper() -> None:
        stop.wait()
        server.shutdown()

    threading.Thread(target=stopper, daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        stop.set()
        server.server_close()
    return 0
