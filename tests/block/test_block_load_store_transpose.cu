// BLOCK_LOAD_TRANSPOSE and BLOCK_STORE_TRANSPOSE, against the CPU arrangement and CUB's
// same algorithms (see test_block_load_store.cuh; main() is in test_block_load_store.cu).
#include "test_block_load_store.cuh"

namespace block_load_store_test
{

void check_transpose()
{
  check_algorithm<cubling::BLOCK_LOAD_TRANSPOSE, cub::BLOCK_LOAD_TRANSPOSE, cubling::BLOCK_STORE_TRANSPOSE,
                  cub::BLOCK_STORE_TRANSPOSE>("BLOCK_LOAD/STORE_TRANSPOSE");
}

} // namespace block_load_store_test
