// cubling::BlockReduce with BLOCK_REDUCE_RAKING, on the GPU, against a CPU fold and
// cub::BlockReduce with the same algorithm (see test_block_reduce.cuh).
#include "test_block_reduce.cuh"

int main(int argc, char** argv)
{
  return block_reduce_test::run<cubling::BLOCK_REDUCE_RAKING, cub::BLOCK_REDUCE_RAKING>(argc, argv,
                                                                                        "BLOCK_REDUCE_RAKING");
}
