from setuptools import setup
from mypyc.build import mypycify
setup(name="railtable", packages=[], ext_modules=mypycify(["railtable/engine/game.py", "railtable/games/colt_express/rules.py"], opt_level="3"))
