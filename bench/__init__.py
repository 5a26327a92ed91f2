"""Benchmarks, run by hand as modules from the repository root: ``python3 -m bench.<name>``."""
