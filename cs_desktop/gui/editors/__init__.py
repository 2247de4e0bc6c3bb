"""The ship editor and the scenario designer, with their shared undo commands and spin tables."""
