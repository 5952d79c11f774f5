"""Serving on localhost: the static site (``build.py serve``) and the live apps (``build.py play``).

A port is claimed before any long work starts, so a busy or forbidden port
stops the command at once with one line (and, when busy, a free port to use
instead).  ``serve`` opens the site in the default browser unless told not to,
under CI, or when there is no display to show it on.

The site is served as the static hosts it is made for serve it (GitHub Pages, Netlify, Cloudflare Pages):
text, scripts, JSON and wasm gzip-encoded to a browser that accepts it (compressed once per file and
kept in memory), every other file (wheels, zips, pictures: compressed already) as it is.
"""

from __future__ import annotations

import errno
import functools
import gzip
import io
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import webbrowser
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO

from tools.apps import page_title, select, write_entry_points
from tools.common import ROOT, SITE_OUT, in_ci, say, stop, venv_tool
from tools.site import build_site

HOST = "localhost"


class QuietHandler(SimpleHTTPRequestHandler):
    """A static-file handler that knows the wasm and module MIME types and logs nothing."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".json": "application/json", ".whl": "application/zip", ".ipynb": "application/json",
    }

    vary = False
    """Whether the response being sent depends on the request's ``Accept-Encoding`` (a compressible file)."""

    def log_message(self, format: str, *args: Any) -> None:  # the stdlib names it `format`
        pass

    def send_head(self) -> BinaryIO | None:
        """A compressible file gzip-encoded when the browser accepts gzip; anything else as the stdlib sends it."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        self.vary = os.path.isfile(path) and Path(path).suffix in COMPRESSIBLE
        if not (self.vary and accepts_gzip(self.headers.get("Accept-Encoding", ""))):
            return super().send_head()
        status = os.stat(path)
        body = gzipped(path, status.st_mtime_ns, status.st_size)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(status.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        if self.vary:
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()


COMPRESSIBLE = frozenset({".html", ".js", ".mjs", ".css", ".json", ".ipynb", ".wasm", ".svg", ".txt", ".md",
                          ".map", ".py", ".xml", ".ico", ".ttf", ".otf"})
"""What the named hosts compress: text, scripts, JSON and wasm (never wheels, zips or pictures: compressed already)."""


def accepts_gzip(header: str) -> bool:
    """Whether an ``Accept-Encoding`` header accepts gzip (named, or ``*``, with no ``q=0``)."""
    for item in header.lower().split(","):
        name, _, params = item.partition(";")
        if name.strip() in ("gzip", "*"):
            quality = params.strip().removeprefix("q=")
            try:
                return not quality or float(quality) > 0
            except ValueError:
                return False
    return False


@functools.lru_cache(maxsize=1024)
def gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """The file at ``path`` gzip-compressed (cached per version of the file: its time and size)."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


# --------------------------------------------------------------------------- ports


def bind_error(port: int, host: str = HOST) -> OSError | None:
    """Why ``host:port`` cannot be listened on right now, or None when it can."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the servers do
        try:
            sock.bind((host, port))
        except OSError as error:
            return error
    return None


def free_port_near(port: int, host: str = HOST) -> int:
    """A free port just above ``port`` (else any free port the system picks)."""
    for candidate in range(port + 1, min(port + 50, 65535) + 1):
        if bind_error(candidate, host) is None:
            return candidate
    return any_free_port(host)


def any_free_port(host: str = "127.0.0.1") -> int:
    """A port the system says is free right now."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def port_error(error: OSError, port: int, host: str = HOST) -> str:
    """One line saying why ``host:port`` cannot be used."""
    if error.errno == errno.EADDRINUSE:
        return f"port {port} is busy (another program listens on it); try --port {free_port_near(port, host)}"
    if error.errno == errno.EACCES:
        return f"port {port} needs administrator rights; try --port {free_port_near(max(port, 1024), host)}"
    return f"cannot listen on {host}:{port}: {error.strerror or error}"


def ensure_free(port: int, host: str = HOST) -> None:
    """Stop with one line unless ``host:port`` can be listened on."""
    error = bind_error(port, host)
    if error:
        stop(port_error(error, port, host))


def static_server(directory: Path, port: int, host: str = "127.0.0.1",
                  handler: type[QuietHandler] = QuietHandler) -> ThreadingHTTPServer:
    """A threading HTTP server for ``directory``, already listening (call ``serve_forever``)."""
    try:
        return ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(directory)))
    except OSError as error:
        stop(port_error(error, port, host))


@contextmanager
def serving(directory: Path, handler: type[QuietHandler] = QuietHandler) -> Iterator[tuple[str, ThreadingHTTPServer]]:
    """``directory`` served from a background thread on a free localhost port: its URL and the server.

    The server stops on leaving (unless the caller stopped it first, e.g. to test a page offline).
    """
    server = static_server(directory, any_free_port(), handler=handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", server
    finally:
        if thread.is_alive():
            server.shutdown()
            server.server_close()
        thread.join(timeout=10)


# --------------------------------------------------------------------------- commands


def can_open_browser(no_open: bool, env: Mapping[str, str] = os.environ) -> bool:
    """Whether ``serve`` opens the default browser: not asked not to, not under CI, a display exists."""
    if no_open or in_ci(env):
        return False
    return sys.platform in ("darwin", "win32") or bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def serve_site(port: int, no_open: bool = False) -> int:
    """Build the site into ``_site`` and serve it on localhost until Ctrl+C."""
    server = static_server(SITE_OUT, port, HOST)
    try:
        build_site(SITE_OUT)
        url = f"http://{HOST}:{port}/"
        say(f"serving {SITE_OUT} at {url}  (Ctrl+C to stop)")
        if can_open_browser(no_open):
            webbrowser.open(url)
        server.serve_forever()
    except KeyboardInterrupt:
        say("stopped")
    finally:
        server.server_close()
    return 0


def panel_serve_command(scripts: Sequence[Path], port: int, host: str) -> list[str]:
    """``panel serve`` of some entry scripts on ``host:port``, accepting websockets from it."""
    hosts = {host, "127.0.0.1"} if host == "localhost" else {host}
    origins = [f"--allow-websocket-origin={h}:{port}" for h in sorted(hosts)]
    return [venv_tool("panel"), "serve", *map(str, scripts), "--address", host, "--port", str(port), *origins]


def play(port: int) -> int:
    """``panel serve`` every registered page on localhost until Ctrl+C (or SIGTERM)."""
    ensure_free(port)
    entries = select()
    with tempfile.TemporaryDirectory(prefix="rulebox-play-") as tmp:
        scripts = write_entry_points(entries, Path(tmp))
        for entry in entries:
            say(f"{page_title(entry)}: http://{HOST}:{port}/{entry.page}")
        server = subprocess.Popen(panel_serve_command(scripts, port, HOST), cwd=ROOT)
        signal.signal(signal.SIGTERM, lambda *_: server.terminate())
        try:
            return server.wait()
        except KeyboardInterrupt:
            server.terminate()
            return server.wait()
