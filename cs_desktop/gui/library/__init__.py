"""The library's window: stored ships, scenarios and games, and the replay viewer."""
