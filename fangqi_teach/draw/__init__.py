"""draw layer."""
