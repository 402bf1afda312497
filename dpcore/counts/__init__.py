"""Counts stage: noisy counts per zone."""
