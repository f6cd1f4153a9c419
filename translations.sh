#!/usr/bin/env bash
# Brings assistant/translations/<lang>/LC_MESSAGES/messages.po up to date with the code's messages: run it after
# adding or changing a message, then translate what it added (empty msgstr) or marked "fuzzy" (a guess from a
# similar message: check it and remove the flag). tests/words/test_catalogues.py fails until every message has
# a reviewed translation. No line numbers in the files, so moving code around does not churn them.
# Compiling is setup.py's job (./venv.sh runs it when a .po changes); -c compiles into the checkout now.
set -euo pipefail
cd "$(dirname "$0")"
PY=.venv/bin
"$PY/pybabel" extract -F babel.cfg --no-location --sort-output --project "Burgle Bros guard assistant" \
    --copyright-holder "the Burgle Bros guard assistant developers" -o assistant/translations/messages.pot .
"$PY/pybabel" update -i assistant/translations/messages.pot -d assistant/translations --width 120 --ignore-obsolete
rm assistant/translations/messages.pot
# no creation time in the catalogues: it changed on every run and made every merge of two branches conflict
sed -i '/^"POT-Creation-Date: /d' assistant/translations/*/LC_MESSAGES/messages.po
# French typography: a narrow no-break space (U+202F) before : ; ! ? in every translation (msgstr to the blank line
# after it), so a line never breaks before them; tests/words/test_french_typography.py checks the compiled catalogue
sed -i '/^msgstr/,/^$/ s/ \([:;!?]\)/\xe2\x80\xaf\1/g' assistant/translations/fr/LC_MESSAGES/messages.po
if [ "${1:-}" = "-c" ]; then "$PY/pybabel" compile -d assistant/translations; fi
