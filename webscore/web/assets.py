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

FILE_KEY = "file:"


class CompressedFiles:
    """The compression cache for Flask-Compress: it keeps files only, never a page (pages are endless).

    A key names the resolved file, so the many spellings of one path (./, x/..) share one entry, and
    one body is kept per file and algorithm: a changed file replaces its old body.
    """

    def __init__(self):
        self.kept = {}

    def get(self, key):
        """Return the compressed body kept for a key, or None."""
        slot, _, version = key.rpartition("#")
        kept = self.kept.get(slot)
        return kept[1] if kept is not None and kept[0] == version else None

    def set(self, key, value):
        """Keep a compressed body if its key names a file."""
        slot, _, version = key.rpartition("#")
        if slot.split(";", 1)[1].startswith(FILE_KEY):
            self.kept[slot] = (version, value)


def cache_key(req) -> str:
    """Key a compressed body by the file it holds and its ETag, so a changed file is compressed again."""
    served = req.environ.get("marquoir.file")
    if served is None:
        return "page:{}#".format(req.path)
    return "{}{}#{}".format(FILE_KEY, served, req.environ.get("marquoir.etag", ""))


def file_response(folder: pathlib.Path, filename: str, mimetype=None) -> Response:
    """Answer with one file of a folder, whole, with an ETag and a revalidation policy."""
    path = safe_join(str(folder), filename)
    if path is None or not pathlib.Path(path).is_file():
        abort(404)
    path = pathlib.Path(path)
    stat = path.stat()
    etag = "{:x}-{:x}".format(int(stat.st_mtime_ns), stat.st_size)
    request.environ["marquoir.etag"] = etag
    request.environ["marquoir.file"] = str(path.resolve())
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
