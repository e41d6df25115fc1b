"""openpcf: AI-assisted, auditable product carbon footprints.

Three jobs: ``estimate`` (compositional cradle-to-gate PCF with a full trace), ``bench``
(run and score any system on PCFBench exactly as the paper does) and ``search`` (find the
right background activity or LCI process, and evaluate retrieval).
"""

__version__ = "0.1.0"
