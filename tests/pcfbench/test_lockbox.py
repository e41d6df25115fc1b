"""The lockbox rule is frozen: its hash, share and task keys must not drift."""

import hashlib

from openpcf.pcfbench.lockbox import in_lockbox, select_split


def test_rule_is_the_documented_hash():
    for item in ("a", "item-0001", "x" * 24):
        digest = hashlib.sha256(f"openpcf-lockbox-v1:mapping:{item}".encode()).hexdigest()
        assert in_lockbox("mapping", item) == (int(digest[:8], 16) / 2**32 < 0.30)


def test_share_is_about_thirty_percent_and_unlocked_tasks_are_never_locked():
    ids = [f"invented-{i}" for i in range(4000)]
    share = sum(in_lockbox("triage", i) for i in ids) / len(ids)
    assert 0.28 < share < 0.32
    assert not any(in_lockbox("decomposition", i) for i in ids)
    # the compositional task and every EPD setting share the EPD lockbox
    assert [in_lockbox("compositional", i) for i in ids[:200]] == [in_lockbox("epd", i) for i in ids[:200]]


def test_splits_partition_the_items():
    ids = [f"invented-{i}" for i in range(300)]
    dev = select_split("mapping", ids, "dev70", id_of=str)
    box = select_split("mapping", ids, "lockbox", id_of=str)
    assert sorted(dev + box) == sorted(ids) and not set(dev) & set(box)
