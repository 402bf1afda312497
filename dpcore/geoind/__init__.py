"""Geo-indistinguishability and metric local DP (Andrés et al. 2013; Alvim et al.).

- :mod:`.planar`: planar Laplace, its radius distribution and report facts;
- :mod:`.geodesic`: planar Laplace on longitude/latitude along geodesics (no frame);
- :mod:`.grid`: grid domains; :mod:`.grid_kernels`: the lattice kernels of the metric
  grid mechanisms; :mod:`.grid_channels`: discretised Laplace, geometric and k-RR channels;
- :mod:`.ibu`: Iterative Bayesian Update and the baselines;
- :mod:`.tuning`: ε tuning to an expected distance (Eq. 2), EMD utility loss (Eq. 3);
- :mod:`.release`: ``perturbation_cost`` and ``perturb_points``;
- :mod:`.estimate`: ``estimate_distribution`` (IBU on the reports, post-processing).
"""
from .estimate import estimate_distribution
from .geodesic import geodesic_forward, geodesic_inverse, planar_laplace_lonlat
from .grid import Grid
from .grid_channels import KernelChannel, KRRChannel, make_channel
from .ibu import iterative_bayesian_update, matrix_inversion, report_histogram
from .planar import (
                     epsilon_from_level,
                     expected_displacement,
                     guarantee_facts,
                     outside_region,
                     planar_laplace_noise,
                     radius_quantile,
                     remap_to_region,
)
from .release import coverage_warning, perturb_points, perturbation_cost
from .tuning import emd, expected_distance, tune_epsilon

__all__ = ["Grid", "KRRChannel", "KernelChannel", "make_channel", "iterative_bayesian_update",
           "matrix_inversion", "report_histogram", "epsilon_from_level", "expected_displacement",
           "guarantee_facts", "outside_region", "planar_laplace_noise", "radius_quantile", "remap_to_region",
           "geodesic_forward", "geodesic_inverse", "planar_laplace_lonlat", "coverage_warning",
           "estimate_distribution", "perturb_points", "perturbation_cost", "emd",
           "expected_distance", "tune_epsilon"]
