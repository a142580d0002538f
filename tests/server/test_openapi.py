"""The published OpenAPI description (issue #23, point 6): it describes every route, and
schemathesis, generating valid and invalid requests from it, never gets a 5xx or an
answer that the description does not allow."""

import json
import tempfile
import warnings
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance,
                                               response_schema_conformance,
                                               status_code_conformance)
from starlette.routing import Mount, Route, WebSocketRoute

warnings.filterwarnings("ignore", message=".*httpx.*")
from starlette.testclient import TestClient  # noqa: E402

from railtable.server import create_app  # noqa: E402
from railtable.server.app import OPENAPI  # noqa: E402
from tests.server.conftest import NO_RATES  # noqa: E402

APP = create_app(f"sqlite:///{Path(tempfile.mkdtemp()) / 'api.db'}", bot_delay=0,
                 limits=NO_RATES, bot_processes=False)
schema = schemathesis.openapi.from_asgi("/api/openapi.json", APP)
TABLES: list[str] = []  # real tables, so that some generated requests reach one


def described_paths() -> tuple[set[str], set[str]]:
    doc = json.loads(OPENAPI.read_text(encoding="utf-8"))
    return set(doc["paths"]), set(doc["x-websockets"])


def test_every_route_is_described_and_nothing_else():
    http, ws = described_paths()
    routes, sockets = set(), set()
    for r in APP.routes:
        if isinstance(r, WebSocketRoute):
            sockets.add(r.path)
        elif isinstance(r, Mount):
            routes.add(r.path + "/{path}")
        elif isinstance(r, Route):
            routes.add(r.path)
    assert routes == http
    assert sockets == ws


def test_the_description_is_served_and_valid_openapi():
    with TestClient(APP) as client:
        r = client.get("/api/openapi.json")
        assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
        assert r.json()["openapi"].startswith("3.")
    # the operations schemathesis found: every path of the description, with its methods
    found = {(op.ok().path, op.ok().method.upper()) for op in schema.get_all_operations()}
    assert ("/api/tables", "POST") in found and ("/api/tables/{id}/replay", "GET") in found
    # (schemathesis leaves out the description's own path)
    assert {p for p, _ in found} == described_paths()[0] - {"/api/openapi.json"}


def some_tables() -> list[str]:
    if not TABLES:
        with TestClient(APP) as client:
            for seats in ([{"kind": "bot", "bot": "random"}] * 2,
                          [{"kind": "human", "name": "A"}, {"kind": "human"}]):
                r = client.post("/api/tables", json={"game": "toy", "seats": seats})
                assert r.status_code == 201, r.text
                TABLES.append(r.json()["id"])
    return TABLES


@schema.parametrize()
@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_fuzz_the_http_api(case):
    """Bounded (30 examples an operation, derandomized) so it runs in CI in seconds."""
    if "id" in (case.path_parameters or {}):
        tables = some_tables()
        pick = sum(map(ord, str(case.path_parameters["id"]))) % (len(tables) + 1)
        if pick < len(tables):  # most requests reach a real table, the others none
            case.path_parameters["id"] = tables[pick]
    response = case.call_and_validate(checks=[not_a_server_error, status_code_conformance,
                                              content_type_conformance,
                                              response_schema_conformance])
    if response.status_code >= 400 and case.path.startswith("/api/"):
        body = response.json()
        assert isinstance(body.get("error"), str) and isinstance(body.get("message"), str)
        assert body["message"]


class Workflow(schema.as_state_machine()):
    """Stateful: tables made by POST /api/tables are then read, joined (by invitation or
    not), replayed and fetched by the links of the description."""

    def validate_response(self, response, case, additional_checks=None, **kwargs):
        case.validate_response(response, checks=[not_a_server_error, status_code_conformance,
                                                 content_type_conformance,
                                                 response_schema_conformance])


TestWorkflow = Workflow.TestCase
TestWorkflow.settings = settings(max_examples=15, stateful_step_count=6, deadline=None,
                                 derandomize=True, suppress_health_check=list(HealthCheck))
