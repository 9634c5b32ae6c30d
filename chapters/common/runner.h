// runner.h: the chapter runner that every chapter of the book shares.
//
// A chapter is a *problem* (for example "sum of int32", with its CPU
// reference and its CUB oracle) and a table of *steps*, each step one file
// with one idea. The table lives in the chapter's steps.def; the runner turns
// it into --help, step selection, checking and timing, and CMake turns the
// same table into executables and CTest registrations.
//
// A problem is a struct of *typed traits* (problems.h, problem.h): the
// element types of its input and output arrays, its parameters, how to fill
// the inputs, the CPU reference and the CUB oracle. A step is a function
//
//     void launch(const runner::Args<Problem>& a);
//
// that reads a.in<K>() and writes a.out<K>(), typed by the problem, so that a
// step which treats keys as values does not compile. What a step receives
// depends on the measurement's axes (runner::Axes):
//   - mode out_of_place:  in<K>() holds the input, out<K>() is poisoned;
//   - mode in_place:      out<K>() holds a fresh copy of input K, and the
//                         result is expected there (in<K>() is the pristine input);
//   - mode double_buffer: out<K>() holds a fresh copy of input K ("current"),
//                         alt<K>() is poisoned ("alternate"), as in CUB's
//                         DoubleBuffer; the step says where the result is by
//                         setting *a.selector (0: out, 1: alt);
//   - distribution, bit range and direction: how the input is drawn and
//     which bits of a key count (sorts).
// Copying the input into the outputs is the *preparation*: it runs before
// every timed run and is not timed, so that a step that changes its data is
// always timed on the same fresh input, never on its own earlier output.
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>

#include <cuda_runtime_api.h>

namespace runner
{

//! Where a step finds its input and leaves its result (see the file comment).
enum class Mode : unsigned
{
  out_of_place,
  in_place,
  double_buffer
};

//! How the input is drawn. The low-entropy keys are CUB's: the bitwise AND of
//! 3 (entropy 0.544 bits per bit) or 5 (0.201) uniform random words.
enum class Distribution : unsigned
{
  uniform,
  entropy_0544,
  entropy_0201,
  all_equal,
  sorted,
  reverse_sorted
};

//! A set of modes or distributions, as a bit mask: `bit(Mode::in_place) | ...`.
template <typename E>
constexpr unsigned bit(E value)
{
  return 1u << static_cast<unsigned>(value);
}

const char* name(Mode mode);                 //!< "out_of_place", "in_place", "double_buffer"
const char* name(Distribution distribution); //!< "uniform", "entropy_0.544", ...

//! The axes of one measurement besides the item count, chosen on the command line.
struct Axes
{
  Mode mode                 = Mode::out_of_place;
  Distribution distribution = Distribution::uniform;
  int begin_bit             = 0;  //!< the first key bit that counts (sorts)
  int end_bit               = -1; //!< one past the last; -1: every bit of the key
  bool descending           = false;
};

//! The most input or output arrays of one problem.
constexpr int max_arrays = 4;

//! The untyped arguments of a step; steps read them through Args<Problem>.
struct RawArgs
{
  const void* raw_in[max_arrays] = {};
  void* raw_out[max_arrays]      = {};
  void* raw_alt[max_arrays]      = {};
  const void* raw_params         = nullptr;
  int* selector        = nullptr; //!< double_buffer mode: the step sets 0 (result in out) or 1 (in alt)
  const char** skipped = nullptr; //!< a step that cannot run these axes says why here (Args::skip)
  int64_t n            = 0;       //!< the item count
  Axes axes;
  void* scratch        = nullptr; //!< device scratch: the chapter's SCRATCH bytes or the oracle's, whichever is more
  size_t scratch_bytes = 0;
  cudaStream_t stream  = nullptr;
  int device           = 0; //!< the device the arrays live on, and the current one during the call
  int variant          = 0; //!< CUB's calls only: which of the problem's oracle variants to run (problem.h)
};

//! A list of array element types: `Arrays<uint32_t, float>` is a problem's
//! keys and values.
template <typename... T>
struct Arrays
{
  static constexpr int count = sizeof...(T);
  using Tuple                = std::tuple<T...>;
  static_assert(count <= max_arrays, "a problem has at most max_arrays inputs and outputs");
};

//! The element type of array K of an Arrays list.
template <typename List, int K>
using element_t = std::tuple_element_t<K, typename List::Tuple>;

//! What a step of `Problem` receives: typed views of the arrays, the
//! problem's parameters, the count, scratch, stream and device.
template <typename Problem>
struct Args : RawArgs
{
  using In  = typename Problem::In;
  using Out = typename Problem::Out;

  explicit Args(const RawArgs& raw)
      : RawArgs(raw)
  {}

  //! Input K: the pristine input, never to be written.
  template <int K = 0>
  const element_t<In, K>* in() const
  {
    return static_cast<const element_t<In, K>*>(raw_in[K]);
  }
  //! Output K (in place and double-buffer modes: the fresh copy of input K).
  template <int K = 0>
  element_t<Out, K>* out() const
  {
    return static_cast<element_t<Out, K>*>(raw_out[K]);
  }
  //! Double-buffer mode: the alternate buffer of output K.
  template <int K = 0>
  element_t<Out, K>* alt() const
  {
    return static_cast<element_t<Out, K>*>(raw_alt[K]);
  }
  //! The problem's parameters (initial value, ...) for this measurement.
  const typename Problem::Params& params() const
  {
    return *static_cast<const typename Problem::Params*>(raw_params);
  }
  //! The end bit, with -1 resolved to the width of key type K.
  template <typename Key>
  int end_bit() const
  {
    return axes.end_bit < 0 ? static_cast<int>(8 * sizeof(Key)) : axes.end_bit;
  }
  //! This step does not run these axes (for example a pointer-only sort in
  //! double-buffer mode): the runner reports it as skipped, with `why`.
  void skip(const char* why) const
  {
    *skipped = why;
  }
};

//! Call `call(count)` with the item count in the type of CUB's variant
//! `a.variant` (CountVariants, problem.h): 0 an `int`, 1 an `int64_t`. An
//! `int` cannot count past 2^31 - 1 items: that variant skips, and this
//! returns cudaSuccess without calling.
template <typename Problem, typename Call>
cudaError_t call_with_variant_count(const Args<Problem>& a, Call call)
{
  if (a.variant == 1)
  {
    return call(a.n);
  }
  if (a.n > INT32_MAX)
  {
    a.skip("an int count holds at most 2^31 - 1 items");
    return cudaSuccess;
  }
  return call(static_cast<int>(a.n));
}

//! The larger of `query(count)` over the count types of CountVariants: the
//! temporary storage that both of CUB's calls fit in.
template <typename Query>
size_t max_over_count_types(int64_t n, Query query)
{
  const size_t wide = query(n);
  const size_t narrow = n <= INT32_MAX ? query(static_cast<int>(n)) : 0;
  return wide > narrow ? wide : narrow;
}

//! A step's untyped entry point.
using Launch = void (*)(const RawArgs& args);

//! Adapt a step's typed entry point to the runner's Launch.
template <typename Problem, void (*Typed)(const Args<Problem>&)>
void erase(const RawArgs& raw)
{
  Typed(Args<Problem>(raw));
}

struct Problem; // problem.h: the untyped view of a problem's traits

//! One chapter: its folder name, its problem, the sizes the tour uses, and
//! the device scratch its steps need.
struct Chapter
{
  const char* folder;        //!< "01_thread_reduce"
  const char* title;         //!< one line
  const Problem* problem;
  const Problem* also;       //!< ALSO_ON(...) of steps.def: a second problem every step also solves; null: none
  const char* default_sizes; //!< log2 sizes for a plain run (the tour), e.g. "10:22:4"
  const char* figure_sizes;  //!< log2 sizes measured for the book's figures (--figure), e.g. "10:26:2"
  size_t (*scratch_bytes)(int64_t n); //!< SCRATCH(...) of steps.def: what the steps need; null: nothing
};

//! One row of the step table.
struct Step
{
  int number;
  const char* name; //!< the step's file name without ".cu"
  const char* idea; //!< one line: what this step changes
  Launch launch;      //!< on the chapter's problem
  Launch launch_also; //!< on its ALSO_ON problem (null: none)
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

//! Parse the command line, then check and time the selected steps.
//! Returns 0 when every step was correct, 1 when one was not, 77 without a GPU.
int main(const Chapter& chapter, const Step* steps, int step_count, const Versus* versus, int versus_count, int argc,
         char** argv);

} // namespace runner
