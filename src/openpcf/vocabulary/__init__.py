"""openpcf's own vocabulary: how material, activity and place names are normalised and compared.

One place for spellings (US → UK), stopwords, name normalisation and token overlap (:mod:`.names`).
The PCFBench scorer keeps its own normaliser on purpose (:mod:`openpcf.pcfbench.metrics`): a system
must not grade itself with its own rules.
"""
