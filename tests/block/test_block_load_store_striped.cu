// BLOCK_LOAD_STRIPED and BLOCK_STORE_STRIPED, against the CPU arrangement and CUB's
// same algorithms (see test_block_load_store.cuh; main() is in test_block_load_store.cu).
#include "test_block_load_store.cuh"

namespace block_load_store_test
{

void check_striped()
{
  check_algorithm<cubling::BLOCK_LOAD_STRIPED, cub::BLOCK_LOAD_STRIPED, cubling::BLOCK_STORE_STRIPED,
                  cub::BLOCK_STORE_STRIPED>("BLOCK_LOAD/STORE_STRIPED");
}

} // namespace block_load_store_test
