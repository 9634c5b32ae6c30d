//! @file
//! Umbrella header for cubling's CUDA C++ API: include this, or the layer headers one by one.
#pragma once

#include <cubling/util/arch.cuh>
#include <cubling/util/double_buffer.cuh>
#include <cubling/util/error.cuh>
#include <cubling/util/key_value_pair.cuh>
#include <cubling/util/lane_id.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/math.cuh>
#include <cubling/util/thread_id.cuh>
#include <cubling/util/uninitialized.cuh>

#include <cubling/thread/radix_key_traits.cuh>
#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_load.cuh>
#include <cubling/thread/thread_reduce.cuh>
#include <cubling/thread/thread_scan.cuh>
#include <cubling/thread/thread_store.cuh>

#include <cubling/warp/warp_reduce.cuh>
#include <cubling/warp/warp_scan.cuh>

#include <cubling/block/block_exchange.cuh>
#include <cubling/block/block_load.cuh>
#include <cubling/block/block_radix_rank.cuh>
#include <cubling/block/block_radix_sort.cuh>
#include <cubling/block/block_raking_layout.cuh>
#include <cubling/block/block_reduce.cuh>
#include <cubling/block/block_scan.cuh>
#include <cubling/block/block_store.cuh>
#include <cubling/block/radix_rank_sort_operations.cuh>

#include <cubling/iterator/arg_index_input_iterator.cuh>
#include <cubling/iterator/cache_modified_input_iterator.cuh>
#include <cubling/iterator/cache_modified_output_iterator.cuh>
#include <cubling/iterator/constant_input_iterator.cuh>
#include <cubling/iterator/counting_input_iterator.cuh>
#include <cubling/iterator/discard_output_iterator.cuh>
#include <cubling/iterator/transform_input_iterator.cuh>
#include <cubling/iterator/transform_output_iterator.cuh>

#include <cubling/device/device_radix_sort.cuh>
#include <cubling/device/device_reduce.cuh>
#include <cubling/device/device_scan.cuh>
