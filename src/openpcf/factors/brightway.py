"""Brightway adapter (extra ``[brightway]``): resolve a picklist key in the user's own Brightway project.

The PCFBench picklist key is ecoinvent's ``activity_uuid_product_uuid``. bw2io does not keep it as the
activity ``code``: its ecospold2 importer sets ``code = md5(activity_uuid + product_uuid)``
(``bw2io.utils.es2_activity_hash``). The adapter therefore tries the key as given (hand-made databases)
and then that composite code, runs one LCA for 1 unit of the reference product with the chosen GWP100
method and returns the score.
``bw2data`` and ``bw2calc`` are imported only when the resolver is first used.
"""

from __future__ import annotations

import hashlib

from openpcf import units
from openpcf.factors.record import Factor, FactorMatch, FactorQuery, Source
from openpcf.factors.resolver import fitted_match

DEFAULT_METHOD = ("IPCC 2021", "climate change", "global warming potential (GWP100)")


class BrightwayUnavailableError(RuntimeError):
    pass


def candidate_codes(key: str) -> tuple[str, ...]:
    """Activity codes a picklist key may have in Brightway: the key itself, then bw2io's composite code."""
    activity, sep, product = key.partition("_")
    if not sep or not activity or not product:
        return (key,)
    return key, hashlib.md5((activity + product).encode("utf-8")).hexdigest()


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
        if self.project not in bd.projects:  # set_current would silently create an empty project
            raise BrightwayUnavailableError(f"Brightway project {self.project!r} not found")
        bd.projects.set_current(self.project)
        if self.database not in bd.databases:
            raise BrightwayUnavailableError(f"database {self.database!r} not in project {self.project!r}")
        if self.method not in bd.methods:
            raise BrightwayUnavailableError(f"method {self.method!r} not in project {self.project!r}")
        act = None
        for candidate in candidate_codes(code):
            try:
                act = bd.get_activity((self.database, candidate))
                break
            except bd.errors.UnknownObject:
                act = None
        if act is None:
            self._cache[code] = None
            return None
        lca = bc.LCA({act: 1}, self.method)
        lca.lci()
        lca.lcia()
        f = Factor(
            id=f"brightway:{self.database}:{code}", name=f"{act.get('name', '')} | {act.get('reference product', '')}",
            aliases=(act.get("reference product", ""),), value=float(lca.score),
            unit=units.canonical_unit(act.get("unit") or "kg"),
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
