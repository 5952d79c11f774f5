"""Small helpers for writing standalone, accessible SVG documents."""

from html import escape


def document(width: int, height: int, title: str, body: list[str]) -> str:
    """An SVG document with a ``<title>`` that screen readers announce."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img">'
        f"<title>{escape(title)}</title>{''.join(body)}</svg>"
    )


def text(x: float, y: float, content: str, size: int = 12, fill: str = "#222", anchor: str = "middle") -> str:
    """A text element centred on ``(x, y)`` by default."""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-family="sans-serif" font-size="{size}" '
        f'fill="{fill}" text-anchor="{anchor}" dominant-baseline="middle">{escape(content)}</text>'
    )
