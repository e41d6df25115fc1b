"""The Parakeet baseline for PCFBench task 3 (mapping): a model paraphrases the need, dense search retrieves
the candidates, the model chooses among them or abstains.

1. **Paraphrase.** The model rewrites the purchased material (name, description, supplier, buyer) as one short
   activity-style query in the words of an LCA database ("polystyrene, high impact, granulate").
2. **Retrieve.** The query goes to the picklist's :class:`openpcf.search.ActivitySearch` — the same index the
   offline system searches — in ``dense`` mode, top ``k`` (10). Without an embedder the search falls back to
   BM25, and the trace says so.
3. **Choose.** The model sees the need and the numbered candidates and answers with one of their reference
   product names — the answer schema is an enum of exactly those names, so a server with grammar-constrained
   decoding cannot name anything else — or ``null`` to abstain.
4. **Output** in the mapping schema: ``{"reference_product": NAME, "confidence": c}``. PCFBench's mapping
   schema has no abstention (``reference_product`` is a required name), so an abstention is recorded as the
   item's ``error`` (``abstained: …``) with no output, and ``trace.choice`` says ``abstained: true``; the
   mapping scorer counts it as a miss, as it counts any item without a name.

The trace keeps the paraphrase, the search method, the candidates with their scores, and the choice.
Each model call goes through the run's guarded model (cache, rate limit, retries, metering), so tokens and
cost are the item's ``usage`` as for every model solver.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, create_model

from openpcf.llm.prompt_book import PromptBook
from openpcf.search import ActivitySearch, SearchHit
from openpcf.systems.model.mapping import need_context
from openpcf.systems.model.model_solver import SUBMIT_TOOL, raw_answers
from openpcf.systems.protocol import SolverResult

TEMPLATES = (
    "parakeet.paraphrase.system.j2",
    "parakeet.paraphrase.user.j2",
    "parakeet.choose.system.j2",
    "parakeet.choose.user.j2",
)
TOP_K = 10
MAX_QUERY_CHARS = 120  # the answer schema's bound on the query (a grammar-constrained server stops there)


class ParaphraseAnswer(BaseModel):
    # No description: small models copy a field's description into the value (the instructions say it all).
    query: str = Field(max_length=MAX_QUERY_CHARS)


def choice_answer(names: list[str]) -> type[BaseModel]:
    """The choice schema of one item: one of the candidates' reference product names, or null (abstain)."""
    options = Literal[tuple(names)]  # type: ignore[valid-type]
    return create_model(
        "ChoiceAnswer",
        reference_product=(
            options | None,
            Field(description="the chosen candidate's reference product name, exactly as listed; null if none fits"),
        ),
        confidence=(float | None, Field(default=None, ge=0.0, le=1.0, description="probability the choice is right")),
    )


def candidate_rows(hits: list[SearchHit]) -> list[dict[str, Any]]:
    """The candidates as the trace and the prompt show them: one per reference product, best first."""
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    for hit in hits:
        name = hit.record.label
        if name in seen:  # two activities with one reference product: the answer is the name, keep the best
            continue
        seen.add(name)
        rows.append({
            "rank": len(rows) + 1,
            "reference_product": name,
            "activity_name": hit.record.name,
            "information": (hit.record.description or "")[:300],
            "score": round(hit.score, 6),
            "dense_score": None if hit.dense_score is None else round(hit.dense_score, 6),
            "bm25_score": None if hit.bm25_score is None else round(hit.bm25_score, 6),
        })  # fmt: skip
    return rows


class ParakeetSolver:
    """Paraphrase → dense top-k over the picklist → the model chooses one candidate or abstains."""

    def __init__(
        self,
        name: str,
        model: Any,
        prompts: PromptBook,
        search: ActivitySearch,
        *,
        k: int = TOP_K,
        output_retries: int = 1,
        model_settings: dict[str, Any] | None = None,
    ):
        from pydantic_ai import Agent, ToolOutput

        if k < 1:
            raise ValueError("the number of candidates must be at least 1")
        self.name = name
        self.model = model
        self.prompts = prompts
        self.search = search
        self.k = k
        self.templates = list(TEMPLATES)
        submit = "Submit the answer."
        self._paraphrase = Agent(
            model, name=f"{name} paraphrase",
            output_type=ToolOutput(ParaphraseAnswer, name=SUBMIT_TOOL, description=submit),
            instructions=prompts.render("parakeet.paraphrase.system.j2"),
            retries=output_retries, model_settings=model_settings or {},
        )  # fmt: skip
        self._choose = Agent(
            model, name=f"{name} choose",
            output_type=ToolOutput(ParaphraseAnswer, name=SUBMIT_TOOL, description=submit),  # replaced per item
            instructions=prompts.render("parakeet.choose.system.j2", k=k),
            retries=output_retries, model_settings=model_settings or {},
        )  # fmt: skip

    @property
    def method(self) -> str:
        """``dense``, or ``bm25`` where no embedder could load (the search's own fallback)."""
        return "dense" if self.search.dense_available else "bm25"

    async def solve(self, row: Any) -> SolverResult:
        from pydantic_ai import ToolOutput, capture_run_messages
        from pydantic_ai.exceptions import UnexpectedModelBehavior

        need = need_context(row)
        trace: dict[str, Any] = {"solver": self.name, "system": "parakeet", "turns": 0}
        with capture_run_messages() as messages:
            try:
                said = await self._paraphrase.run(self.prompts.render("parakeet.paraphrase.user.j2", **need))
            except UnexpectedModelBehavior as exc:
                return _failure("paraphrase", exc, messages, trace)
        trace["turns"] += said.usage.requests
        paraphrase = " ".join(said.output.query.split())
        query = paraphrase or str(need["material_name"])  # an empty paraphrase: search the material's name
        trace["paraphrase"] = paraphrase
        if query != paraphrase:
            trace["query"] = query

        hits = self.search.search(query, k=self.k, method=self.method)
        candidates = candidate_rows(hits)
        trace["search"] = {"method": self.method, "k": self.k}
        trace["candidates"] = candidates
        if not candidates:  # nothing to choose from: abstain without asking
            trace["choice"] = {"reference_product": None, "abstained": True, "reason": "no candidates"}
            return SolverResult(error=f"abstained: the {self.method} search found no candidate", trace=trace)

        names = [c["reference_product"] for c in candidates]
        answer_type = choice_answer(names)
        prompt = self.prompts.render("parakeet.choose.user.j2", query=paraphrase, candidates=candidates, **need)
        with capture_run_messages() as messages:
            try:
                chosen = await self._choose.run(
                    prompt,
                    output_type=ToolOutput(answer_type, name=SUBMIT_TOOL, description="Submit the choice."),
                )
            except UnexpectedModelBehavior as exc:
                return _failure("choose", exc, messages, trace)
        trace["turns"] += chosen.usage.requests
        name, confidence = chosen.output.reference_product, chosen.output.confidence
        if name is None:
            trace["choice"] = {"reference_product": None, "abstained": True, "confidence": confidence}
            error = f"abstained: the model chose none of the {len(names)} candidates"
            return SolverResult(error=error, trace=trace)
        rank = names.index(name) + 1
        trace["choice"] = {"reference_product": name, "abstained": False, "candidate_rank": rank,
                           "confidence": confidence}  # fmt: skip
        out: dict[str, Any] = {"reference_product": name}
        if confidence is not None:
            out["confidence"] = confidence
        return SolverResult(output=out, trace=trace)


def _failure(stage: str, exc: Exception, messages: list[Any], trace: dict[str, Any]) -> SolverResult:
    """No valid answer at ``stage``: a recorded failure that keeps what was done so far and the raw text."""
    error = f"{type(exc).__name__} ({stage}): {' '.join(str(exc).split())[:300]}"
    return SolverResult(error=error, trace={**trace, "failed_stage": stage, "raw_answers": raw_answers(messages)})
