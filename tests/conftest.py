import os

# The toy game of tests/engine is registered for every test, and for any process a test
# starts (pools, servers), through the registry's RAILTABLE_GAMES variable.
os.environ["RAILTABLE_GAMES"] = ",".join(
    filter(None, [os.environ.get("RAILTABLE_GAMES", ""), "tests.engine.toy_game"]))
