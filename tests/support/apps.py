"""The app as the tests make it: webscore.create_app with TESTING on, and whatever else a test sets."""

import json
import re

import jinja2
from werkzeug.routing.rules import Rule

from webscore import create_app


class CompiledTemplates(jinja2.BytecodeCache):
    """Jinja's compiled templates, kept for every app the tests make in one process.

    Each test makes an app of its own, and each app compiled every template it drew again: over a quarter of
    the time of the web tests went to parsing the same templates into the same code. Jinja keeps a template's
    code under its name and file, and compares the source's checksum before it uses it (a template changed is
    compiled again). Kept apart for each way an environment may compile (its extensions, autoescaping, delimiters).
    """

    def __init__(self):
        self.kept = {}

    def load_bytecode(self, bucket):
        code = self.kept.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket):
        self.kept[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = {}


def share_compiled_templates(app) -> None:
    """Give the app's Jinja environment the templates compiled by the apps made before it in this process."""
    env = app.jinja_env
    # Flask's autoescape is a method of its app: the same function for every app.
    kind = (sorted(env.extensions), getattr(env.autoescape, "__func__", env.autoescape), env.optimized, env.finalize,
            env.block_start_string, env.variable_start_string, env.comment_start_string, env.line_statement_prefix,
            env.trim_blocks, env.lstrip_blocks, env.keep_trailing_newline, env.newline_sequence,
            getattr(env, "newstyle_gettext", None), env.policies.get("ext.i18n.trimmed"))
    key = repr(kind)
    if key not in TEMPLATES:
        TEMPLATES[key] = CompiledTemplates()
    env.bytecode_cache = TEMPLATES[key]


def share_url_builders() -> None:
    """Compile each URL rule's builders once per process, not once per app.

    Werkzeug writes and compiles two small Python functions for each rule of each app (10 of the 16 ms a new
    app takes). A builder's code depends only on the rule's text, its parts and its defaults' names: it
    reaches the rule's converters through its first argument, the rule it is bound to. So apps made of the
    same rules share the functions; a rule whose default fills a part of its path (its converter writes
    that default into the code) is compiled as before.
    """
    if getattr(Rule, "_shared_builders", False) or not hasattr(Rule, "_compile_builder"):
        return
    compile_builder = Rule._compile_builder
    made = {}

    def builder(self, append_unknown=True):
        defaults = self.defaults or {}
        if any(dynamic and data in defaults for dynamic, data in self._trace):
            return compile_builder(self, append_unknown)
        key = (append_unknown, self.rule, tuple(self._trace), tuple(defaults))
        if key not in made:
            made[key] = compile_builder(self, append_unknown)
        return made[key]

    Rule._compile_builder = builder
    Rule._shared_builders = True


share_url_builders()


def new_app(**config):
    """Return a new app: TESTING unless config says otherwise, then config as given.

    Tests take apps from conftest's fixtures (`app`, `client`, `make_app`), which also give each app a tables
    file of the test's own. This is for apps made where no fixture reaches: at import, in a module's fixture,
    in a helper, in a server thread. Its tables are where config puts them (else in the instance folder).
    """
    app = create_app(dict({"TESTING": True}, **config))
    share_compiled_templates(app)
    return app


def browser_words(client, lang: str) -> dict:
    """Return the words a page gives the browser in a language, as its script reads them."""
    page = client.get("/{}/offline".format(lang)).text
    return json.loads(re.search(r'<script type="application/json" id="words">(.*?)</script>', page, re.S).group(1))


def statistics_words(client, lang: str) -> dict:
    """Return the words the statistics page gives its script: the browser's words with the page's own."""
    page = client.get("/{}/games".format(lang)).text
    words = browser_words(client, lang)
    words["stats"] = json.loads(re.search(r'<script type="application/json" id="history-words">(.*?)</script>',
                                          page, re.S).group(1))
    return words
