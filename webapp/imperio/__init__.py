"""The Imperio Bellum page."""
