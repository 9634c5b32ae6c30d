// chapter_main.cpp: main() of every chapter runner and every standalone step.
// Host code only, so the host compiler builds it (once per program: a step
// program differs only in its steps.def).
//
// It includes the chapter's steps.def several times (X-macros): for the
// chapter's lines, to declare the entry points, to build the step table and
// to build the cubling-versus-CUB table. The lines of a steps.def:
//   CHAPTER(folder, problem, title, tour sizes, figure sizes)
//   ALSO_ON(problem)           optional: every step also solves this problem,
//                              through a second `launch` overload in its file
//   SCRATCH(function)          optional: `size_t function(int64_t n)`, defined
//                              in one of the chapter's files: the device
//                              scratch its steps and VERSUS rows need
//   STEP(number, name, idea)   `void name::launch(const runner::Args<problem>&)`
//   VERSUS(name, idea)         `name::launch_cubling` and `name::launch_cub`
//   VERSUS_ON(problem, name, idea)   the same, on another problem
// Problems are types of namespace `problems`, declared in the header that
// CUBLING_PROBLEMS_HEADER names (chapters/common/problems.h by default).
// chapter.cmake compiles this file with the chapter's folder on the include
// path for the chapter runner, and with a one-step steps.def for each step's
// own program; it defines CUBLING_HAS_ALSO_ON and CUBLING_HAS_SCRATCH when
// steps.def has those lines.
#ifndef CUBLING_PROBLEMS_HEADER
#  define CUBLING_PROBLEMS_HEADER "problems.h"
#endif
#include CUBLING_PROBLEMS_HEADER
#include "problem.h"
#include "runner.h"

// Pass 1: the chapter's lines.
#define STEP(number, name, idea)
#define VERSUS(name, idea)
#define VERSUS_ON(problem_type, name, idea)
#define CHAPTER(folder, problem_type, title, tour_sizes, figure_sizes) \
  using ChapterProblem = problems::problem_type;                       \
  static const char* const chapter_text[] = {#folder, title, tour_sizes, figure_sizes};
#define ALSO_ON(problem_type) using AlsoProblem = problems::problem_type;
#define SCRATCH(function)   \
  size_t function(int64_t); \
  static size_t (*const chapter_scratch)(int64_t) = function;
#include "steps.def"
#undef CHAPTER
#undef ALSO_ON
#undef SCRATCH
#define CHAPTER(...)
#define ALSO_ON(problem_type)
#define SCRATCH(function)

#if !CUBLING_HAS_SCRATCH
static size_t (*const chapter_scratch)(int64_t) = nullptr;
#endif

// Pass 2: the entry points that the step and VERSUS files define.
#undef STEP
#if CUBLING_HAS_ALSO_ON
#  define STEP(number, name, idea)                        \
    namespace name                                        \
    {                                                     \
    void launch(const runner::Args<ChapterProblem>& args); \
    void launch(const runner::Args<AlsoProblem>& args);   \
    }
#else
#  define STEP(number, name, idea) \
    namespace name                 \
    {                              \
    void launch(const runner::Args<ChapterProblem>& args); \
    }
#endif
#undef VERSUS
#define VERSUS(name, idea)                                         \
  namespace name                                                   \
  {                                                                \
  void launch_cubling(const runner::Args<ChapterProblem>& args);   \
  void launch_cub(const runner::Args<ChapterProblem>& args);       \
  }
#undef VERSUS_ON
#define VERSUS_ON(problem_type, name, idea)                                \
  namespace name                                                           \
  {                                                                        \
  void launch_cubling(const runner::Args<problems::problem_type>& args);   \
  void launch_cub(const runner::Args<problems::problem_type>& args);       \
  }
#include "steps.def"
#undef STEP
#undef VERSUS
#undef VERSUS_ON

// Pass 3: the step table.
#if CUBLING_HAS_ALSO_ON
#  define also_launch(name) &runner::erase<AlsoProblem, &name::launch>
static const runner::Problem* const also_problem = &runner::describe<AlsoProblem>();
#else
#  define also_launch(name) nullptr
static const runner::Problem* const also_problem = nullptr;
#endif
#define VERSUS(name, idea)
#define VERSUS_ON(problem_type, name, idea)
#define STEP(number, name, idea) \
  {number, #name, idea, &runner::erase<ChapterProblem, &name::launch>, also_launch(name)},
static const runner::Step steps[] = {
#include "steps.def"
};
#undef STEP
#undef VERSUS
#undef VERSUS_ON

// Pass 4: the cubling-versus-CUB table.
#define STEP(number, name, idea)
#define VERSUS(name, idea)                                                                      \
  {#name, idea, &runner::erase<ChapterProblem, &name::launch_cubling>,                          \
   &runner::erase<ChapterProblem, &name::launch_cub>, &runner::describe<ChapterProblem>()},
#define VERSUS_ON(problem_type, name, idea)                                                     \
  {#name, idea, &runner::erase<problems::problem_type, &name::launch_cubling>,                  \
   &runner::erase<problems::problem_type, &name::launch_cub>, &runner::describe<problems::problem_type>()},
static const runner::Versus versus[] = {
#include "steps.def"
  {nullptr, nullptr, nullptr, nullptr, nullptr} // ends the table, which may be otherwise empty
};
#undef STEP
#undef VERSUS
#undef VERSUS_ON

int main(int argc, char** argv)
{
  const runner::Chapter chapter = {chapter_text[0], chapter_text[1], &runner::describe<ChapterProblem>(),
                                   also_problem,    chapter_text[2], chapter_text[3], chapter_scratch};
  return runner::main(chapter, steps, static_cast<int>(sizeof steps / sizeof steps[0]), versus,
                      static_cast<int>(sizeof versus / sizeof versus[0]) - 1, argc, argv);
}
