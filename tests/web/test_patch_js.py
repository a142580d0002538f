"""The table page's JSON Patch (railtable/web/patch.js) in Chromium: it applies the server's
patches (railtable/server/patch.py) of random documents exactly, leaves the document it was
given as it was, and refuses patches that do not fit."""

import json
import random

import pytest

from railtable.server.patch import diff

pytestmark = pytest.mark.browser

KEYS = ["a", "b", "c", "a/b", "~0", "x~1"]


def document(rng: random.Random, depth: int = 0):
    kind = rng.random()
    if depth > 3 or kind < 0.35:
        return rng.choice([None, True, False, 0, 1, -7, 2.5, "", "s", "ё", "a/b"])
    if kind < 0.7:
        return [document(rng, depth + 1) for _ in range(rng.randint(0, 6))]
    return {k: document(rng, depth + 1) for k in rng.sample(KEYS, rng.randint(0, 4))}


def changed(rng: random.Random, doc):
    """doc with a few random changes: an item put in or taken out, a value replaced."""
    if isinstance(doc, list) and doc and rng.random() < 0.5:
        out = list(doc)
        i = rng.randrange(len(out))
        r = rng.random()
        if r < 0.3:
            out.insert(i, document(rng, 2))
        elif r < 0.6:
            del out[i]
        else:
            out[i] = changed(rng, out[i])
        return out
    if isinstance(doc, dict) and doc and rng.random() < 0.6:
        out = dict(doc)
        k = rng.choice(list(out))
        out[k] = changed(rng, out[k])
        return out
    return document(rng, 2) if rng.random() < 0.7 else doc


APPLY = """async (cases) => {
  const {applyPatch} = await import("/static/patch.js");
  return cases.map(([a, ops]) => {
    const before = JSON.stringify(a);
    const got = applyPatch(a, ops);
    return [got, JSON.stringify(a) === before];
  });
}"""

REFUSE = """async (cases) => {
  const {applyPatch} = await import("/static/patch.js");
  return cases.map(([a, ops]) => {
    try { applyPatch(a, ops); return "applied"; } catch (e) { return "refused"; }
  });
}"""


def test_patches_of_random_documents_apply_exactly_and_leave_the_old_one_alone(server,
                                                                               page_ru):
    rng = random.Random(29)
    cases, wants = [], []
    while len(cases) < 400:
        a = {"observation": document(rng), "status": "running"}
        b = {"observation": changed(rng, a["observation"]), "status": rng.choice(
            ["running", "finished"])}
        cases.append([a, diff(a, b)])
        wants.append(b)
    page_ru.goto(server.url + "/")
    got = page_ru.evaluate(APPLY, cases)
    assert sum(1 for _, ops in cases if ops) > 300  # most cases change something
    for (result, untouched), want, (a, ops) in zip(got, wants, cases):
        # as JSON: what the server's full state would be
        assert json.dumps(result, sort_keys=True) == json.dumps(want, sort_keys=True), ops
        assert untouched, ops


def test_a_patch_that_does_not_fit_is_refused(server, page_ru):
    doc = {"observation": {"hand": [1, 2], "seat": 0}, "status": "running"}
    bad = [
        [{"op": "replace", "path": "/observation/nowhere", "value": 1}],
        [{"op": "remove", "path": "/observation/hand/2"}],
        [{"op": "add", "path": "/observation/hand/3", "value": 1}],
        [{"op": "replace", "path": "/observation/hand/01", "value": 1}],
        [{"op": "add", "path": "/observation/seat/x", "value": 1}],
        [{"op": "add", "path": "/__proto__/polluted", "value": 1}],
        [{"op": "move", "from": "/status", "path": "/x"}],
        [{"op": "replace", "path": "observation", "value": 1}],
        {"op": "replace", "path": "/status", "value": "over"},
    ]
    good = [
        [{"op": "add", "path": "/observation/hand/-", "value": 3}],
        [{"op": "add", "path": "/observation/hand/2", "value": 3}],
        [{"op": "remove", "path": "/observation/hand/1"}],
        [{"op": "add", "path": "/observation/new", "value": {"a": [1]}}],
    ]
    page_ru.goto(server.url + "/")
    assert page_ru.evaluate(REFUSE, [[doc, ops] for ops in bad]) == ["refused"] * len(bad)
    assert page_ru.evaluate(REFUSE, [[doc, ops] for ops in good]) == ["applied"] * len(good)
    assert page_ru.evaluate("() => ({}).polluted") is None
