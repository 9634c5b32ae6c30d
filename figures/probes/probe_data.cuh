// probe_data.cuh: the design probes' input: `words` pseudo-random 32-bit
// words, a hash of each index and a salt (the same words on every run).
#pragma once

#include <cstdint>

__global__ void fill(unsigned* p, int64_t words, unsigned salt)
{
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < words; i += int64_t{gridDim.x} * blockDim.x)
  {
    unsigned x = static_cast<unsigned>(i) * 2654435761u ^ salt;
    x ^= x >> 13;
    x *= 0x5bd1e995u;
    x ^= x >> 15;
    p[i] = x;
  }
}
