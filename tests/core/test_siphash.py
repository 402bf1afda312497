"""dpcore.random.siphash: the vectorised SipHash-2-4 gives the reference values (Aumasson &
Bernstein 2012, Appendix A and the reference implementation's test vectors) for messages of
every length, alone or among longer and shorter ones."""
import numpy as np

from mobility_dp.dpcore.random.id_hashes import id_words
from mobility_dp.dpcore.random.siphash import siphash24

KEY = bytes(range(16))


def _words(messages):
    width = max(len(m) for m in messages) // 8 + 1
    m = np.zeros((len(messages), 8 * width), dtype=np.uint8)
    for i, msg in enumerate(messages):
        m[i, :len(msg)] = list(msg)
    return m.view("<u8"), np.asarray([len(msg) for msg in messages])


def test_reference_vectors():
    messages = [bytes(range(n)) for n in range(64)]
    h = siphash24(KEY, *_words(messages))
    assert int(h[0]) == 0x726FDB47DD0E0E31            # empty message
    assert int(h[15]) == 0xA129CA6149BE45E5           # the paper's example, 15 bytes
    alone = [int(siphash24(KEY, *_words([m]))[0]) for m in messages]
    assert h.tolist() == alone                        # a row does not depend on the others
    assert len(set(alone)) == 64
    other = siphash24(bytes(16), *_words(messages))   # control: the key changes every value
    assert not np.any(other == h)


def test_ids_hash_alike_as_integers_and_text():
    ids = np.r_[np.arange(-5, 500), 10**15, -(2**63)]
    assert np.array_equal(siphash24(KEY, *id_words(ids)), siphash24(KEY, *id_words(ids.astype(str))))
