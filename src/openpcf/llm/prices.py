"""USD cost of model calls from a maintained price table (``prices.json``: date, source, USD per 1M tokens).

``OPENPCF_PRICES`` may point at a user's own table in the same format. A model the table does not list has
an unknown cost (``None``), never a made-up one.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, Field

_DEFAULT = Path(__file__).with_name("prices.json")


class TokenPrice(BaseModel):
    input: float = Field(ge=0, description="USD per 1M input tokens")
    output: float = Field(ge=0, description="USD per 1M output tokens")


class PriceTable(BaseModel):
    as_of: str
    currency: str = "USD"
    unit: str = "per 1,000,000 tokens"
    source: str
    models: dict[str, TokenPrice]

    def price(self, model_name: str) -> TokenPrice | None:
        """Price of a model: exact name, else the longest listed name the model name starts with (dated
        snapshots), after dropping a vendor prefix (``anthropic/…``, ``us.anthropic.…``)."""
        name = model_name.strip().lower().rsplit("/", 1)[-1]
        dash = name.find("-")
        name = name[name.rfind(".", 0, dash if dash >= 0 else len(name)) + 1 :]
        if name in self.models:
            return self.models[name]
        best = max((k for k in self.models if name.startswith(k)), key=len, default=None)
        return self.models[best] if best else None


def cost_usd(price: TokenPrice | None, input_tokens: int, output_tokens: int) -> float | None:
    """USD for one call's tokens; ``None`` when the price is unknown."""
    if price is None:
        return None
    return (input_tokens * price.input + output_tokens * price.output) / 1_000_000


@lru_cache(maxsize=4)
def _load(path: str) -> PriceTable:
    try:
        return PriceTable.model_validate(json.loads(Path(path).read_text(encoding="utf-8")))
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: cannot read the price table: {exc}") from None


def price_table() -> PriceTable:
    """The price table in force (``OPENPCF_PRICES`` or the shipped one)."""
    return _load(os.environ.get("OPENPCF_PRICES") or str(_DEFAULT))
