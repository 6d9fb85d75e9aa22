"""Benchmarks behind `p2pshithead bench ...`: the only code besides the CLI that reads a clock for figures.

Each module measures one layer (`engine`, `deck`, `net`, `wire`) and returns a dict of figures; the CLI
prints them. Nothing here is imported by the layers it measures.
"""
