"""exercises layer."""
