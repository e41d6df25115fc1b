"""The collector pause is a scoped context manager: off inside the block, the previous state after it."""

from __future__ import annotations

import gc

import pytest

from openpcf.engine.collector import collector_paused


@pytest.fixture(autouse=True)
def _collector_on():
    gc.enable()
    yield
    gc.enable()


def test_off_inside_the_block_and_on_again_after_it():
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_restored_when_the_block_raises():
    with pytest.raises(ZeroDivisionError):
        with collector_paused():
            1 / 0  # noqa: B018
    assert gc.isenabled()


def test_a_caller_that_switched_it_off_keeps_it_off_also_after_an_error():
    gc.disable()
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()
    with pytest.raises(KeyError):
        with collector_paused():
            raise KeyError("x")
    assert not gc.isenabled()


def test_nested_blocks_switch_it_on_only_when_the_outer_block_ends():
    with collector_paused():
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner block found it off and left it off
    assert gc.isenabled()


def test_an_error_inside_an_estimate_leaves_the_collector_on(monkeypatch):
    from openpcf.engine import estimation
    from openpcf.engine.product import ProductSpec

    def boom(*a, **k):
        assert not gc.isenabled()  # inside the paused block
        raise RuntimeError("factor source failed")

    monkeypatch.setattr(estimation, "_resolve_materials", boom)
    with pytest.raises(RuntimeError):
        estimation.estimate(ProductSpec(name="Invented widget", composition="steel: 100%"), source=object())  # type: ignore[arg-type]
    assert gc.isenabled()
