#!/usr/bin/env bash
# Extract every user-facing string and merge it into the catalogue of every translated language of
# webscore/languages.py (a new language's catalogue is made here):
#   translations/update.sh
# Then translate what is new or fuzzy in translations/*/LC_MESSAGES/messages.po; the test suite
# (tests/web/test_catalogues.py) fails while any string is missing, untranslated or fuzzy.
# The last step gives French its no-break spaces before : ; ? ! (translations/french_spaces.py).
set -euo pipefail
cd "$(dirname "$0")/.."
pybabel extract -F translations/babel.cfg -k _l -k lazy_gettext -k _lp:1c,2 -k lazy_pgettext:1c,2 -k plural_pair:1,2 -k plain_gettext -k plain_ngettext:1,2 -k plural_forms:1,2 --no-location --sort-output \
  --project Marquoir -o translations/messages.pot .
# An assignment, so that set -e stops here if Python cannot say them.
translated=$(python -c "from webscore.languages import TRANSLATED; print(*TRANSLATED)")
for lang in $translated; do
  if [ -f "translations/$lang/LC_MESSAGES/messages.po" ]; then
    pybabel update -i translations/messages.pot -d translations -l "$lang" --no-wrap
  else
    pybabel init -i translations/messages.pot -d translations -l "$lang" --no-wrap
  fi
done
rm translations/messages.pot
python translations/french_spaces.py
