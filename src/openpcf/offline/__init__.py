"""openpcf's own offline solvers for the PCFBench tasks: deterministic, no network, explained."""
