"""One module per PCFBench task: input → output, with interchangeable solvers (offline, LLM, agentic)."""
