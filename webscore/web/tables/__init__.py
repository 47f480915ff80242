"""A table of phones: its pages, its store, the follow shortcut and the towns it holds."""
