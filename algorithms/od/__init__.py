"""OD stage: origin–destination flows of whole trips and the private mobility report (dpcore.od)."""
from .mobilityreport import MobilityReport
from .odflows import ODFlows

ALGORITHMS = [ODFlows, MobilityReport]
