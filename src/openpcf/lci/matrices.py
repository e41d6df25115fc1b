"""The linear algebra of an LCI, kept apart from any file format (Brightway's bw2calc style).

- technosphere matrix **A** (products × activities): the reference output on the diagonal (positive),
  inputs from other activities negative;
- biosphere matrix **B** (elementary flows × activities), emissions positive;
- scaling vector **s** solves ``A s = f`` for a final demand **f**;
- inventory ``g = B s``; characterised score ``h = c · g`` with **c** the characterisation vector
  (kg CO2e per unit of each elementary flow).

All functions are pure: arrays in, arrays out.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as spla


class SingularSystemError(ValueError):
    """The technosphere matrix cannot be inverted (e.g. a product with no net output)."""


def solve_scaling(A: sp.spmatrix | np.ndarray, f: np.ndarray) -> np.ndarray:
    """Scaling vector ``s`` with ``A s = f`` (``f`` may be a matrix of several demands, one per column)."""
    A = sp.csc_matrix(A)
    if A.shape[0] != A.shape[1]:
        raise SingularSystemError(f"technosphere matrix must be square, got {A.shape}")
    try:
        lu = spla.splu(A)
    except RuntimeError as exc:
        raise SingularSystemError(f"technosphere matrix is singular: {exc}") from None
    s = lu.solve(np.asarray(f, dtype=float))
    if not np.all(np.isfinite(s)):
        raise SingularSystemError("technosphere system has no finite solution")
    return s


def inventory(B: sp.spmatrix | np.ndarray, s: np.ndarray) -> np.ndarray:
    """Life-cycle inventory ``g = B s`` (elementary flow amounts per demand)."""
    return np.asarray(sp.csr_matrix(B) @ s)


def characterise(c: np.ndarray, g: np.ndarray) -> np.ndarray | float:
    """Impact score ``h = c · g`` (kg CO2e when ``c`` holds GWP100 factors per kg)."""
    return c @ g


def unit_scores(A: sp.spmatrix | np.ndarray, B: sp.spmatrix | np.ndarray, c: np.ndarray) -> np.ndarray:
    """Cradle-to-gate score per one unit of every activity's reference product: ``c B A⁻¹``.

    Solved as ``Aᵀ x = Bᵀ c`` (one sparse LU), so all activities cost one solve.
    """
    A = sp.csc_matrix(A)
    rhs = np.asarray(sp.csr_matrix(B).T @ c).ravel()
    return solve_scaling(A.T, rhs)


def supply_shares(A: sp.spmatrix | np.ndarray, weights_cut: np.ndarray, weights_all: np.ndarray) -> np.ndarray:
    """Per activity ``j``: (cut-off inputs · s_j) / (all inputs · s_j), where ``s_j = A⁻¹ e_j``.

    ``weights_cut[k]`` is the amount (e.g. kg) of inputs of activity ``k`` with no provider and
    ``weights_all[k]`` all its inputs in the same unit; 0 where nothing is weighed.
    """
    A = sp.csc_matrix(A)
    cut = solve_scaling(A.T, np.asarray(weights_cut, dtype=float))
    total = solve_scaling(A.T, np.asarray(weights_all, dtype=float))
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.where(total > 0, cut / total, 0.0)
    return np.clip(share, 0.0, 1.0)
