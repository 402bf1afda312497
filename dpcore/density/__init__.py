"""Spatio-temporal density sanitization (Acs & Castelluccia, KDD 2014).

:mod:`.sensitivity` cover counts with the §5.2 fix and the sensitivities,
:mod:`.scaling` noisy totals (Alg. 2, §5.4.1), :mod:`.clustering` Alg. 3,
:mod:`.efpa` EFPA / EFPA_G (Alg. 4), :mod:`.smoothing` §5.4.2, and
:mod:`.inputs` what a release reads, :mod:`.fourier` Alg. 1 with EFPA_G / EFPA, :mod:`.lpa`
the LPA baselines, :mod:`.pipeline` their plan and dispatch,
:mod:`.assembly` the public geography and the release inputs, :mod:`.plan` the plan of a
density release (the paper's pipeline or the visits, the pre-sampling), :mod:`.sections` the
report's sections, :mod:`.figures` its plots and :mod:`.report` the report.
"""
from .assembly import DensityAssembly, DensityGeography, assemble_density, density_geography
from .fourier import release_efpa, release_efpa_g
from .inputs import DensityInputs, density_inputs
from .lpa import release_lpa, release_lpa_direct
from .pipeline import METHODS, density_cost, release_density

__all__ = ["METHODS", "DensityAssembly", "DensityGeography", "DensityInputs",
           "assemble_density", "density_geography", "density_inputs", "density_cost",
           "release_density", "release_efpa", "release_efpa_g", "release_lpa",
           "release_lpa_direct"]
