"""Scoring items, hand totals and settlement with liability."""
