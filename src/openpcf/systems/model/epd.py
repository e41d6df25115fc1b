"""Task 7: kg CO2e per declared unit of a product, in the four cumulative context settings."""

from __future__ import annotations

import math
from typing import Any

from openpcf.pcfbench.data import EpdSetting, epd_input_for_setting
from openpcf.systems.model.answers import FootprintAnswer
from openpcf.systems.model.model_solver import TaskPrompt

LABELS = {
    "product_name": "Product",
    "quantity_unit": "Declared unit",
    "description": "Description",
    "composition": "Composition",
    "recycled_content": "Recycled content",
    "geography": "Geography",
    "country_of_origin": "Country of origin",
}


def epd_prompt(setting: EpdSetting) -> TaskPrompt:
    def context(row: Any) -> dict[str, Any]:
        fields = epd_input_for_setting(row.input, setting)
        return {"fields": {LABELS[k]: v for k, v in fields.items()}}

    def finish(row: Any, answer: FootprintAnswer) -> tuple[dict[str, Any], dict[str, Any]]:
        value = answer.kgco2e if math.isfinite(answer.kgco2e) else None
        return {"kgco2e": value}, {"setting": setting}

    return TaskPrompt(
        system="epd.system.j2", user="epd.user.j2", answer=FootprintAnswer, context=context, finish=finish
    )
