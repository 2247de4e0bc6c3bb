"""Online play in the window: the dialog that hosts and joins, the seat's session on the referee's connection, its
board and actions."""
