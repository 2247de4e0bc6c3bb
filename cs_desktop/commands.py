"""Headless subcommands of `captains-sea` (validate, simulate, vp, replay)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add every headless subcommand to the parser."""
    return None
