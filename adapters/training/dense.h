// Small dense linear algebra for the fitters: a symmetric positive definite solve.
#pragma once

#include <vector>

namespace hippolyta {

// Solves A x = b for a symmetric positive definite n x n matrix A (row-major) by Cholesky.
// Returns false (x untouched) if A is not positive definite.
bool solveSpd(std::vector<double> a, std::vector<double> b, int n, std::vector<double>& x);

}  // namespace hippolyta
