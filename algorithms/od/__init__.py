"""OD stage: origin–destination flows of whole trips, the private mobility report and private
synthetic trips (dpcore.od)."""
from .mobilityreport import MobilityReport
from .odflows import ODFlows
from .synthesizetrips import SynthesizeTrips

ALGORITHMS = [ODFlows, MobilityReport, SynthesizeTrips]
