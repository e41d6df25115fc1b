"""PCFBench: typed task rows, predictions, pure metric functions and one scorer per task."""
