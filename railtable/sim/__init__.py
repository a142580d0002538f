"""Simulation: play matches between bots, many at once; ratings; benchmarks."""
