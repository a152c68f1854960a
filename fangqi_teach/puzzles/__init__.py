"""Proven puzzles (issue 25)."""
