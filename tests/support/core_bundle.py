"""The core's bundle as the browser fetches it (webscore/web/offline/bundle.py), written to a file for Node."""

import tempfile

from webscore.web.offline import bundle
from webscore.web.offline.views import CORE_FILES
from webscore.web.offline.views import PACKAGE


def bundle_file():
    """Return an open temporary file holding the bundle (it is deleted when closed)."""
    handle = tempfile.NamedTemporaryFile(suffix=".bundle")  # noqa: SIM115 (the caller closes it)
    handle.write(bundle.make(PACKAGE, CORE_FILES))
    handle.flush()
    return handle
