//! @file
//! Hopper's asynchronous copies and the barriers they complete on (sm_90 and later).
//!
//! - An *mbarrier* is a 64-bit word in shared memory that counts arrivals
//!   and, optionally, bytes still in flight ("transactions"). A phase
//!   completes when every expected thread has arrived and every expected
//!   byte has landed; waiters wait for the phase with a given parity (0, 1,
//!   0, ... as the phases go by).
//! - A *bulk copy* (`cp.async.bulk`) moves a contiguous run of bytes from
//!   global to shared memory on the copy engine, with no registers and no
//!   threads busy, and completes on an mbarrier. Source, destination and
//!   size must be multiples of 16 bytes.
//! These are thin wrappers over the PTX instructions; on older targets they
//! compile to nothing, and nothing there may call them.
#pragma once

#include <cubling/util/macros.cuh>

namespace cubling
{
namespace detail
{

//! The shared-memory address of `pointer`, as PTX's shared state space sees it.
__device__ CUBLING_FORCEINLINE unsigned shared_address(const void* pointer)
{
  return static_cast<unsigned>(__cvta_generic_to_shared(pointer));
}

//! Make `barrier` expect `arrivals` arrivals a phase (one thread, before any other use).
__device__ CUBLING_FORCEINLINE void barrier_init(unsigned long long* barrier, unsigned arrivals)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(shared_address(barrier)), "r"(arrivals) : "memory");
#endif
}

//! Make the barriers initialised by this thread visible to the copy engine
//! (then a block-wide barrier makes them visible to the other threads).
__device__ CUBLING_FORCEINLINE void barrier_init_fence()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#endif
}

//! Arrive on `barrier`: this thread's writes before it are seen by whoever waits for the phase.
__device__ CUBLING_FORCEINLINE void barrier_arrive(unsigned long long* barrier)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(shared_address(barrier)) : "memory");
#endif
}

//! Arrive on `barrier`, and make its phase also wait for `bytes` bytes of bulk copies.
__device__ CUBLING_FORCEINLINE void barrier_arrive_expect_bytes(unsigned long long* barrier, unsigned bytes)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(shared_address(barrier)), "r"(bytes)
               : "memory");
#endif
}

//! Wait until the phase of `barrier` with parity `parity` has completed.
__device__ CUBLING_FORCEINLINE void barrier_wait(unsigned long long* barrier, unsigned parity)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  unsigned done = 0;
  do
  {
    asm volatile("{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n selp.u32 %0, 1, 0, p;\n}"
                 : "=r"(done)
                 : "r"(shared_address(barrier)), "r"(parity)
                 : "memory");
  } while (!done);
#endif
}

//! Copy `bytes` (a multiple of 16) from `source` in global memory to
//! `destination` in shared memory on the copy engine (both 16-byte aligned);
//! the bytes count against `barrier`'s phase when they land.
__device__ CUBLING_FORCEINLINE void bulk_load(void* destination, const void* source, unsigned bytes,
                                              unsigned long long* barrier)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                 shared_address(destination)),
               "l"(source), "r"(bytes), "r"(shared_address(barrier))
               : "memory");
#endif
}

//! A barrier among the first `THREADS` threads of the block only (named barrier `ID`, not 0,
//! which __syncthreads uses): warps with other roles never join it.
template <int ID, int THREADS>
__device__ CUBLING_FORCEINLINE void named_barrier_sync()
{
  asm volatile("bar.sync %0, %1;" ::"n"(ID), "n"(THREADS) : "memory");
}

//! named_barrier_sync for one of up to four groups of `THREADS` threads
//! each, chosen at run time: group g takes named barrier 1 + g. The ids are
//! constants, so that ptxas reserves only the barriers used.
template <int THREADS>
__device__ CUBLING_FORCEINLINE void group_barrier_sync(int group)
{
  switch (group)
  {
    case 0: named_barrier_sync<1, THREADS>(); break;
    case 1: named_barrier_sync<2, THREADS>(); break;
    case 2: named_barrier_sync<3, THREADS>(); break;
    default: named_barrier_sync<4, THREADS>(); break;
  }
}

} // namespace detail
} // namespace cubling
