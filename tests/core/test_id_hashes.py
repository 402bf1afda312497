"""dpcore.random.id_hashes: the keyed hash of user ids is the same whatever the ids' column type and
batch (the Spark job sees text, the one-machine reader integers or bytes)."""
import numpy as np

from mobility_dp.dpcore.random.id_hashes import id_text, id_words, item_keys, user_hashes


def test_an_id_hashes_alike_as_integer_float_text_and_bytes():
    ints = np.r_[np.arange(-3, 2000), 10**18, -(10**18), 2**62, 12345678901234567]
    text = np.asarray(id_text(ints), dtype=object)
    h = user_hashes(9, ints)
    np.testing.assert_array_equal(h, user_hashes(9, text))
    np.testing.assert_array_equal(h, user_hashes(9, text.astype(str)))
    np.testing.assert_array_equal(h, user_hashes(9, np.asarray([t.encode() for t in text])))
    np.testing.assert_array_equal(h[:100], user_hashes(9, ints[:100].astype(float)))
    assert np.unique(h).size == h.size
    assert not np.array_equal(h, user_hashes(10, ints))           # the key matters


def test_an_ids_hash_does_not_depend_on_the_other_ids():
    ids = ["a", "é", "a-very-long-user-identifier-of-40-bytes!", "ab\u4e2d"]
    alone = [user_hashes(3, np.asarray([i], dtype=object))[0] for i in ids]
    np.testing.assert_array_equal(user_hashes(3, np.asarray(ids, dtype=object)), alone)


def test_item_keys_order_the_items_of_a_user_at_random():
    """The smallest item key among k items is each item equally often over users."""
    h = user_hashes(4, np.arange(30000))
    keys = item_keys(np.repeat(h, 3), np.tile([7, 8, 9], 30000)).reshape(-1, 3)
    share = np.bincount(keys.argmin(axis=1), minlength=3) / 30000
    assert np.all(np.abs(share - 1 / 3) < 0.02)
    biased = np.tile([7, 8, 9], 30000).reshape(-1, 3)                 # control: no hash
    assert np.bincount(biased.argmin(axis=1), minlength=3)[0] == 30000


def test_id_words_are_the_utf8_text_of_the_ids():
    """The vectorised conversions (decimal digits of integers, code points of ASCII text) give
    the bytes Python's own ``str(id).encode()`` gives, at the int64 extremes too."""
    rng = np.random.default_rng(5)
    ints = np.r_[rng.integers(-2**63, 2**63 - 1, 5000), -2**63, 2**63 - 1, 0, -1, 9, 10, -10]
    for ids in (ints, ints.astype(str), np.asarray(["é", "", "ab\u4e2d", "x" * 41])):
        words, length = id_words(ids)
        expected = [str(i).encode() for i in ids.tolist()]
        assert length.tolist() == [len(e) for e in expected]
        got = [bytes(words[i].view(np.uint8)[:n]) for i, n in enumerate(length.tolist())]
        assert got == expected
        assert not words.view(np.uint8)[np.arange(words.shape[1] * 8) >= length[:, None]].any()
