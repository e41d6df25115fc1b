"""Unit-process inventories as read from LCI databases (EcoSpold 1, openLCA JSON-LD, hand-made).

A :class:`UnitProcess` produces ``reference_amount`` of its reference product and lists its
technosphere inputs (products of other processes, linked by name) and its elementary (biosphere)
exchanges. Readers produce these; :mod:`openpcf.lci.system` links them into matrices.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ExchangeKind = Literal["technosphere", "biosphere"]


@dataclass(frozen=True)
class Exchange:
    """One input or output of a unit process, in ``unit`` per ``reference_amount`` of the product."""

    flow: str
    amount: float
    unit: str
    kind: ExchangeKind
    is_input: bool
    compartment: str = ""  # biosphere: "air", "air/urban", "resource/air"…
    location: str = ""  # technosphere: the provider location named by the exchange, if any


@dataclass(frozen=True)
class UnitProcess:
    id: str
    name: str
    reference_product: str
    reference_amount: float
    unit: str
    location: str = ""
    exchanges: tuple[Exchange, ...] = ()
    meta: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
