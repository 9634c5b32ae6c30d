// runner.h: the chapter runner that every chapter of the book shares.
//
// A chapter is one *problem* (for example "sum of int32", with its CPU
// reference and its CUB oracle) and a table of *steps*, each step one file
// with one idea. The table lives in the chapter's steps.def; the runner turns
// it into --help, step selection, checking and timing, and CMake turns the
// same table into executables and CTest registrations.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

namespace runner
{

//! A step's entry point: read n items at d_in, write the problem's output at
//! d_out, using up to Problem::scratch_bytes(n) bytes at d_scratch, on `stream`.
using Launch = void (*)(const void* d_in, void* d_out, int64_t n, void* d_scratch, cudaStream_t stream);

//! What every step of a chapter computes, and how to check and count it.
struct Problem
{
  const char* title;     //!< "sum of int32"
  const char* item_type; //!< "int32", written to the CSV
  size_t in_item_bytes;
  size_t out_item_bytes;
  int64_t (*out_items)(int64_t n);
  double (*bytes_moved)(int64_t n);   //!< bytes an ideal kernel must move: the GB/s numerator
  size_t (*scratch_bytes)(int64_t n); //!< device scratch that any step may use
  void (*fill)(void* h_in, int64_t n, uint64_t seed);
  void (*reference)(const void* h_in, int64_t n, void* h_out);
  bool (*same)(const void* got, const void* want, int64_t n_in);
  const char* oracle_name; //!< the CUB call that computes the same thing
  size_t (*oracle_temp_bytes)(int64_t n);
  void (*oracle)(void* d_temp, size_t temp_bytes, const void* d_in, void* d_out, int64_t n, cudaStream_t stream);
};

//! One chapter: its folder name, its problem and the sizes the tour uses.
struct Chapter
{
  const char* folder;        //!< "01_thread_reduce"
  const char* title;         //!< one line
  const Problem* problem;
  const char* default_sizes; //!< log2 sizes for a plain run (the tour), e.g. "10:22:4"
  const char* figure_sizes;  //!< log2 sizes measured for the book's figures (--figure), e.g. "10:26:2"
};

//! One row of the step table.
struct Step
{
  int number;
  const char* name; //!< the step's file name without ".cu"
  const char* idea; //!< one line: what this step changes
  Launch launch;
};

//! A library primitive against CUB's: the same kernel, instantiated once on the
//! cubling type and once on the CUB type, checked and timed in the same run.
struct Versus
{
  const char* name; //!< the file name without ".cu"
  const char* idea; //!< one line: what is compared
  Launch cubling;
  Launch cub;
  const Problem* problem; //!< what both compute: the chapter's problem, or another (VERSUS_ON)
};

//! Adapt a step's typed entry point to the runner's untyped Launch.
template <typename In, typename Out, void (*Typed)(const In*, Out*, int64_t, void*, cudaStream_t)>
void erase(const void* d_in, void* d_out, int64_t n, void* d_scratch, cudaStream_t stream)
{
  Typed(static_cast<const In*>(d_in), static_cast<Out*>(d_out), n, d_scratch, stream);
}

//! Parse the command line, then check and time the selected steps.
//! Returns 0 when every step was correct, 1 when one was not, 77 without a GPU.
int main(const Chapter& chapter, const Step* steps, int step_count, const Versus* versus, int versus_count, int argc,
         char** argv);

} // namespace runner
