"""Give the French catalogue the spaces French typography wants, whatever was typed:

    python translations/french_spaces.py      (translations/update.sh runs it)

U+00A0 (no-break space) before ":" and inside « »; U+202F (narrow no-break space) before ";", "?" and "!".
Text in braces (a sample of a game file such as {"b4": 2}) is code, and left as it is.
tests/web/test_language_quality.py holds the catalogue to the same rule.
"""

import io
import pathlib
import re

from babel.messages.pofile import read_po
from babel.messages.pofile import write_po

CATALOGUE = pathlib.Path(__file__).resolve().parent / "fr" / "LC_MESSAGES" / "messages.po"
NBSP = "\u00a0"
NNBSP = "\u202f"
SPACES = "[ \u00a0\u202f]*"
CODE = re.compile(r"(\{[^{}]*\})")


def french_spaces(text: str) -> str:
    """Return text with no-break spaces before : ; ? ! and inside guillemets, code in braces untouched."""
    parts = CODE.split(text)
    for n in range(0, len(parts), 2):
        part = re.sub(SPACES + ":", NBSP + ":", parts[n])
        part = re.sub(SPACES + "([;?!])", NNBSP + r"\1", part)
        part = re.sub("«" + SPACES, "«" + NBSP, part)
        parts[n] = re.sub(SPACES + "»", NBSP + "»", part)
    return "".join(parts)


def main() -> None:
    """Rewrite the French catalogue in place, changing only the translated strings."""
    with CATALOGUE.open("rb") as handle:
        catalogue = read_po(handle, locale="fr")
    for message in catalogue:
        if not message.id:
            continue
        if isinstance(message.string, tuple):
            message.string = tuple(french_spaces(string) for string in message.string)
        else:
            message.string = french_spaces(message.string)
    out = io.BytesIO()
    write_po(out, catalogue, width=0, include_previous=True)
    CATALOGUE.write_bytes(out.getvalue())


if __name__ == "__main__":
    main()
