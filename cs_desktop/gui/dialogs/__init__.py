"""The play dialogs: new game, game over, settings, standing orders, seats, and "What would the captain do?"."""
