"""Whole trips: origin–destination flows and the private mobility report.

``trip_arrays``: trips from GPS fixes, lines or OD tables, and the uniform per-user
sampling (≤ m trips per user) that bounds a user's contribution; ``noise``:
count noise and its 95 % margin of error; ``flows``: the OD matrix release;
``statistics`` and ``report``: the statistics of a mobility report (after
dp-mobility-report, Kapp & Schlosser) released in one budget; ``compare``:
similarity of two reports.
"""
