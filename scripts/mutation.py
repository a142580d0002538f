"""Mutation testing of one game's rules (or the engine) with Cosmic Ray.

    scripts/mutation GAME [-n N] [--seed S] [--timeout SECONDS] [--json FILE]
    scripts/mutation engine [-n N]      (tests/engine, and tests/conformance if present)

Samples N one-line mutations of railtable/games/GAME/rules.py (for `engine`, of
railtable/engine/*.py) on lines that the game's own tests execute, runs the game's rule and
property tests against each (tests/games/GAME, leaving out the bot tests test_bot.py and
the browser tests), and prints the score and every survivor with its diff.

How it works: the tree (railtable/, tests/, pyproject.toml) is copied to a work folder
(.mutation/GAME, ignored by git), so the checkout is never mutated and other work goes on
while a run lasts. Coverage.py lists the lines the tests execute; `cosmic-ray init` lists
every mutation its operators make of the module; the sample takes N distinct executed lines
at random (seeded) and one of that line's mutations each, and marks every other mutation
skipped in Cosmic Ray's session; `cosmic-ray exec` runs the tests once per sampled
mutation, with -x and a timeout (a mutation that hangs counts as caught).

docs/developing.md ("Mutation testing") says how to read a survivor.
"""
import argparse
import json
import random
import shlex
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
COSMIC_RAY = str(Path(PY).parent / "cosmic-ray")


def targets(name: str) -> tuple[list[str], list[str]]:
    """(modules to mutate, test files to run), paths relative to the root. Rule tests come
    first and the property tests last, so that -x stops early on a caught mutation."""
    if name == "engine":
        modules = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "railtable/engine").glob("*.py")
                         if p.name != "__init__.py")
        # the engine's own tests, and the conformance suite over every game where there is one
        tests = sorted(str(p.relative_to(ROOT)) for d in ("tests/engine", "tests/conformance")
                       for p in (ROOT / d).glob("test_*.py"))
        return modules, tests
    rules = ROOT / "railtable/games" / name / "rules.py"
    if not rules.exists():
        games = sorted(p.parent.name for p in (ROOT / "railtable/games").glob("*/rules.py"))
        sys.exit(f"no game {name!r}: one of {', '.join(games)}, or engine")
    files = sorted((ROOT / "tests/games" / name).glob("test_*.py"))
    keep = [p for p in files if p.name != "test_bot.py" and "browser" not in p.name]
    keep.sort(key=lambda p: (p.name == "test_properties.py", p.name))
    return [str(rules.relative_to(ROOT))], [str(p.relative_to(ROOT)) for p in keep]


def copy_tree(work: Path) -> None:
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    # (no compiled modules: a mutation of rules.py must be what the tests run)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", "*.so")
    for part in ("railtable", "tests"):
        shutil.copytree(ROOT / part, work / part, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", work / "pyproject.toml")


def check_import(work: Path) -> None:
    """The tests must import the copied (mutated) tree, not an installed one: `python -m`
    puts the working folder first on the path, ahead of an editable install elsewhere."""
    where = subprocess.run([PY, "-c", "import railtable; print(railtable.__file__)"], cwd=work,
                           capture_output=True, text=True, check=True).stdout.strip()
    if not Path(where).resolve().is_relative_to(work.resolve()):
        sys.exit(f"the tests would import railtable from {where}, not from the copy in {work}")


def pytest_command(tests: list[str]) -> list[str]:
    # -p no:randomly and no cache: every run of a mutation sees the same tests in order
    return [PY, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-m", "not browser",
            *tests]


def executed_lines(work: Path, modules: list[str], tests: list[str]) -> tuple[dict, float]:
    """{module: set of executed lines} from one coverage run of the unmutated tests (which
    must pass), and that run's duration in seconds."""
    start = time.monotonic()
    run = subprocess.run([PY, "-m", "coverage", "run", "--include", ",".join(modules),
                          *pytest_command(tests)[1:]], cwd=work, capture_output=True, text=True)
    took = time.monotonic() - start
    if run.returncode != 0:
        sys.exit("the unmutated tests fail, so no mutation can be scored:\n"
                 + run.stdout[-3000:] + run.stderr[-2000:])
    subprocess.run([PY, "-m", "coverage", "json", "-q", "-o", "coverage.json"], cwd=work,
                   check=True)
    files = json.loads((work / "coverage.json").read_text())["files"]
    return {m: set(files.get(m, {}).get("executed_lines", ())) for m in modules}, took


def write_config(work: Path, modules: list[str], tests: list[str], timeout: float) -> Path:
    config = work / "cosmic-ray.toml"
    lines = ["[cosmic-ray]",
             f"module-path = {json.dumps(modules)}",
             f"timeout = {timeout:.0f}",
             "excluded-modules = []",
             f"test-command = {json.dumps(shlex.join(pytest_command(tests)))}",
             "",
             "[cosmic-ray.distributor]",
             'name = "local"', ""]
    config.write_text("\n".join(lines))
    return config


def sample(session: Path, executed: dict, n: int, seed: int) -> int:
    """Keep n mutations on n distinct executed lines; mark every other one skipped."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult
    with use_db(str(session), WorkDB.Mode.open) as db:
        by_line = defaultdict(list)
        for item in db.pending_work_items:
            mut = item.mutations[0]
            line = mut.start_pos[0]
            if line in executed.get(str(mut.module_path), ()):
                by_line[(str(mut.module_path), line)].append(item.job_id)
        rng = random.Random(seed)
        lines = sorted(by_line)
        chosen = {rng.choice(sorted(by_line[k])) for k in rng.sample(lines, min(n, len(lines)))}
        skip = [item.job_id for item in db.pending_work_items if item.job_id not in chosen]
        db.set_multiple_results(skip, WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
        return len(chosen)


def report(session: Path) -> dict:
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome
    out = {"caught": 0, "survivors": [], "errors": []}
    with use_db(str(session), WorkDB.Mode.open) as db:
        for item, result in db.completed_work_items:
            if result.worker_outcome == WorkerOutcome.SKIPPED:
                continue
            mut = item.mutations[0]
            where = {"module": str(mut.module_path), "line": mut.start_pos[0],
                     "operator": mut.operator_name, "diff": result.diff or ""}
            if result.worker_outcome != WorkerOutcome.NORMAL:
                out["errors"].append(where | {"outcome": str(result.worker_outcome.value),
                                              "output": (result.output or "")[-800:]})
            elif result.test_outcome == TestOutcome.SURVIVED:
                out["survivors"].append(where)
            else:
                out["caught"] += 1
    out["survivors"].sort(key=lambda w: (w["module"], w["line"]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", help="a game id (railtable/games/<id>) or 'engine'")
    ap.add_argument("-n", type=int, default=60, help="mutations to sample (default 60)")
    ap.add_argument("--seed", type=int, default=None, help="sample seed (default: random)")
    ap.add_argument("--timeout", type=float, default=None,
                    help="seconds for one mutation's test run (default: 3 × the clean run + 30)")
    ap.add_argument("--json", type=Path, default=None, help="also write the result here")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    modules, tests = targets(args.game)
    work = ROOT / ".mutation" / args.game
    copy_tree(work)
    check_import(work)
    print(f"{args.game}: {', '.join(modules)}; tests: {' '.join(tests)}", flush=True)
    executed, took = executed_lines(work, modules, tests)
    timeout = args.timeout or 3 * took + 30
    config = write_config(work, modules, tests, timeout)
    session = work / "session.sqlite"
    subprocess.run([COSMIC_RAY, "init", str(config), str(session)], cwd=work,
                   check=True)
    kept = sample(session, executed, args.n, seed)
    print(f"seed {seed}: {kept} mutations on {kept} executed lines "
          f"(clean run {took:.0f} s, timeout {timeout:.0f} s a mutation)", flush=True)
    start = time.monotonic()
    subprocess.run([COSMIC_RAY, "exec", str(config), str(session)], cwd=work,
                   check=True)
    res = report(session)
    scored = res["caught"] + len(res["survivors"])
    res |= {"game": args.game, "seed": seed, "sampled": kept, "scored": scored,
            "score": round(res["caught"] / scored, 4) if scored else None,
            "minutes": round((time.monotonic() - start) / 60, 1)}
    for s in res["survivors"]:
        print(f"\nSURVIVED {s['module']}:{s['line']} {s['operator']}\n{s['diff'].rstrip()}")
    for e in res["errors"]:
        print(f"\nERROR ({e['outcome']}) {e['module']}:{e['line']} {e['operator']}\n{e['output']}")
    print(f"\n{args.game}: caught {res['caught']} of {scored} mutations "
          f"({100 * (res['score'] or 0):.1f}%), {len(res['survivors'])} survived, "
          f"{len(res['errors'])} errors; seed {seed}; {res['minutes']} min")
    if args.json:
        args.json.write_text(json.dumps(res, indent=1) + "\n")


if __name__ == "__main__":
    main()
