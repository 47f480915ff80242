"""The feeding and coin-spending searches as they were before they were rewritten for MicroPython's costs, kept frozen.

Copied from webscore/scoring (feeding.py, spending.py, capacity.py, feeding_worths.py) at commit 5acb6f1; only
tests/core/test_search_before.py reads them: the core must choose exactly as they do (the same fed squares,
feeders and coins spent, the first of equal choices found).
"""
