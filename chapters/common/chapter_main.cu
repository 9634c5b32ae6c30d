// chapter_main.cu: main() of every chapter runner and every standalone step.
//
// It includes the chapter's steps.def three times (X-macros): once for the
// chapter line, once to declare each step's entry point, once to build the
// step table. CMake compiles it with the chapter's folder on the include path
// for the chapter runner, and with a one-step steps.def for each step's own
// program.
#include "problems.h"
#include "runner.h"

#define STEP(number, name, idea)
#define CHAPTER(folder, problem_type, title, sizes)                           \
  using ChapterProblem = problems::problem_type;                              \
  static const runner::Chapter chapter = {#folder, title, &ChapterProblem::problem, sizes};
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
#include "steps.def"
#undef STEP

static const runner::Step steps[] = {
#define STEP(number, name, idea) {number, #name, idea, &runner::erase<ChapterProblem::In, ChapterProblem::Out, &name::launch>},
#include "steps.def"
#undef STEP
};

int main(int argc, char** argv)
{
  return runner::main(chapter, steps, static_cast<int>(sizeof steps / sizeof steps[0]), argc, argv);
}
