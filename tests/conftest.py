import pytest

from railtable.engine.registry import register
from tests.engine.toy_game import GAME as TOY


@pytest.fixture(scope="session", autouse=True)
def _toy_game_registered():
    register(TOY)
    yield
