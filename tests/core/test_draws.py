"""The failure rule's question, whether a release drew randomness (dpcore.random.draws)."""
import threading

from mobility_dp.dpcore.random.draws import DrawWatch
from mobility_dp.dpcore.random.rng import child_rng, make_rng
from mobility_dp.dpcore.random.sampling import sampling_stream


def test_nothing_counts_before_the_watch_is_armed():
    watch = DrawWatch()
    rng = watch.watch(make_rng(3))
    rng.integers(0, 10, 5)                         # a per-user pick before the reservation
    assert not watch.drawn()
    watch.arm()
    assert not watch.drawn()
    rng.laplace()
    assert watch.drawn()


def test_a_seeded_generator_is_drawn_once_its_state_moves():
    watch = DrawWatch()
    rng = watch.watch(make_rng(3))
    watch.arm()
    assert not watch.drawn()
    sampling_stream(rng).integers(0, 10, 100)      # per-user sampling: a jumped copy
    assert not watch.drawn()
    rng.laplace(size=1)
    assert watch.drawn()


def test_a_child_of_a_seeded_generator_draws_from_its_parent():
    watch = DrawWatch()
    rng = watch.watch(make_rng(3))
    watch.arm()
    child_rng(rng, int(rng.integers(0, 2**31)))
    assert watch.drawn()


def test_a_secure_generator_is_drawn_once_it_reads_os_urandom():
    watch = DrawWatch()
    rng = watch.watch(make_rng(None))
    watch.arm()
    assert not watch.drawn()
    other = threading.Thread(target=lambda: make_rng(None).random(10))   # another run's thread
    other.start()
    other.join()
    assert not watch.drawn()
    rng.random(1)
    assert watch.drawn()


def test_a_secure_child_counts_for_its_parent():
    watch = DrawWatch()
    rng = watch.watch(make_rng(None))
    watch.arm()
    child_rng(rng, None).integers(0, 5)
    assert watch.drawn()
