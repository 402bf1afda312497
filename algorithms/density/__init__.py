"""Density stage: Acs & Castelluccia's sanitized density and Chen et al.'s histograms
(dpcore.density, dpcore.histograms).
"""
from .publishhistograms import PublishHistograms
from .sanitizedensity import SanitizeDensity

ALGORITHMS = [SanitizeDensity, PublishHistograms]
