/*! @file
 * cubling's C API (C99, host only).
 *
 * Every device-wide algorithm of cubling is also exported here, so that a C
 * program, or any language with a C FFI, can call it without a C++ compiler.
 * Link against `libcubling` (CMake target `cubling::cubling`).
 *
 * @section conventions Conventions that every C entry point follows
 *
 * - **Names.** `cubling_<layer>_<algorithm>_<operation>_<type>`, all lower
 *   case, with the key or item type as a short suffix: `i32 u32 i64 u64 f32
 *   f64`. For example `cubling_device_reduce_sum_i32`. Sorts of pairs add
 *   the value's width: `_v32` or `_v64`
 *   (`cubling_device_radix_sort_pairs_u32_v32`).
 * - **Status codes.** Every entry point returns a `cudaError_t`: `cudaSuccess`,
 *   `cudaErrorInvalidValue` for bad arguments (checked before any launch,
 *   with nothing written), or the error a launch or the runtime reported.
 *   Nothing aborts and nothing prints. `cubling_error_string()` explains a code.
 * - **Two-phase temporary storage**, exactly as in CUB. The first two arguments
 *   are `void* d_temp_storage` and `size_t* temp_storage_bytes`. Call once with
 *   `d_temp_storage == NULL`: only `*temp_storage_bytes` is written (the data
 *   pointers are not checked, and the device is not touched). Allocate that
 *   many bytes, then call again with the same arguments to run the algorithm.
 *   The size query's promise: it needs no GPU and no CUDA context (it works
 *   on a machine without a GPU); its answer depends only on the function and
 *   `num_items`, never on the device, the pointers or the stream; it is
 *   never 0; and it is enough for a run with that count on any device,
 *   whatever tuning the device selects, at any address of the temporary
 *   storage (its alignment is accounted for). A larger block works too; a
 *   smaller one is `cudaErrorInvalidValue`.
 * - **Counts** are `int64_t`, so more than 2^31 items work everywhere. A
 *   negative count is `cudaErrorInvalidValue`; a count of 0 succeeds.
 * - **The stream** is the last argument. Entry points are asynchronous with
 *   respect to the host: they never synchronise it.
 */
#ifndef CUBLING_H
#define CUBLING_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/*! Major version of the headers you compiled against. */
#define CUBLING_VERSION_MAJOR 0
/*! Minor version of the headers you compiled against. */
#define CUBLING_VERSION_MINOR 1
/*! Patch version of the headers you compiled against. */
#define CUBLING_VERSION_PATCH 0
/*! The version as one number: `major * 10000 + minor * 100 + patch`. */
#define CUBLING_VERSION (CUBLING_VERSION_MAJOR * 10000 + CUBLING_VERSION_MINOR * 100 + CUBLING_VERSION_PATCH)

/*! @brief Version of the compiled library, as `major * 10000 + minor * 100 + patch`.
 *
 * Compare it with `CUBLING_VERSION` to detect a header/library mismatch.
 */
int cubling_version(void);

/*! @brief Version of the compiled library as text, for example `"0.1.0"`.
 *
 * @return a static string; never NULL
 */
const char* cubling_version_string(void);

/*! @brief Explain a status code returned by a cubling entry point.
 *
 * For `cudaErrorInvalidValue`, the text lists what cubling checks before a
 * launch (null pointers, a negative count, too little temporary storage, a
 * bit range out of bounds). Any other code gets the CUDA runtime's text.
 *
 * @param status  a code returned by cubling or by the CUDA runtime
 * @return a static string; never NULL, also for unknown codes
 */
const char* cubling_error_string(cudaError_t status);

/*! @defgroup c_device_reduce DeviceReduce (C API)
 * @brief `cubling::DeviceReduce` for C: sum, min, max, argmin and argmax of
 * `int32_t`, `uint32_t`, `int64_t`, `uint64_t`, `float` and `double` arrays.
 *
 * They follow the conventions above. Sums wrap around for integers and
 * are bitwise deterministic for `float` and `double` (same input, same
 * device, same bits). An empty input writes 0 (sum), the type's largest
 * value (min) or its lowest value (max); argmin/argmax then write that value
 * and index 1, as CUB does. Ties in argmin/argmax go to the smallest index.
 * `cudaErrorInvalidValue`, with nothing written: `temp_storage_bytes` is
 * NULL, `num_items` is negative, or (outside the size query) the temporary
 * storage is smaller than the size query said, `d_out` (or `d_value_out`,
 * `d_index_out`) is NULL, or `d_in` is NULL while `num_items > 0`.
 * @{
 */

/*! @brief Write the sum of `num_items` `int32_t` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_sum_i32(void* d_temp_storage, size_t* temp_storage_bytes, const int32_t* d_in,
                                         int32_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the sum of `num_items` `uint32_t` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_sum_u32(void* d_temp_storage, size_t* temp_storage_bytes, const uint32_t* d_in,
                                         uint32_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the sum of `num_items` `int64_t` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_sum_i64(void* d_temp_storage, size_t* temp_storage_bytes, const int64_t* d_in,
                                         int64_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the sum of `num_items` `uint64_t` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_sum_u64(void* d_temp_storage, size_t* temp_storage_bytes, const uint64_t* d_in,
                                         uint64_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the sum of `num_items` `float` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_sum_f32(void* d_temp_storage, size_t* temp_storage_bytes, const float* d_in,
                                         float* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the sum of `num_items` `double` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_sum_f64(void* d_temp_storage, size_t* temp_storage_bytes, const double* d_in,
                                         double* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the smallest item of `num_items` `int32_t` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_min_i32(void* d_temp_storage, size_t* temp_storage_bytes, const int32_t* d_in,
                                         int32_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the smallest item of `num_items` `uint32_t` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_min_u32(void* d_temp_storage, size_t* temp_storage_bytes, const uint32_t* d_in,
                                         uint32_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the smallest item of `num_items` `int64_t` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_min_i64(void* d_temp_storage, size_t* temp_storage_bytes, const int64_t* d_in,
                                         int64_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the smallest item of `num_items` `uint64_t` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_min_u64(void* d_temp_storage, size_t* temp_storage_bytes, const uint64_t* d_in,
                                         uint64_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the smallest item of `num_items` `float` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_min_f32(void* d_temp_storage, size_t* temp_storage_bytes, const float* d_in,
                                         float* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the smallest item of `num_items` `double` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_min_f64(void* d_temp_storage, size_t* temp_storage_bytes, const double* d_in,
                                         double* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the largest item of `num_items` `int32_t` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_max_i32(void* d_temp_storage, size_t* temp_storage_bytes, const int32_t* d_in,
                                         int32_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the largest item of `num_items` `uint32_t` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_max_u32(void* d_temp_storage, size_t* temp_storage_bytes, const uint32_t* d_in,
                                         uint32_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the largest item of `num_items` `int64_t` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_max_i64(void* d_temp_storage, size_t* temp_storage_bytes, const int64_t* d_in,
                                         int64_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the largest item of `num_items` `uint64_t` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_max_u64(void* d_temp_storage, size_t* temp_storage_bytes, const uint64_t* d_in,
                                         uint64_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the largest item of `num_items` `float` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_max_f32(void* d_temp_storage, size_t* temp_storage_bytes, const float* d_in,
                                         float* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the largest item of `num_items` `double` at `d_in` to `*d_out`. */
cudaError_t cubling_device_reduce_max_f64(void* d_temp_storage, size_t* temp_storage_bytes, const double* d_in,
                                         double* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the first smallest of `num_items` `int32_t` at `d_in` to `*d_value_out`, and its index to `*d_index_out`. */
cudaError_t cubling_device_reduce_argmin_i32(void* d_temp_storage, size_t* temp_storage_bytes, const int32_t* d_in,
                                            int32_t* d_value_out, int64_t* d_index_out, int64_t num_items,
                                            cudaStream_t stream);

/*! @brief Write the first smallest of `num_items` `uint32_t` at `d_in` to `*d_value_out`, and its index to `*d_index_out`. */
cudaError_t cubling_device_reduce_argmin_u32(void* d_temp_storage, size_t* temp_storage_bytes, const uint32_t* d_in,
                                            uint32_t* d_value_out, int64_t* d_index_out, int64_t num_items,
                                            cudaStream_t stream);

/*! @brief Write the first smallest of `num_items` `int64_t` at `d_in` to `*d_value_out`, and its index to `*d_index_out`. */
cudaError_t cubling_device_reduce_argmin_i64(void* d_temp_storage, size_t* temp_storage_bytes, const int64_t* d_in,
                                            int64_t* d_value_out, int64_t* d_index_out, int64_t num_items,
                                            cudaStream_t stream);

/*! @brief Write the first smallest of `num_items` `uint64_t` at `d_in` to `*d_value_out`, and its index to `*d_index_out`. */
cudaError_t cubling_device_reduce_argmin_u64(void* d_temp_storage, size_t* temp_storage_bytes, const uint64_t* d_in,
                                            uint64_t* d_value_out, int64_t* d_index_out, int64_t num_items,
                                            cudaStream_t stream);

/*! @brief Write the first smallest of `num_items` `float` at `d_in` to `*d_value_out`, and its index to `*d_index_out`. */
cudaError_t cubling_device_reduce_argmin_f32(void* d_temp_storage, size_t* temp_storage_bytes, const float* d_in,
                                            float* d_value_out, int64_t* d_index_out, int64_t num_items,
                                            cudaStream_t stream);

/*! @brief Write the first smallest of `num_items` `double` at `d_in` to `*d_value_out`, and its index to `*d_index_out`. */
cudaError_t cubling_device_reduce_argmin_f64(void* d_temp_storage, size_t* temp_storage_bytes, const double* d_in,
                                            double* d_value_out, int64_t* d_index_out, int64_t num_items,
                                            cudaStream_t stream);

/*! @brief Write the first largest of `num_items` `int32_t` at `d_in` to `*d_value_out`, and its index to `*d_index_out`. */
cudaError_t cubling_device_reduce_argmax_i32(void* d_temp_storage, size_t* temp_storage_bytes, const int32_t* d_in,
                                            int32_t* d_value_out, int64_t* d_index_out, int64_t num_items,
                                            cudaStream_t stream);

/*! @brief Write the first largest of `num_items` `uint32_t` at `d_in` to `*d_value_out`, and its index to `*d_index_out`. */
cudaError_t cubling_device_reduce_argmax_u32(void* d_temp_storage, size_t* temp_storage_bytes, const uint32_t* d_in,
                                            uint32_t* d_value_out, int64_t* d_index_out, int64_t num_items,
                                            cudaStream_t stream);

/*! @brief Write the first largest of `num_items` `int64_t` at `d_in` to `*d_value_out`, and its index to `*d_index_out`. */
cudaError_t cubling_device_reduce_argmax_i64(void* d_temp_storage, size_t* temp_storage_bytes, const int64_t* d_in,
                                            int64_t* d_value_out, int64_t* d_index_out, int64_t num_items,
                                            cudaStream_t stream);

/*! @brief Write the first largest of `num_items` `uint64_t` at `d_in` to `*d_value_out`, and its index to `*d_index_out`. */
cudaError_t cubling_device_reduce_argmax_u64(void* d_temp_storage, size_t* temp_storage_bytes, const uint64_t* d_in,
                                            uint64_t* d_value_out, int64_t* d_index_out, int64_t num_items,
                                            cudaStream_t stream);

/*! @brief Write the first largest of `num_items` `float` at `d_in` to `*d_value_out`, and its index to `*d_index_out`. */
cudaError_t cubling_device_reduce_argmax_f32(void* d_temp_storage, size_t* temp_storage_bytes, const float* d_in,
                                            float* d_value_out, int64_t* d_index_out, int64_t num_items,
                                            cudaStream_t stream);

/*! @brief Write the first largest of `num_items` `double` at `d_in` to `*d_value_out`, and its index to `*d_index_out`. */
cudaError_t cubling_device_reduce_argmax_f64(void* d_temp_storage, size_t* temp_storage_bytes, const double* d_in,
                                            double* d_value_out, int64_t* d_index_out, int64_t num_items,
                                            cudaStream_t stream);

/*! @} */

/*! @defgroup c_device_scan DeviceScan (C API)
 * @brief `cubling::DeviceScan` for C: inclusive and exclusive prefix sums,
 * and inclusive prefix minima and maxima, of `int32_t`, `uint32_t`,
 * `int64_t`, `uint64_t`, `float` and `double` arrays.
 *
 * They follow the conventions above. Item `i` of the output is:
 * - inclusive sum: `in[0] + ... + in[i]`;
 * - exclusive sum: `0` for `i == 0`, else `in[0] + ... + in[i - 1]`;
 * - inclusive min (max): the smallest (largest) of `in[0] ... in[i]`; a NaN
 *   among them makes it NaN (`cubling::Min`, `cubling::Max`).
 *
 * Sums wrap around for integers and are bitwise deterministic for `float`
 * and `double` (same input, same device, same bits; the sums are not those
 * of a left-to-right loop, but their rounding never depends on timing).
 * `d_out` may equal `d_in` (in place). An empty input succeeds and writes
 * nothing. `cudaErrorInvalidValue`, with nothing written:
 * `temp_storage_bytes` is NULL, `num_items` is negative, or (outside the
 * size query) the temporary storage is smaller than the size query said, or
 * `d_in` or `d_out` is NULL while `num_items > 0`.
 * @{
 */
/*! @brief Write the inclusive prefix sums of `num_items` `int32_t` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_sum_i32(void* d_temp_storage, size_t* temp_storage_bytes, const int32_t* d_in,
                                                  int32_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix sums of `num_items` `uint32_t` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_sum_u32(void* d_temp_storage, size_t* temp_storage_bytes, const uint32_t* d_in,
                                                  uint32_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix sums of `num_items` `int64_t` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_sum_i64(void* d_temp_storage, size_t* temp_storage_bytes, const int64_t* d_in,
                                                  int64_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix sums of `num_items` `uint64_t` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_sum_u64(void* d_temp_storage, size_t* temp_storage_bytes, const uint64_t* d_in,
                                                  uint64_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix sums of `num_items` `float` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_sum_f32(void* d_temp_storage, size_t* temp_storage_bytes, const float* d_in,
                                                  float* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix sums of `num_items` `double` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_sum_f64(void* d_temp_storage, size_t* temp_storage_bytes, const double* d_in,
                                                  double* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the exclusive prefix sums of `num_items` `int32_t` at `d_in` to `d_out` (the first is 0). */
cudaError_t cubling_device_scan_exclusive_sum_i32(void* d_temp_storage, size_t* temp_storage_bytes, const int32_t* d_in,
                                                  int32_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the exclusive prefix sums of `num_items` `uint32_t` at `d_in` to `d_out` (the first is 0). */
cudaError_t cubling_device_scan_exclusive_sum_u32(void* d_temp_storage, size_t* temp_storage_bytes, const uint32_t* d_in,
                                                  uint32_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the exclusive prefix sums of `num_items` `int64_t` at `d_in` to `d_out` (the first is 0). */
cudaError_t cubling_device_scan_exclusive_sum_i64(void* d_temp_storage, size_t* temp_storage_bytes, const int64_t* d_in,
                                                  int64_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the exclusive prefix sums of `num_items` `uint64_t` at `d_in` to `d_out` (the first is 0). */
cudaError_t cubling_device_scan_exclusive_sum_u64(void* d_temp_storage, size_t* temp_storage_bytes, const uint64_t* d_in,
                                                  uint64_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the exclusive prefix sums of `num_items` `float` at `d_in` to `d_out` (the first is 0). */
cudaError_t cubling_device_scan_exclusive_sum_f32(void* d_temp_storage, size_t* temp_storage_bytes, const float* d_in,
                                                  float* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the exclusive prefix sums of `num_items` `double` at `d_in` to `d_out` (the first is 0). */
cudaError_t cubling_device_scan_exclusive_sum_f64(void* d_temp_storage, size_t* temp_storage_bytes, const double* d_in,
                                                  double* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix minima of `num_items` `int32_t` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_min_i32(void* d_temp_storage, size_t* temp_storage_bytes, const int32_t* d_in,
                                                  int32_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix minima of `num_items` `uint32_t` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_min_u32(void* d_temp_storage, size_t* temp_storage_bytes, const uint32_t* d_in,
                                                  uint32_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix minima of `num_items` `int64_t` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_min_i64(void* d_temp_storage, size_t* temp_storage_bytes, const int64_t* d_in,
                                                  int64_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix minima of `num_items` `uint64_t` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_min_u64(void* d_temp_storage, size_t* temp_storage_bytes, const uint64_t* d_in,
                                                  uint64_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix minima of `num_items` `float` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_min_f32(void* d_temp_storage, size_t* temp_storage_bytes, const float* d_in,
                                                  float* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix minima of `num_items` `double` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_min_f64(void* d_temp_storage, size_t* temp_storage_bytes, const double* d_in,
                                                  double* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix maxima of `num_items` `int32_t` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_max_i32(void* d_temp_storage, size_t* temp_storage_bytes, const int32_t* d_in,
                                                  int32_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix maxima of `num_items` `uint32_t` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_max_u32(void* d_temp_storage, size_t* temp_storage_bytes, const uint32_t* d_in,
                                                  uint32_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix maxima of `num_items` `int64_t` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_max_i64(void* d_temp_storage, size_t* temp_storage_bytes, const int64_t* d_in,
                                                  int64_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix maxima of `num_items` `uint64_t` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_max_u64(void* d_temp_storage, size_t* temp_storage_bytes, const uint64_t* d_in,
                                                  uint64_t* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix maxima of `num_items` `float` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_max_f32(void* d_temp_storage, size_t* temp_storage_bytes, const float* d_in,
                                                  float* d_out, int64_t num_items, cudaStream_t stream);

/*! @brief Write the inclusive prefix maxima of `num_items` `double` at `d_in` to `d_out`. */
cudaError_t cubling_device_scan_inclusive_max_f64(void* d_temp_storage, size_t* temp_storage_bytes, const double* d_in,
                                                  double* d_out, int64_t num_items, cudaStream_t stream);

/*! @} */

/*! @defgroup c_device_radix_sort DeviceRadixSort (C API)
 * @brief `cubling::DeviceRadixSort` for C: stable radix sorts of `int32_t`,
 * `uint32_t`, `int64_t`, `uint64_t`, `float` and `double` keys, ascending or
 * descending, alone or with 4-byte (`_v32`) or 8-byte (`_v64`) values.
 *
 * They follow the conventions above. The keys at `d_keys_in` are sorted on
 * bits `[begin_bit, end_bit)` of their ordered bits (0 and the key's width
 * sort on every bit) and written to `d_keys_out`; each value goes where its
 * key goes. Keys that rank equal keep their input order. Floating-point keys
 * order as in CUB: negative NaNs, -inf ... +inf (-0.0 and +0.0 rank equal),
 * positive NaNs. The inputs are left unchanged, and must not overlap the
 * outputs. `begin_bit == end_bit` copies the input. An empty input succeeds
 * and writes nothing. `cudaErrorInvalidValue`, with nothing written:
 * `temp_storage_bytes` is NULL, `num_items` is negative, the bit range is
 * outside the key (`begin_bit < 0`, `end_bit` past the key's width,
 * `begin_bit > end_bit`), or (outside the size query) the temporary storage
 * is smaller than the size query said, or a data pointer is NULL while
 * `num_items > 0`.
 * @{
 */
/*! @brief Sort `num_items` `int32_t` keys in ascending order. */
cudaError_t cubling_device_radix_sort_keys_i32(void* d_temp_storage, size_t* temp_storage_bytes,
                                               const int32_t* d_keys_in, int32_t* d_keys_out, int64_t num_items,
                                               int begin_bit, int end_bit, cudaStream_t stream);

/*! @brief Sort `num_items` `uint32_t` keys in ascending order. */
cudaError_t cubling_device_radix_sort_keys_u32(void* d_temp_storage, size_t* temp_storage_bytes,
                                               const uint32_t* d_keys_in, uint32_t* d_keys_out, int64_t num_items,
                                               int begin_bit, int end_bit, cudaStream_t stream);

/*! @brief Sort `num_items` `int64_t` keys in ascending order. */
cudaError_t cubling_device_radix_sort_keys_i64(void* d_temp_storage, size_t* temp_storage_bytes,
                                               const int64_t* d_keys_in, int64_t* d_keys_out, int64_t num_items,
                                               int begin_bit, int end_bit, cudaStream_t stream);

/*! @brief Sort `num_items` `uint64_t` keys in ascending order. */
cudaError_t cubling_device_radix_sort_keys_u64(void* d_temp_storage, size_t* temp_storage_bytes,
                                               const uint64_t* d_keys_in, uint64_t* d_keys_out, int64_t num_items,
                                               int begin_bit, int end_bit, cudaStream_t stream);

/*! @brief Sort `num_items` `float` keys in ascending order. */
cudaError_t cubling_device_radix_sort_keys_f32(void* d_temp_storage, size_t* temp_storage_bytes,
                                               const float* d_keys_in, float* d_keys_out, int64_t num_items,
                                               int begin_bit, int end_bit, cudaStream_t stream);

/*! @brief Sort `num_items` `double` keys in ascending order. */
cudaError_t cubling_device_radix_sort_keys_f64(void* d_temp_storage, size_t* temp_storage_bytes,
                                               const double* d_keys_in, double* d_keys_out, int64_t num_items,
                                               int begin_bit, int end_bit, cudaStream_t stream);

/*! @brief Sort `num_items` `int32_t` keys in descending order. */
cudaError_t cubling_device_radix_sort_keys_descending_i32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                          const int32_t* d_keys_in, int32_t* d_keys_out,
                                                          int64_t num_items, int begin_bit, int end_bit,
                                                          cudaStream_t stream);

/*! @brief Sort `num_items` `uint32_t` keys in descending order. */
cudaError_t cubling_device_radix_sort_keys_descending_u32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                          const uint32_t* d_keys_in, uint32_t* d_keys_out,
                                                          int64_t num_items, int begin_bit, int end_bit,
                                                          cudaStream_t stream);

/*! @brief Sort `num_items` `int64_t` keys in descending order. */
cudaError_t cubling_device_radix_sort_keys_descending_i64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                          const int64_t* d_keys_in, int64_t* d_keys_out,
                                                          int64_t num_items, int begin_bit, int end_bit,
                                                          cudaStream_t stream);

/*! @brief Sort `num_items` `uint64_t` keys in descending order. */
cudaError_t cubling_device_radix_sort_keys_descending_u64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                          const uint64_t* d_keys_in, uint64_t* d_keys_out,
                                                          int64_t num_items, int begin_bit, int end_bit,
                                                          cudaStream_t stream);

/*! @brief Sort `num_items` `float` keys in descending order. */
cudaError_t cubling_device_radix_sort_keys_descending_f32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                          const float* d_keys_in, float* d_keys_out, int64_t num_items,
                                                          int begin_bit, int end_bit, cudaStream_t stream);

/*! @brief Sort `num_items` `double` keys in descending order. */
cudaError_t cubling_device_radix_sort_keys_descending_f64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                          const double* d_keys_in, double* d_keys_out,
                                                          int64_t num_items, int begin_bit, int end_bit,
                                                          cudaStream_t stream);

/*! @brief Sort `num_items` `int32_t` keys in ascending order, with their `uint32_t` values. */
cudaError_t cubling_device_radix_sort_pairs_i32_v32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                    const int32_t* d_keys_in, int32_t* d_keys_out,
                                                    const uint32_t* d_values_in, uint32_t* d_values_out,
                                                    int64_t num_items, int begin_bit, int end_bit,
                                                    cudaStream_t stream);

/*! @brief Sort `num_items` `uint32_t` keys in ascending order, with their `uint32_t` values. */
cudaError_t cubling_device_radix_sort_pairs_u32_v32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                    const uint32_t* d_keys_in, uint32_t* d_keys_out,
                                                    const uint32_t* d_values_in, uint32_t* d_values_out,
                                                    int64_t num_items, int begin_bit, int end_bit,
                                                    cudaStream_t stream);

/*! @brief Sort `num_items` `int64_t` keys in ascending order, with their `uint32_t` values. */
cudaError_t cubling_device_radix_sort_pairs_i64_v32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                    const int64_t* d_keys_in, int64_t* d_keys_out,
                                                    const uint32_t* d_values_in, uint32_t* d_values_out,
                                                    int64_t num_items, int begin_bit, int end_bit,
                                                    cudaStream_t stream);

/*! @brief Sort `num_items` `uint64_t` keys in ascending order, with their `uint32_t` values. */
cudaError_t cubling_device_radix_sort_pairs_u64_v32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                    const uint64_t* d_keys_in, uint64_t* d_keys_out,
                                                    const uint32_t* d_values_in, uint32_t* d_values_out,
                                                    int64_t num_items, int begin_bit, int end_bit,
                                                    cudaStream_t stream);

/*! @brief Sort `num_items` `float` keys in ascending order, with their `uint32_t` values. */
cudaError_t cubling_device_radix_sort_pairs_f32_v32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                    const float* d_keys_in, float* d_keys_out,
                                                    const uint32_t* d_values_in, uint32_t* d_values_out,
                                                    int64_t num_items, int begin_bit, int end_bit,
                                                    cudaStream_t stream);

/*! @brief Sort `num_items` `double` keys in ascending order, with their `uint32_t` values. */
cudaError_t cubling_device_radix_sort_pairs_f64_v32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                    const double* d_keys_in, double* d_keys_out,
                                                    const uint32_t* d_values_in, uint32_t* d_values_out,
                                                    int64_t num_items, int begin_bit, int end_bit,
                                                    cudaStream_t stream);

/*! @brief Sort `num_items` `int32_t` keys in ascending order, with their `uint64_t` values. */
cudaError_t cubling_device_radix_sort_pairs_i32_v64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                    const int32_t* d_keys_in, int32_t* d_keys_out,
                                                    const uint64_t* d_values_in, uint64_t* d_values_out,
                                                    int64_t num_items, int begin_bit, int end_bit,
                                                    cudaStream_t stream);

/*! @brief Sort `num_items` `uint32_t` keys in ascending order, with their `uint64_t` values. */
cudaError_t cubling_device_radix_sort_pairs_u32_v64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                    const uint32_t* d_keys_in, uint32_t* d_keys_out,
                                                    const uint64_t* d_values_in, uint64_t* d_values_out,
                                                    int64_t num_items, int begin_bit, int end_bit,
                                                    cudaStream_t stream);

/*! @brief Sort `num_items` `int64_t` keys in ascending order, with their `uint64_t` values. */
cudaError_t cubling_device_radix_sort_pairs_i64_v64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                    const int64_t* d_keys_in, int64_t* d_keys_out,
                                                    const uint64_t* d_values_in, uint64_t* d_values_out,
                                                    int64_t num_items, int begin_bit, int end_bit,
                                                    cudaStream_t stream);

/*! @brief Sort `num_items` `uint64_t` keys in ascending order, with their `uint64_t` values. */
cudaError_t cubling_device_radix_sort_pairs_u64_v64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                    const uint64_t* d_keys_in, uint64_t* d_keys_out,
                                                    const uint64_t* d_values_in, uint64_t* d_values_out,
                                                    int64_t num_items, int begin_bit, int end_bit,
                                                    cudaStream_t stream);

/*! @brief Sort `num_items` `float` keys in ascending order, with their `uint64_t` values. */
cudaError_t cubling_device_radix_sort_pairs_f32_v64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                    const float* d_keys_in, float* d_keys_out,
                                                    const uint64_t* d_values_in, uint64_t* d_values_out,
                                                    int64_t num_items, int begin_bit, int end_bit,
                                                    cudaStream_t stream);

/*! @brief Sort `num_items` `double` keys in ascending order, with their `uint64_t` values. */
cudaError_t cubling_device_radix_sort_pairs_f64_v64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                    const double* d_keys_in, double* d_keys_out,
                                                    const uint64_t* d_values_in, uint64_t* d_values_out,
                                                    int64_t num_items, int begin_bit, int end_bit,
                                                    cudaStream_t stream);

/*! @brief Sort `num_items` `int32_t` keys in descending order, with their `uint32_t` values. */
cudaError_t cubling_device_radix_sort_pairs_descending_i32_v32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                               const int32_t* d_keys_in, int32_t* d_keys_out,
                                                               const uint32_t* d_values_in, uint32_t* d_values_out,
                                                               int64_t num_items, int begin_bit, int end_bit,
                                                               cudaStream_t stream);

/*! @brief Sort `num_items` `uint32_t` keys in descending order, with their `uint32_t` values. */
cudaError_t cubling_device_radix_sort_pairs_descending_u32_v32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                               const uint32_t* d_keys_in, uint32_t* d_keys_out,
                                                               const uint32_t* d_values_in, uint32_t* d_values_out,
                                                               int64_t num_items, int begin_bit, int end_bit,
                                                               cudaStream_t stream);

/*! @brief Sort `num_items` `int64_t` keys in descending order, with their `uint32_t` values. */
cudaError_t cubling_device_radix_sort_pairs_descending_i64_v32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                               const int64_t* d_keys_in, int64_t* d_keys_out,
                                                               const uint32_t* d_values_in, uint32_t* d_values_out,
                                                               int64_t num_items, int begin_bit, int end_bit,
                                                               cudaStream_t stream);

/*! @brief Sort `num_items` `uint64_t` keys in descending order, with their `uint32_t` values. */
cudaError_t cubling_device_radix_sort_pairs_descending_u64_v32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                               const uint64_t* d_keys_in, uint64_t* d_keys_out,
                                                               const uint32_t* d_values_in, uint32_t* d_values_out,
                                                               int64_t num_items, int begin_bit, int end_bit,
                                                               cudaStream_t stream);

/*! @brief Sort `num_items` `float` keys in descending order, with their `uint32_t` values. */
cudaError_t cubling_device_radix_sort_pairs_descending_f32_v32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                               const float* d_keys_in, float* d_keys_out,
                                                               const uint32_t* d_values_in, uint32_t* d_values_out,
                                                               int64_t num_items, int begin_bit, int end_bit,
                                                               cudaStream_t stream);

/*! @brief Sort `num_items` `double` keys in descending order, with their `uint32_t` values. */
cudaError_t cubling_device_radix_sort_pairs_descending_f64_v32(void* d_temp_storage, size_t* temp_storage_bytes,
                                                               const double* d_keys_in, double* d_keys_out,
                                                               const uint32_t* d_values_in, uint32_t* d_values_out,
                                                               int64_t num_items, int begin_bit, int end_bit,
                                                               cudaStream_t stream);

/*! @brief Sort `num_items` `int32_t` keys in descending order, with their `uint64_t` values. */
cudaError_t cubling_device_radix_sort_pairs_descending_i32_v64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                               const int32_t* d_keys_in, int32_t* d_keys_out,
                                                               const uint64_t* d_values_in, uint64_t* d_values_out,
                                                               int64_t num_items, int begin_bit, int end_bit,
                                                               cudaStream_t stream);

/*! @brief Sort `num_items` `uint32_t` keys in descending order, with their `uint64_t` values. */
cudaError_t cubling_device_radix_sort_pairs_descending_u32_v64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                               const uint32_t* d_keys_in, uint32_t* d_keys_out,
                                                               const uint64_t* d_values_in, uint64_t* d_values_out,
                                                               int64_t num_items, int begin_bit, int end_bit,
                                                               cudaStream_t stream);

/*! @brief Sort `num_items` `int64_t` keys in descending order, with their `uint64_t` values. */
cudaError_t cubling_device_radix_sort_pairs_descending_i64_v64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                               const int64_t* d_keys_in, int64_t* d_keys_out,
                                                               const uint64_t* d_values_in, uint64_t* d_values_out,
                                                               int64_t num_items, int begin_bit, int end_bit,
                                                               cudaStream_t stream);

/*! @brief Sort `num_items` `uint64_t` keys in descending order, with their `uint64_t` values. */
cudaError_t cubling_device_radix_sort_pairs_descending_u64_v64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                               const uint64_t* d_keys_in, uint64_t* d_keys_out,
                                                               const uint64_t* d_values_in, uint64_t* d_values_out,
                                                               int64_t num_items, int begin_bit, int end_bit,
                                                               cudaStream_t stream);

/*! @brief Sort `num_items` `float` keys in descending order, with their `uint64_t` values. */
cudaError_t cubling_device_radix_sort_pairs_descending_f32_v64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                               const float* d_keys_in, float* d_keys_out,
                                                               const uint64_t* d_values_in, uint64_t* d_values_out,
                                                               int64_t num_items, int begin_bit, int end_bit,
                                                               cudaStream_t stream);

/*! @brief Sort `num_items` `double` keys in descending order, with their `uint64_t` values. */
cudaError_t cubling_device_radix_sort_pairs_descending_f64_v64(void* d_temp_storage, size_t* temp_storage_bytes,
                                                               const double* d_keys_in, double* d_keys_out,
                                                               const uint64_t* d_values_in, uint64_t* d_values_out,
                                                               int64_t num_items, int begin_bit, int end_bit,
                                                               cudaStream_t stream);

/*! @} */

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* CUBLING_H */
