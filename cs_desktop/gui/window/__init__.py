"""The main window and what it owns: its docks and layout file, file actions and recent games, the board's help for
the pending request, the pages (board, campaign), the close guard and the offer to continue."""
