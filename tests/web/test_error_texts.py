"""Every error code the server can send has a text on the pages in Russian and English
(`"err.<code>"` in STRINGS of railtable/web/common.js), so a player never reads the
server's English message alone (issue #29). The codes are read from the server's source:
`ActionError("code", ...)`, `error("code", ...)`, `code="code"`, `"code": "code"` and the
HTTP statuses' codes."""

from __future__ import annotations

import re
from pathlib import Path

import railtable

ROOT = Path(railtable.__file__).parent
PATTERNS = (r'ActionError\(\s*"(\w+)"', r'\berror\(\s*"(\w+)"', r'\bcode\s*=\s*"(\w+)"',
            r'"code":\s*"(\w+)"', r'code: str = "(\w+)"', r'_one_line\([^,]+,\s*"(\w+)"',
            r'\d{3}: "(\w+)"')


def server_codes() -> set[str]:
    codes: set[str] = set()
    for path in (ROOT / "server").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for p in PATTERNS:
            codes.update(re.findall(p, text))
    return codes


def page_texts() -> dict[str, dict[str, str]]:
    js = (ROOT / "web" / "common.js").read_text(encoding="utf-8")
    strings = js[js.index("const STRINGS = {"):js.index("\n};", js.index("const STRINGS = {"))]
    en, ru = strings.split("\n  ru: {", 1)
    pair = r'"err\.(\w+)":\s*"((?:[^"\\]|\\.)*)"'
    return {"en": dict(re.findall(pair, en)), "ru": dict(re.findall(pair, ru))}


def test_the_scan_finds_the_server_codes():
    codes = server_codes()
    # a few codes every table sends, found where they are raised
    assert {"illegal", "not_your_turn", "bad_name", "not_found", "rate_limited"} <= codes
    assert len(codes) > 30


def test_every_server_error_code_has_a_text_in_both_languages():
    codes, texts = server_codes(), page_texts()
    for lang in ("en", "ru"):
        missing = sorted(codes - set(texts[lang]))
        assert not missing, f"no {lang} text in common.js for {missing}"
    assert set(texts["en"]) == set(texts["ru"])
    for code, text in texts["ru"].items():
        assert re.search(r"[А-Яа-яЁё]", text), (code, text)
        assert not re.search(r"\b[A-Za-z]{3,}\b", text), (code, text)


def test_each_text_key_is_written_once_per_language():
    """A key written twice in one language's object is not an error in JavaScript: the
    later text silently wins (a generic "request is not valid" had hidden the specific
    "not JSON" text of `bad_content_type`)."""
    js = (ROOT / "web" / "common.js").read_text(encoding="utf-8")
    strings = js[js.index("const STRINGS = {"):js.index("\n};", js.index("const STRINGS = {"))]
    en, ru = strings.split("\n  ru: {", 1)
    # a key opens a line or follows a comma; values are strings, so skip their insides
    key = r'(?:^|[{,])\s*("[\w.]+"|[A-Za-z_]\w*)\s*:'
    for lang, block in (("en", en), ("ru", ru)):
        unquoted = re.sub(r'"(?:[^"\\]|\\.)*"(\s*:)?',
                          lambda m: m.group(0) if m.group(1) else '""', block)
        keys = [k.strip('"') for k in re.findall(key, unquoted, flags=re.M)]
        assert len(keys) > 200, lang
        twice = sorted({k for k in keys if keys.count(k) > 1})
        assert not twice, f"{lang}: written more than once: {twice}"
