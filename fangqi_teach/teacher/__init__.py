"""teacher layer."""
