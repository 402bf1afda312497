"""Evaluation stage: utility of releases against the truth, and attacks as audits
(dpcore.reporting.metrics, dpcore.histograms.attacks, dpcore.od.compare).
"""
from .comparedensity import CompareDensity
from .comparereports import CompareReports
from .trajectoryrecovery import TrajectoryRecovery

ALGORITHMS = [CompareReports, CompareDensity, TrajectoryRecovery]
