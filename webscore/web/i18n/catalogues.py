"""The catalogues Babel reads: each language's .mo built from its committed .po as the app starts.

Apart from the language of a page (the package) because it runs once, before any request, and writes files: where
the app may not write beside the translations, the built catalogues go to one folder of the temporary directory.
"""

import hashlib
import os
import pathlib
import tempfile

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

TRANSLATIONS = pathlib.Path(__file__).resolve().parents[3] / "translations"


def compile_catalogues(folder: pathlib.Path = TRANSLATIONS) -> pathlib.Path:
    """Build each .mo from its .po when missing or older, so only .po files are committed.

    Return the folder holding the catalogues: the translations folder, or, when the app is installed
    where it may not write, one folder in the temporary directory named after the catalogues' content,
    so every worker and every restart of the same version shares it instead of leaving its own.
    """
    try:
        _compile_into(folder, folder)
        return folder
    except OSError:
        built = _shared_folder(folder)
        _compile_into(folder, built)
        return built


def _shared_folder(source: pathlib.Path) -> pathlib.Path:
    digest = hashlib.sha256()
    for po_path in sorted(source.glob("*/LC_MESSAGES/messages.po")):
        digest.update(str(po_path.relative_to(source)).encode() + b"\0" + po_path.read_bytes())
    folder = pathlib.Path(tempfile.gettempdir()) / "marquoir-translations-{}-{}".format(os.getuid(), digest.hexdigest()[:16])
    folder.mkdir(mode=0o700, exist_ok=True)
    stat = folder.stat()
    if stat.st_uid != os.getuid() or stat.st_mode & 0o022:
        # Someone else made it first: their catalogues are not to be trusted.
        return pathlib.Path(tempfile.mkdtemp(prefix="marquoir-translations-"))
    return folder


def _compile_into(source: pathlib.Path, target: pathlib.Path) -> None:
    for po_path in source.glob("*/LC_MESSAGES/messages.po"):
        mo_path = target / po_path.relative_to(source).with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with po_path.open("rb") as po_file:
            catalogue = read_po(po_file)
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        # One temporary name per process: workers starting together may build the same file.
        temporary = mo_path.with_suffix(".mo.{}.tmp".format(os.getpid()))
        with temporary.open("wb") as mo_file:
            write_mo(mo_file, catalogue)
        temporary.replace(mo_path)
