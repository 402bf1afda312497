"""Whether a release has drawn randomness yet: the one question of the failure rule.

From the first random draw of a release on (noise, or a random sample the noise is added to),
its reservation is spent: a failure or a cancel after it must charge the ledger, because what
was drawn may already have left (an output written in place, or a run repeated until its noise
suits). :class:`DrawWatch` holds the generators a run made; :meth:`DrawWatch.arm` (called when
the reservation is made) notes what each had drawn then, and :meth:`DrawWatch.drawn` compares.
Randomness used before the reservation (a per-user pick that bounds contributions, on data
that may still be refused) publishes nothing and is not counted: by the contract's order no
noise is drawn before the reservation.

* A seeded generator (numpy's PCG64) has a state: drawn means the state moved. A per-user
  sampling stream (:func:`dpcore.random.sampling.sampling_stream`) jumps a copy, so sampling on
  it is not a draw of the watched generator; a child made by :func:`~dpcore.random.rng.child_rng`
  takes its seed from the parent, which is.
* A secure generator has no state: every word comes from ``os.urandom`` through
  :func:`~dpcore.random.urandom_words.random_words`, which counts the words per thread. Drawn
  means the run's thread read a word since the generator was made (its children and its
  sampling included: in doubt, charged).
"""
from __future__ import annotations

import copy

from .secure_random import SecureGenerator
from .urandom_words import words_drawn


def _mark(rng):
    if isinstance(rng, SecureGenerator):
        return ("os.urandom words", words_drawn())
    return copy.deepcopy(rng.bit_generator.state)


class DrawWatch:
    """The generators of one run, each with what it had drawn when the watch was armed."""

    def __init__(self):
        self._marks = []
        self.armed = False

    def watch(self, rng):
        """Watch ``rng`` (returned, so a generator is watched where it is made)."""
        self._marks.append((rng, _mark(rng)))
        return rng

    def arm(self) -> None:
        """Start counting: the reservation is made, the next draw spends it."""
        self._marks = [(rng, _mark(rng)) for rng, _ in self._marks]
        self.armed = True

    def drawn(self) -> bool:
        """Whether any watched generator drew since the watch was armed."""
        return self.armed and any(_mark(rng) != mark for rng, mark in self._marks)
