"""Brightway adapter (extra ``[brightway]``): resolve a picklist key in the user's own Brightway project.

ecoinvent imported with bw2io keeps each dataset's file stem — ``activity_uuid_product_uuid``, the
PCFBench picklist key — as the activity ``code``. The adapter looks that code up in the user's database,
runs one LCA for 1 unit of its reference product with the chosen GWP100 method and returns the score.
``bw2data`` and ``bw2calc`` are imported only when the resolver is first used.
"""

from __future__ import annotations

from openpcf.factors.record import Factor, FactorMatch, FactorQuery, Source
from openpcf.factors.resolver import fitted_match

DEFAULT_METHOD = ("IPCC 2021", "climate change", "global warming potential (GWP100)")


class BrightwayUnavailableError(RuntimeError):
    pass


class BrightwayResolver:
    """Scores picklist keys (activity codes) with bw2calc in an existing Brightway project."""

    def __init__(self, project: str, database: str, method: tuple[str, ...] = DEFAULT_METHOD,
                 name: str = "brightway", license: str = "as licensed to the user (e.g. ecoinvent EULA)") -> None:
        self.project, self.database, self.method = project, database, tuple(method)
        self.name, self.license = name, license
        self._cache: dict[str, Factor | None] = {}

    def _modules(self):
        try:
            import bw2calc
            import bw2data
        except ModuleNotFoundError as exc:
            raise BrightwayUnavailableError("the Brightway adapter needs bw2data and bw2calc: "
                                            "pip install 'openpcf[brightway]'") from exc
        return bw2data, bw2calc

    def factor_for_code(self, code: str) -> Factor | None:
        """kg CO2e per unit of the activity ``code`` (None when the database has no such activity)."""
        if code in self._cache:
            return self._cache[code]
        bd, bc = self._modules()
        bd.projects.set_current(self.project)
        if self.method not in bd.methods:
            raise BrightwayUnavailableError(f"method {self.method!r} not in project {self.project!r}")
        try:
            act = bd.get_activity((self.database, code))
        except Exception:  # noqa: BLE001 - bw2data raises UnknownObject / DoesNotExist by version
            self._cache[code] = None
            return None
        lca = bc.LCA({act: 1}, self.method)
        lca.lci()
        lca.lcia()
        f = Factor(
            id=f"brightway:{self.database}:{code}", name=f"{act.get('name', '')} | {act.get('reference product', '')}",
            aliases=(act.get("reference product", ""),), value=float(lca.score), unit=act.get("unit", "kg") or "kg",
            boundary=f"cradle-to-gate (Brightway LCA of {self.database})", geography=act.get("location", "GLO"),
            year=2024, gwp=" / ".join(self.method), category="brightway",
            source=Source(publisher="user's Brightway project", document=f"project {self.project}, database "
                          f"{self.database}", table=" / ".join(self.method), row=code),
            license=self.license, quality="high")
        self._cache[code] = f
        return f

    def resolve(self, query: FactorQuery) -> FactorMatch | None:
        if not query.key:
            return None
        f = self.factor_for_code(query.key)
        if f is None:
            return None
        return fitted_match(f, query, "key", 1.0, "high", self.name, query.key)
