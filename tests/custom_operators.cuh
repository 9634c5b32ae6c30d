// custom_operators.cuh: the custom value type and operators that the thread
// and warp tests (reduce and scan) run every primitive with, defined once.
#pragma once

#include <cstdint>

// example-begin custom-operator
// A custom value type with a non-commutative, associative operator: the
// affine map x -> a*x + b over 32-bit unsigned wraparound arithmetic.
// Combining f then g gives x -> g.a*(f.a*x + f.b) + g.b, so a result that
// combines items out of order is caught.
struct Affine
{
  uint32_t a, b;
};

struct ComposeAffine
{
  __host__ __device__ Affine operator()(const Affine& f, const Affine& g) const
  {
    return {g.a * f.a, g.a * f.b + g.b};
  }
};

// An associative and commutative custom operator on integers.
struct BitXor
{
  template <typename T>
  __host__ __device__ T operator()(const T& x, const T& y) const
  {
    return static_cast<T>(x ^ y);
  }
};
// example-end custom-operator
