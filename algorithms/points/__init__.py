"""Points stage: geo-indistinguishable perturbation and distribution estimation (dpcore.geoind)."""
from .estimate import EstimateDistribution
from .perturb import PerturbPoints

ALGORITHMS = [PerturbPoints, EstimateDistribution]
