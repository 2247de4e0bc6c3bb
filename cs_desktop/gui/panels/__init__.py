"""The play panels docked around the board: orders (the pending request), impulse track, hand, dice tray, game log,
ship cards, the fleet list, the rule panel, the turn reference, the tutor and the thinking indicator."""
