"""Static files and the core's files, compressed once at the strongest level and kept, under versioned addresses.

Every file is read once per change and compressed once per encoding (brotli at quality 11, gzip at 9),
kept by its resolved path, so no request compresses a file twice and no two addresses keep two copies.
Pages name files under /static/v/<version>/ (and the core under /core/v/<version>/): a version is the
hash of every file's content, so those addresses never change meaning and are served `immutable`;
modules imported by relative paths inherit the version from the page's own address. The address
without a version still works, answered with an ETag and revalidated.
"""

import gzip
import hashlib
import mimetypes
import pathlib
from stat import S_ISREG

import brotli
from flask import Response
from flask import abort
from flask import current_app
from flask import request
from werkzeug.datastructures import Accept
from werkzeug.http import parse_accept_header
from werkzeug.http import quote_etag
from werkzeug.security import safe_join

from . import conditional
from .cache import LIMITS
from .cache import Store
from .cache import cache

# Brotli's quality for pages drawn as they are asked for (files are compressed at 11, once).
QUICK = 0
# Best first, when the client takes both alike.
ENCODINGS = ("br", "gzip")
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/manifest+json",
                "application/wasm", "image/svg+xml")
IMMUTABLE = "public, max-age=31536000, immutable"
# The endpoints whose addresses carry the files' version (see init_app and offline.py).
VERSIONED = ("static", "offline.core_bundle")


# Bodies compressed at the strongest level, by their content and encoding, for every app of the process: files
# are few and the same for each, and brotli's quality 11 took 2 s of CPU to make an app again (the tests make a
# production app many times). The app's own stores keep the very same bytes.
STRONGEST = Store(LIMITS["files"])


def compress(body: bytes, encoding: str, strongest: bool) -> bytes:
    """Return a body compressed with brotli or gzip, at the strongest level (kept, see STRONGEST) or a quick one."""
    if strongest:
        return STRONGEST.get((hashlib.sha256(body).digest(), encoding), lambda: _compress(body, encoding, True))
    return _compress(body, encoding, False)


def _compress(body: bytes, encoding: str, strongest: bool) -> bytes:
    if encoding == "br":
        # Quickest, for pages drawn as they are asked for: on a four-player result page quality 1 saves 4 % of the
        # bytes (500 of 12,900, on every view of it) for 1.6 to 2.5 times the CPU, 3 to 8 % of the page's first draw
        # (measured twice, on a noisy machine; tests/bench/load.py times the page).
        return brotli.compress(body, quality=11 if strongest else QUICK)
    return gzip.compress(body, 9 if strongest else 6, mtime=0)


# Accept-Encoding headers as read, by their text: clients send a handful of spellings, and werkzeug would parse the
# header anew at every answer.
ACCEPTED = Store(256)


def accepted_encodings(environ: dict) -> Accept:
    """Return a request's Accept-Encoding as werkzeug reads it (request.accept_encodings), kept by its text."""
    header = environ.get("HTTP_ACCEPT_ENCODING")
    return ACCEPTED.get(header, lambda: parse_accept_header(header))


def negotiate(bodies: dict, accepted):
    """Return the encoding to answer with among those the client accepts (None for none)."""
    best = None
    quality = 0
    for encoding in ENCODINGS:
        if encoding in bodies and accepted[encoding] > quality:
            best, quality = encoding, accepted[encoding]
    return best


# hashlib lets go of the interpreter lock while it hashes 2,048 bytes or more at once. Under the Procfile's threaded
# worker another request's thread then takes the lock, and this one waits to have it back: context switches that
# cost more than hashing the page did. Hashed in pieces below that size, the lock stays with the page's thread.
HELD_PIECE = 2000


def entity_tag(body: bytes, head=None) -> str:
    """Return the entity tag of a page or a file: the start of its SHA-256.

    head, when given, is the hash of the body's first bytes already made (hashed_head): only the rest is hashed.
    """
    digest, hashed = (head[0].copy(), head[1]) if head else (hashlib.sha256(), 0)
    return _hash_into(digest, body, hashed).hexdigest()[:20]


def hashed_head(head: bytes) -> tuple:
    """Return the SHA-256 of the first bytes of bodies that start alike, for entity_tag: (its state, their count)."""
    return _hash_into(hashlib.sha256(), head, 0), len(head)


def _hash_into(digest, body: bytes, start: int):
    """Return the digest with body[start:] hashed into it, in pieces that keep the interpreter lock (HELD_PIECE)."""
    for at in range(start, len(body), HELD_PIECE):
        digest.update(body[at:at + HELD_PIECE])
    return digest


class Encoded(dict):
    """A body by encoding (None: as is), each compressed when first asked for."""

    def __init__(self, body: bytes, compressible: bool, strongest: bool):
        super().__init__({None: body})
        self.strongest = strongest
        if compressible:
            for encoding in ENCODINGS:
                self[encoding] = None

    def body(self, encoding) -> bytes:
        """Return the body in an encoding, compressing it the first time."""
        if self[encoding] is None:
            self[encoding] = compress(self[None], encoding, self.strongest)
        return self[encoding]

    def compress_all(self) -> None:
        """Compress the body in every encoding now, so no visitor waits for it."""
        for encoding in self:
            self.body(encoding)


def encode_all(body: bytes) -> Encoded:
    """Return a page's bodies, compressed quickly on first use (pages are many; files are few)."""
    return Encoded(body, True, False)


class StoredFile:
    """One file as served: its bodies by encoding, its ETag, its type, and the stat it was read at."""

    __slots__ = ("stamp", "bodies", "etag", "mimetype")

    def __init__(self, path: pathlib.Path, stamp: tuple, mimetype: str):
        body = path.read_bytes()
        self.stamp = stamp
        self.mimetype = mimetype
        self.bodies = Encoded(body, mimetype.startswith(COMPRESSIBLE), True)
        self.etag = entity_tag(body)


def stored_file(path: pathlib.Path, mimetype=None, app=None) -> StoredFile:
    """Return the kept copy of a file (in the current app's cache by default), read again when its size or time changed.

    Kept by the resolved path, so "css/../css/x.css" and "css/x.css" share one copy; encodings inside.
    """
    resolved = path.resolve()
    stat = resolved.stat()
    stamp = (stat.st_mtime_ns, stat.st_size)
    kind = mimetype or mimetypes.guess_type(resolved.name)[0] or "application/octet-stream"
    return cache(app)["files"].get((str(resolved), stamp, kind), lambda: StoredFile(resolved, stamp, kind))


class EncodedResponse(Response):
    """An answer that chose its encoding itself, which flask_compress leaves alone (see compress_others)."""


def compress_others(compress):
    """Return flask_compress's hook for the answers that did not choose their own encoding.

    flask_compress takes "gzip;q=0" for a wish: it would compress what is sent plain on purpose (and
    change its ETag), so the first answer of a kept page would differ from those sent again before Flask.
    """
    def after_request(response):
        return response if isinstance(response, EncodedResponse) else compress.after_request(response)
    return after_request


def encoded_answer(bodies: Encoded, etag: str, cache_control: str, asked) -> tuple:
    """Return (status, headers, body): the best encoding the client takes, or 304 when it holds this version.

    `asked` is the request answered: Flask's, or a bare werkzeug one before Flask (page_cache).
    """
    encoding = negotiate(bodies, accepted_encodings(asked.environ))
    headers = [("ETag", quote_etag(etag if encoding is None else "{}-{}".format(etag, encoding))),
               ("Cache-Control", cache_control), ("Vary", "Accept-Encoding")]
    # Any encoding's tag names this version: a proxy that compresses may also have weakened it.
    variants = [etag] + ["{}-{}".format(etag, name) for name in bodies if name]
    if conditional.names_current(conditional.from_environ(asked.environ), *variants):
        return 304, headers, b""
    if encoding is not None:
        headers.append(("Content-Encoding", encoding))
    return 200, headers, bodies.body(encoding)


def encoded_response(bodies: Encoded, etag: str, mimetype: str, cache_control: str) -> EncodedResponse:
    """Answer Flask's request with the best encoding the client takes, or 304 when it holds this version."""
    status, headers, body = encoded_answer(bodies, etag, cache_control, request)
    if status == 304:
        return EncodedResponse(status=304, headers=headers)
    return EncodedResponse(body, mimetype=mimetype, headers=headers)


def file_response(folder: pathlib.Path, filename: str, mimetype=None, version=None) -> Response:
    """Answer with one file of a folder: immutable under the current version, else revalidated."""
    path = safe_join(str(folder), filename)
    try:
        if path is None or not pathlib.Path(path).is_file():
            abort(404)
        kept = stored_file(pathlib.Path(path), mimetype)
    except OSError:
        # A path that can name no file (a name too long for the file system, a loop of links): none here.
        abort(404)
    # The service worker keeps its own versioned copy; an unversioned address is revalidated, cheaply.
    policy = IMMUTABLE if version is not None and version == current_app.config["ASSET_VERSION"] else "no-cache"
    return encoded_response(kept.bodies, kept.etag, kept.mimetype, policy)


def files_version(folders) -> str:
    """Return a hash of every file's name and content in these folders.

    Kept for the process while no file's size or time changes (as stored_file keeps a file): each app made read
    and hashed every file again, a third of the time a new app takes (the tests make thousands).
    """
    files = []
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if "__pycache__" in path.parts:
                continue
            try:
                stat = path.stat()
            except OSError:
                continue
            if S_ISREG(stat.st_mode):
                files.append((folder, path, stat.st_mtime_ns, stat.st_size))
    key = tuple((str(folder), str(path), mtime, size) for folder, path, mtime, size in files)
    return VERSIONS.get(key, lambda: _hashed(files))


# The versions of the files as they were, for every app of the process.
VERSIONS = Store(LIMITS["version"])


def _hashed(files: list) -> str:
    digest = hashlib.sha256()
    for folder, path, _, _ in files:
        digest.update(path.relative_to(folder).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def add_version(endpoint, values) -> None:
    """Give the addresses of static and core files the current version."""
    if endpoint in VERSIONED and "version" not in values:
        values["version"] = current_app.config["ASSET_VERSION"]


def warm(app, folders) -> None:
    """Read and compress every file once, at start, so no visitor waits for brotli's strongest level."""
    for folder in folders:
        for path in folder.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                stored_file(path, app=app).bodies.compress_all()


def init_app(app, static_folder: pathlib.Path, code_folders: tuple) -> None:
    """Serve /static/ (versioned and not), version the files' addresses, compress them once in production."""
    mimetypes.add_type("text/javascript", ".mjs")
    mimetypes.add_type("application/wasm", ".wasm")
    mimetypes.add_type("text/x-python", ".py")
    app.config.setdefault("ASSET_VERSION", files_version((static_folder, *code_folders)))
    app.url_defaults(add_version)
    if app.config["PRODUCTION"]:
        warm(app, (static_folder, *code_folders))

    @app.get("/static/<path:filename>", endpoint="static", defaults={"version": None})
    @app.get("/static/v/<version>/<path:filename>", endpoint="static")
    def static_file(filename, version):
        """Serve one static file."""
        return file_response(static_folder, filename, version=version)
