"""A large BOM repeats a few names: each distinct name is mapped once (issue 12 item 14), every line keeps
its own input, and the speed-ups change no number. Hand-made factor tables, invented part names."""

from __future__ import annotations

import gc
from collections import Counter

import numpy as np
import pytest

from openpcf.engine import ProductSpec, estimate, estimation
from openpcf.engine.collector import collector_paused
from openpcf.engine.estimation import EstimateError
from openpcf.engine.product import BomEntry
from openpcf.engine.trace import FactorProvenance, InputLine, Rate
from openpcf.engine.uncertainty import BLOCK, monte_carlo
from openpcf.factors.record import FactorMatch, FactorQuery
from tests.support.factor_tables import TableSource, _factor

#: steel (own factor), class fallbacks (metals, plastics), a proxy, a recycled input (cut-off), an unknown part
NAMES = ["steel", "polyurethane foam", "copper wire", "unlisted part", "recycled steel", "ABS housing", "nylon",
         "epoxy resin"]
FACTORS = [_factor("steel", 2.0), _factor("plastics, average", 2.5), _factor("metals", 3.0),
           _factor("electricity, low voltage", 0.4, unit="kWh"), _factor("natural gas, burnt", 0.06, unit="MJ")]


class CountingSource(TableSource):
    """The hand-made table, counting how often each name is asked."""

    def __init__(self) -> None:
        super().__init__(FACTORS)
        self.asked: Counter[str] = Counter()

    def resolve(self, query: FactorQuery) -> FactorMatch | None:
        self.asked[query.name] += 1
        return super().resolve(query)


def _bom(repeats: int) -> list[BomEntry]:
    """Every name ``repeats`` times, interleaved (steel, foam, …, steel, foam, …), 10 g each."""
    return [BomEntry(name=n, amount=10, unit="g") for _ in range(repeats) for n in NAMES]


def _estimate(repeats: int, source: TableSource) -> object:
    return estimate(ProductSpec(name="assembly", declared_unit="1 item", bom=_bom(repeats)), source=source, runs=50,
                    product_class="general_manufacturing")


def test_each_distinct_name_is_asked_of_the_source_as_often_for_300_lines_as_for_one():
    once, many = CountingSource(), CountingSource()
    _estimate(1, once)
    _estimate(300, many)
    assert many.asked == once.asked
    # worked: one lookup per name; "steel" also as the virgin reading of "recycled steel"; the class text
    # "plastics, average" for the three class fallbacks and the one proxy, "chemical, organic" for epoxy's
    # class fallback (not in the table); electricity for the process default and for reprocessing the
    # recycled feed
    assert once.asked["epoxy resin"] == 1 and once.asked["steel"] == 2 and once.asked["plastics, average"] == 4
    assert once.asked["electricity, low voltage"] == 2 and sum(once.asked.values()) == 18


def test_the_mapping_helpers_run_once_per_distinct_name(monkeypatch):
    calls: Counter[str] = Counter()
    real_choose, real_provenance, real_proxy = estimation.choose_factor, estimation.provenance, estimation._class_proxy

    def choose(reading, source, **kw):
        calls[f"choose:{reading.name}"] += 1
        return real_choose(reading, source, **kw)

    def prov(match, **kw):
        calls[f"provenance:{match.factor.name}"] += 1
        return real_provenance(match, **kw)

    def proxy(line, source, geography):
        calls[f"proxy:{line.name}"] += 1
        return real_proxy(line, source, geography)

    monkeypatch.setattr(estimation, "choose_factor", choose)
    monkeypatch.setattr(estimation, "provenance", prov)
    monkeypatch.setattr(estimation, "_class_proxy", proxy)
    _estimate(1, CountingSource())
    once = Counter(calls)
    calls.clear()
    _estimate(250, CountingSource())  # 2,000 lines
    assert calls == once
    assert calls["proxy:epoxy resin"] == 1 and calls["proxy:unlisted part"] == 1
    # epoxy resin: its name, its class fallback text, the proxy's class text; nylon: its name, the class text
    assert calls["choose:steel"] == 1 and calls["choose:nylon"] == 2 and calls["choose:epoxy resin"] == 3
    # one factor record per mapped name: three class fallbacks and the proxy share "plastics, average"; the
    # two electricity lines (process default, reprocessing) have one each
    assert calls["provenance:steel"] == 1 and calls["provenance:plastics, average"] == 4
    assert calls["provenance:metals"] == 1 and calls["provenance:electricity, low voltage"] == 2
    assert sum(calls.values()) == 25  # 14 choices, 9 factor records, 2 proxies


def test_repeated_lines_keep_their_own_input_and_all_get_the_first_lines_mapping():
    t = _estimate(300, CountingSource())
    assert len(t.inputs) == 2_400 and [x.id for x in t.inputs[:2]] == ["m1", "m2"] and t.inputs[-1].id == "m2400"
    assert all(x.rate.as_given == "10 g" and x.rate.value == pytest.approx(0.01) for x in t.inputs)
    by_name: dict[str, list] = {}
    for line in t.inputs:
        by_name.setdefault(line.name, []).append(line)
    for name, lines in by_name.items():
        first = lines[0].model_dump(exclude={"id", "kgco2e", "share"})
        assert len(lines) == 300 and all(x.model_dump(exclude={"id", "kgco2e", "share"}) == first for x in lines), name
    foam, epoxy, unknown = by_name["polyurethane foam"][-1], by_name["epoxy resin"][-1], by_name["unlisted part"][-1]
    assert foam.factor.name == "plastics, average" and foam.factor.match_method == "class"
    assert epoxy.factor.match_method == "proxy" and len(epoxy.notes) == 1 and epoxy.notes[0].startswith("no factor of its own")
    assert unknown.factor is None and len(unknown.notes) == 1
    assert by_name["recycled steel"][-1].boundary.recycled_rule == "cut_off"
    # 300 × 10 g × (steel 2.0 + foam, ABS, nylon, epoxy 2.5 each + copper 3.0; recycled steel 0; unknown none)
    assert t.result.materials_kgco2e == pytest.approx(300 * 0.01 * (2.0 + 4 * 2.5 + 3.0))


def test_finish_leaves_the_trace_it_was_given_as_it_was():
    t = _estimate(2, CountingSource())
    lines = [x.model_copy(update={"kgco2e": None, "share": None}) for x in t.inputs]
    bare = t.model_copy(update={"inputs": lines, "result": None, "uncertainty": None})
    out = estimation.finish(bare, runs=50)
    assert out is not bare and all(x.kgco2e is None for x in bare.inputs) and bare.result is None
    assert out.result.kgco2e == pytest.approx(t.result.kgco2e) and out.result.p2_5 == t.result.p2_5


def _textbook_total(lines: list[InputLine], runs: int, seed: int) -> np.ndarray:
    """The Monte Carlo sum written as the formula, one temporary per term (the form before the in-place one)."""
    c = np.array([x.rate.value * x.factor.value for x in lines])
    sigma_q = np.log(np.maximum([x.rate.spread for x in lines], 1.0))
    sigma_f = np.log(np.maximum([x.factor.spread for x in lines], 1.0))
    _, factor_index = np.unique([x.factor.id for x in lines], return_inverse=True)
    rng = np.random.default_rng(seed)
    z_factor = rng.standard_normal((int(factor_index.max()) + 1, runs))
    total = np.zeros(runs)
    for start in range(0, len(lines), BLOCK):
        block = slice(start, start + BLOCK)
        sf, sq = sigma_f[block, None], sigma_q[block, None]
        z_rate = rng.standard_normal((sq.shape[0], runs))
        log_draw = sf * z_factor[factor_index[block]] - sf**2 / 2 + sq * z_rate - sq**2 / 2
        total += (c[block, None] * np.exp(log_draw)).sum(axis=0)
    return total


def test_in_place_monte_carlo_gives_the_textbook_numbers_exactly():
    def line(i: int) -> InputLine:
        factor = FactorProvenance(id=f"f{i % 3}", name=f"part {i % 3}", value=1.0 + i % 3, unit="kg", source="test",
                                  license="CC0", spread=1.2 + 0.1 * (i % 3))
        return InputLine(id=f"m{i}", name=f"part {i}", rate=Rate(value=0.1 + 0.001 * i, unit="kg", origin="user",
                                                                   spread=1.1), factor=factor)

    lines = [line(i) for i in range(BLOCK + 88)]  # two blocks
    trace = _estimate(1, CountingSource()).model_copy(update={"inputs": lines, "energy": []})
    u = monte_carlo(trace, runs=300, seed=11)
    total = _textbook_total(lines, 300, 11)
    assert u.median == float(np.median(total)) and u.mean == float(total.mean())
    assert u.p2_5 == float(np.percentile(total, 2.5)) and u.p97_5 == float(np.percentile(total, 97.5))


def test_the_collector_is_back_on_after_an_estimate_and_after_an_error():
    assert gc.isenabled()
    seen = []

    def probe() -> None:
        with collector_paused():
            seen.append(gc.isenabled())

    probe()
    assert seen == [False] and gc.isenabled()
    with pytest.raises(EstimateError):
        estimate(ProductSpec(name="nothing"), source=CountingSource())  # no composition, no BOM
    assert gc.isenabled()
    gc.disable()
    try:
        probe()
        assert not gc.isenabled()  # a caller that switched it off keeps it off
    finally:
        gc.enable()
