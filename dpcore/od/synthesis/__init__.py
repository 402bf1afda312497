"""Private synthetic trips: a generative model of people and their trips under user-level DP.

Not to be confused with :mod:`dpcore.demo_data`, the project's NON-private fake-data generator
(synthetic users, CDR events and GPS traces for tests and demos): this package *learns* from
real trips and pays for it in ε.

The model (each part a histogram with a stated sensitivity and a fixed share of ε,
:mod:`.parts`): people by trips per person and the share of their trips on their main pair;
each person's main pair oriented from its home end (people-based, sensitivity 1, after the
commuting tables of the census); the origins and destinations of the other
trips (each person's weights summing to 1); their straight distance in 500 m bands; the
detour ratio; start weekday, start hour (by trip class where the budget carries it) and
travel time (by distance class where carried); the transitions of each person's consecutive
trips (:mod:`.chains`: a Markov chain over home, main end and elsewhere, second order where
its noisy counts carry it, the zone elsewhere drawn given the current zone), used to draw
chained multi-stop trajectories when most released pairs of consecutive trips chain.
:mod:`.fit` measures and post-processes the parts, :mod:`.generate` draws people and trips
(post-processing), :mod:`.place` puts points in zones, :mod:`.release` is the contract pair, :mod:`.plan` the
algorithm's plan (window, weighting points, the comparison with the raw trips), :mod:`.report`
its report,
:mod:`.audit` the membership-inference audit. Related work: DPT (He et al., VLDB 2015),
AdaTrace (Gursoy et al., CCS 2018), PrivTrace (Wang et al., USENIX Security 2023), whose
adaptive choice between first- and second-order Markov models :mod:`.chains` follows; their
zone-to-zone transition matrices over a whole population are not built here (at these noise
levels only the person-relative states carry them).
"""
from .parts import UNIT, synthetic_trips_cost
from .release import release_synthetic_trips

__all__ = ["UNIT", "synthetic_trips_cost", "release_synthetic_trips"]
