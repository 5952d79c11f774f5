"""The CDN files of the converted game pages, answered from local copies in a Playwright context.

A static game page loads BokehJS from cdn.bokeh.org, Panel's scripts from cdn.holoviz.org and
Pyodide from cdn.jsdelivr.net.  This machine has the same files: BokehJS and Panel's ``dist``
folder in the installed packages, and Pyodide 314.0.7 (npm core files, micropip and a patched
lock) vendored into the site's JupyterLite.  What no local copy exists for (Panel's Python
dependencies from PyPI, numpy and pandas from the Pyodide CDN) gets a 404, so a page gets as far
as its Python packages' installation.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import bokeh
import panel

BOKEH_JS = Path(bokeh.__file__).parent / "server" / "static" / "js"
PANEL_DIST = Path(panel.__file__).parent / "dist"
CDN: dict[re.Pattern[str], Callable[[re.Match[str], Path], Path]] = {
    re.compile(r"^https://cdn\.bokeh\.org/bokeh/release/(bokeh[a-z-]*)-[\d.]+\.min\.js$"):
        lambda m, site: BOKEH_JS / f"{m[1]}.min.js",
    re.compile(r"^https://cdn\.holoviz\.org/panel/[\d.]+/dist/([^?#]+)"):
        lambda m, site: PANEL_DIST / urllib.parse.unquote(m[1]),
    re.compile(r"^https://cdn\.jsdelivr\.net/pyodide/v[\d.]+/full/([^?#/]+)$"):
        lambda m, site: site / "lite" / "static" / "pyodide" / m[1],
}
"""CDN URL patterns of the converted pages -> the local file with the same content."""


def serve_cdn_locally(context: Any, site: Path, served: list[str] | None = None) -> None:
    """Answer the CDN requests of ``context`` from local files (404 without a local copy).

    ``served`` collects the URLs answered from a local file.
    """

    def handle(route: Any) -> None:
        url = route.request.url
        for pattern, local in CDN.items():
            match = pattern.match(url)
            if match:
                path = local(match, site)
                if path.is_file():
                    if served is not None:
                        served.append(url)
                    route.fulfill(path=str(path))
                    return
        route.fulfill(status=404, body="not available offline")

    for pattern in CDN:
        context.route(pattern, handle)
