// BLOCK_LOAD_VECTORIZE and BLOCK_STORE_VECTORIZE, against the CPU arrangement and CUB's
// same algorithms (see test_block_load_store.cuh; main() is in test_block_load_store.cu).
#include "test_block_load_store.cuh"

namespace block_load_store_test
{

void check_vectorize()
{
  check_algorithm<cubling::BLOCK_LOAD_VECTORIZE, cub::BLOCK_LOAD_VECTORIZE, cubling::BLOCK_STORE_VECTORIZE,
                  cub::BLOCK_STORE_VECTORIZE>("BLOCK_LOAD/STORE_VECTORIZE");
}

} // namespace block_load_store_test
