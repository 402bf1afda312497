"""Density stage: Acs & Castelluccia's sanitized density and Chen et al.'s histograms (dpcore.density, dpcore.histograms)."""
from .histograms import PublishHistograms
from .sanitize import SanitizeDensity

ALGORITHMS = [SanitizeDensity, PublishHistograms]
