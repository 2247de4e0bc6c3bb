"""The balance lab's window: sweeps, the heat map, the ladder's chart."""
