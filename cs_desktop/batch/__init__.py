"""Batch play without a window: simulate, tournaments and their journal, and the one meaning of a turn limit."""
