// chapter_main.cu: main() of every chapter runner and every standalone step.
//
// It includes the chapter's steps.def four times (X-macros): for the chapter
// line, to declare the entry points, to build the step table and to build the
// cubling-versus-CUB table. VERSUS rows compute the chapter's problem;
// VERSUS_ON(problem, name, idea) rows compute another problem of problems.h. CMake compiles it with the chapter's folder on the
// include path for the chapter runner, and with a one-step steps.def for each
// step's own program.
#include "problems.h"
#include "runner.h"

#define STEP(number, name, idea)
#define VERSUS(name, idea)
#define VERSUS_ON(problem_type, name, idea)
#define CHAPTER(folder, problem_type, title, tour_sizes, figure_sizes) \
  using ChapterProblem = problems::problem_type;                       \
  static const runner::Chapter chapter = {#folder, title, &ChapterProblem::problem, tour_sizes, figure_sizes};
#include "steps.def"
#undef CHAPTER
#undef STEP

#define CHAPTER(...)
#define STEP(number, name, idea)                                                                       \
  namespace name                                                                                       \
  {                                                                                                    \
  void launch(const ChapterProblem::In* d_in, ChapterProblem::Out* d_out, int64_t n, void* d_scratch, \
              cudaStream_t stream);                                                                    \
  }
#undef VERSUS
#define VERSUS(name, idea)                                                                             \
  namespace name                                                                                       \
  {                                                                                                    \
  void launch_cubling(const ChapterProblem::In* d_in, ChapterProblem::Out* d_out, int64_t n,          \
                      void* d_scratch, cudaStream_t stream);                                           \
  void launch_cub(const ChapterProblem::In* d_in, ChapterProblem::Out* d_out, int64_t n, void* d_scratch, \
                  cudaStream_t stream);                                                                \
  }
#undef VERSUS_ON
#define VERSUS_ON(problem_type, name, idea)                                                             \
  namespace name                                                                                        \
  {                                                                                                     \
  using Problem = problems::problem_type;                                                               \
  void launch_cubling(const Problem::In* d_in, Problem::Out* d_out, int64_t n, void* d_scratch,        \
                      cudaStream_t stream);                                                             \
  void launch_cub(const Problem::In* d_in, Problem::Out* d_out, int64_t n, void* d_scratch, cudaStream_t stream); \
  }
#include "steps.def"
#undef STEP
#undef VERSUS
#undef VERSUS_ON

#define erased(entry) &runner::erase<ChapterProblem::In, ChapterProblem::Out, &entry>
static const runner::Step steps[] = {
#define VERSUS(name, idea)
#define VERSUS_ON(problem_type, name, idea)
#define STEP(number, name, idea) {number, #name, idea, erased(name::launch)},
#include "steps.def"
#undef STEP
#undef VERSUS
#undef VERSUS_ON
};

#define erased_on(problem_type, entry)                                                                \
  &runner::erase<problems::problem_type::In, problems::problem_type::Out, &entry>
static const runner::Versus versus[] = {
#define STEP(number, name, idea)
#define VERSUS(name, idea) \
  {#name, idea, erased(name::launch_cubling), erased(name::launch_cub), &ChapterProblem::problem},
#define VERSUS_ON(problem_type, name, idea)                                                                    \
  {#name, idea, erased_on(problem_type, name::launch_cubling), erased_on(problem_type, name::launch_cub),      \
   &problems::problem_type::problem},
#include "steps.def"
#undef STEP
#undef VERSUS
#undef VERSUS_ON
  {nullptr, nullptr, nullptr, nullptr, nullptr} // ends the table, which may be otherwise empty
};

int main(int argc, char** argv)
{
  return runner::main(chapter, steps, static_cast<int>(sizeof steps / sizeof steps[0]), versus,
                      static_cast<int>(sizeof versus / sizeof versus[0]) - 1, argc, argv);
}
