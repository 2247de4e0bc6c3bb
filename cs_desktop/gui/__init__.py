"""The window (the only package that imports Qt): it draws the presenter's screen model and asks; it never decides
a rule. At the top the application (`app.py`), the start (`start.py`), the session on the Qt loop (`session.py`),
the forms loader and the smoke test; each concern in its own room below (board, window, panels, requests, dialogs,
editors, campaign, online, lab, library), listed in docs/architecture.md."""
