"""Static files and the core's files, served whole so that compression can be done once and kept.

Flask's own static view streams files; compressing a streamed file leaves it open until collected.
Here a file is read once per change, compressed once per algorithm, and answered with an ETag.
"""

import mimetypes
import pathlib

from flask import Response
from flask import abort
from flask import request
from werkzeug.security import safe_join

COMPRESSED_PREFIXES = ("/static/", "/core/")


class CompressedFiles:
    """The compression cache for Flask-Compress: it keeps files only, never a page (pages are endless)."""

    def __init__(self):
        self.kept = {}

    def get(self, key):
        """Return the compressed body kept for a key, or None."""
        return self.kept.get(key)

    def set(self, key, value):
        """Keep a compressed body if its key names a file."""
        if key.split(";", 1)[1].startswith(COMPRESSED_PREFIXES):
            self.kept[key] = value


def cache_key(req) -> str:
    """Key a compressed body by path and ETag, so a changed file is compressed again."""
    return "{}#{}".format(req.path, req.environ.get("marquoir.etag", ""))


def file_response(folder: pathlib.Path, filename: str, mimetype=None) -> Response:
    """Answer with one file of a folder, whole, with an ETag and a revalidation policy."""
    path = safe_join(str(folder), filename)
    if path is None or not pathlib.Path(path).is_file():
        abort(404)
    path = pathlib.Path(path)
    stat = path.stat()
    etag = "{:x}-{:x}".format(int(stat.st_mtime_ns), stat.st_size)
    request.environ["marquoir.etag"] = etag
    response = Response(path.read_bytes(), mimetype=mimetype or mimetypes.guess_type(path.name)[0]
                        or "application/octet-stream")
    response.set_etag(etag)
    # The service worker keeps its own versioned copy; browsers revalidate, cheaply, with the ETag.
    response.cache_control.no_cache = True
    return response.make_conditional(request)


def init_app(app, static_folder: pathlib.Path) -> None:
    """Serve /static/ from the project's static folder and set up compression's cache."""
    mimetypes.add_type("text/javascript", ".mjs")
    mimetypes.add_type("application/wasm", ".wasm")
    app.config.setdefault("COMPRESS_CACHE_KEY", cache_key)
    app.config.setdefault("COMPRESS_CACHE_BACKEND", CompressedFiles)

    @app.get("/static/<path:filename>", endpoint="static")
    def static_file(filename):
        """Serve one static file."""
        return file_response(static_folder, filename)
