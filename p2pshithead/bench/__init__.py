"""Benchmarks of p2pshithead, above the packages they measure (the only place besides `cli` that reads a clock)."""
