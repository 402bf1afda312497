"""Counts stage: DP noise on integer count fields of zone layers (dpcore.counts.noisycounts)."""
from .noisycounts import NoisyCounts

ALGORITHMS = [NoisyCounts]
