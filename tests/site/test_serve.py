"""``build.py serve`` sends the site as the static hosts it is made for do: text, scripts, JSON and wasm
gzip-encoded to a browser that accepts gzip, wheels and zips as they are, and everything plain otherwise."""

from __future__ import annotations

import gzip
import urllib.request
from pathlib import Path

import pytest

from tools.serve import accepts_gzip, serving

SCRIPT = b"const board = 'WRBWBRWBR';\n" * 400


def fetch(url: str, encoding: str | None) -> tuple[bytes, dict[str, str]]:
    """The raw body (not decoded) and the headers of a GET of ``url`` sent with ``Accept-Encoding`` if given."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(request) as response:
        return response.read(), dict(response.headers)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "lite").mkdir()
    (tmp_path / "lite" / "app.js").write_bytes(SCRIPT)
    (tmp_path / "index.html").write_bytes(b"<!doctype html><title>Rulebox</title>" + b"<p>game</p>" * 300)
    (tmp_path / "rulebox-0.1.0-py3-none-any.whl").write_bytes(SCRIPT)
    return tmp_path


def test_a_text_file_asked_with_gzip_comes_back_encoded_and_decodes_to_the_file(site: Path) -> None:
    with serving(site) as (url, _server):
        for _ in range(2):  # the second answer comes from the server's cache
            body, headers = fetch(url + "lite/app.js?_=abc", "gzip, deflate, br")
            assert headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
            assert int(headers["Content-Length"]) == len(body) < len(SCRIPT) // 10
            assert gzip.decompress(body) == SCRIPT
            assert headers["Content-Type"] == "text/javascript"
        body, headers = fetch(url, "gzip")
        assert headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(body) == (site / "index.html").read_bytes()


def test_without_gzip_a_file_comes_back_plain(site: Path) -> None:
    with serving(site) as (url, _server):
        for encoding in (None, "identity", "gzip;q=0, br"):
            body, headers = fetch(url + "lite/app.js", encoding)
            assert body == SCRIPT and "Content-Encoding" not in headers, encoding
            assert headers["Vary"] == "Accept-Encoding" and int(headers["Content-Length"]) == len(SCRIPT)


def test_a_compressed_kind_of_file_is_never_encoded_again(site: Path) -> None:
    with serving(site) as (url, _server):
        body, headers = fetch(url + "rulebox-0.1.0-py3-none-any.whl", "gzip")
        assert body == SCRIPT and "Content-Encoding" not in headers and "Vary" not in headers


@pytest.mark.parametrize(("header", "gzip_ok"), [
    ("gzip", True), ("deflate, gzip;q=0.5", True), ("*", True), ("GZIP", True),
    ("", False), ("br", False), ("gzip;q=0", False), ("gzip;q=0.000", False), ("gzip;q=junk", False),
])
def test_accept_encoding_is_read_as_browsers_send_it(header: str, gzip_ok: bool) -> None:
    assert accepts_gzip(header) is gzip_ok
