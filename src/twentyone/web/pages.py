"""The site's pages: static files shipped inside the package and served as they are (there is no
build step), for the table and the trainers alike."""

from __future__ import annotations

from pathlib import Path

from starlette.responses import FileResponse, PlainTextResponse, Response

STATIC = Path(__file__).parent / "static"


def page(name: str, what: str) -> Response:
    """``static/name``; a 404 in words where the package was installed without it."""
    path = STATIC / name
    if not path.is_file():
        return PlainTextResponse(f"{what} is not installed.", status_code=404)
    return FileResponse(path)
