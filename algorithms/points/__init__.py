"""Points stage: geo-indistinguishable perturbation and distribution estimation (dpcore.geoind)."""
from .estimatedistribution import EstimateDistribution
from .perturbpoints import PerturbPoints

ALGORITHMS = [PerturbPoints, EstimateDistribution]
