"""Synthetic mobility on real or generated geography (the project's test and demo data).

Entry points, all deterministic from the ``rng`` they are given:

* :func:`generate_population` — users, their places and hourly ground truth;
* :func:`generate_cdr` — phone events calibrated to Acs & Castelluccia's data;
* :func:`generate_trajectories` — GPS points of vehicle trips (Pratesi's scale);
* :func:`generate_checkins` — check-ins at venues drawn by density.

Geographies come from :mod:`dpcore.geometry.geography` (the Paris sample or a grid city).
"""
from .cdr import CDR, DEFAULT_PRESET, PRESET_SIGMA, PRESETS, SIGMA, expected_visits, generate_cdr, hourly_profile
from .gps_and_checkins import (
                  THESIS_TRIPS_PER_DAY,
                  THESIS_VEHICLES,
                  Checkins,
                  Trajectories,
                  generate_checkins,
                  generate_trajectories,
)
from .population import DEFAULT_START, Population, generate_population

__all__ = ["CDR", "Checkins", "DEFAULT_PRESET", "DEFAULT_START", "PRESETS", "PRESET_SIGMA",
           "Population", "SIGMA", "THESIS_TRIPS_PER_DAY", "THESIS_VEHICLES", "Trajectories",
           "expected_visits", "generate_cdr", "generate_checkins", "generate_population",
           "generate_trajectories", "hourly_profile"]
