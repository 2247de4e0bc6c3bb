"""Qt-free play support: the autosave and session lock, the recent-games list, the start-up checks of the data
folder. The GUI calls these; nothing here imports Qt (tests/test_layering.py)."""
