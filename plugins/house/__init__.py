"""House rules."""
