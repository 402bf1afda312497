"""Data stage: synthetic mobility on real geography and the data owner's summary (dpcore.demo_data, dpcore.ingest)."""
from .cdrsummary import CDRSummary
from .generatemobility import GenerateMobility

ALGORITHMS = [GenerateMobility, CDRSummary]
