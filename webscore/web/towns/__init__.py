"""Entering a town, step by step: the town form and its page."""
