// runner.cu: check, then time, the steps of a chapter.
//
// Phases, for every size:
//   1. make seeded random input on the host and its CPU reference result;
//   2. run the CUB oracle and every selected step once on poisoned output,
//      and compare with the reference: a wrong step prints FAILED and is not timed;
//   3. time the device copy, the oracle and each correct step: warm up, then
//      the median of many runs with CUDA events, rotating the input among
//      enough buffers that repeated runs cannot be served from L2; the two
//      sides of a VERSUS comparison take turns, run for run;
//   4. print the table, and append CSV rows with the measurement's provenance.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include <cubling/util/math.cuh>

#include "check.h"
#include "runner.h"

#ifndef CUBLING_GIT_COMMIT
#  define CUBLING_GIT_COMMIT "unknown"
#endif

namespace runner
{
namespace
{

struct Options
{
  bool steps_chosen  = false; // --step given: only those steps
  bool versus_chosen = false; // --versus given: only those comparisons
  std::vector<int> steps;
  std::vector<std::string> versus;
  std::vector<int64_t> sizes;
  bool check_only    = false;
  int reps           = 30;
  double max_seconds = 1.0; // per measurement; at least 3 runs are always timed
  uint64_t seed      = 0;
  bool seed_given    = false;
  std::string csv;
};

// Is this comparison selected? (--versus names it, or neither --versus nor --step was given.)
bool is_chosen(const Options& options, const Versus& versus)
{
  return options.versus_chosen
         ? std::find(options.versus.begin(), options.versus.end(), std::string(versus.name)) != options.versus.end()
         : !options.steps_chosen;
}

// --- the command line ----------------------------------------------------------

void print_help(const Chapter& chapter, const Step* steps, int step_count, const Versus* versus, int versus_count,
                const char* argv0)
{
  std::printf("%s: %s\n", chapter.folder, chapter.title);
  std::printf("problem: %s; oracle: %s\n\n", chapter.problem->title, chapter.problem->oracle_name);
  std::printf("steps:\n");
  for (int i = 0; i < step_count; ++i)
  {
    std::printf("  %2d  %-34s %s\n", steps[i].number, steps[i].name, steps[i].idea);
  }
  if (versus_count > 0)
  {
    std::printf("\ncubling against CUB, the same kernel on each:\n");
    for (int i = 0; i < versus_count; ++i)
    {
      std::printf("      %-34s %s\n", versus[i].name, versus[i].idea);
    }
  }
  std::printf("\nusage: %s [options]\n", argv0);
  std::printf("  --all              run every step and comparison (the default)\n"
              "  --step N[,M...]    run only these steps (repeatable)\n"
              "  --versus NAME      run only this cubling-versus-CUB comparison (repeatable)\n"
              "  --sizes SPEC       log2 sizes: A:B[:S] is 2^A..2^B in strides of S, or a list A,B,C\n"
              "                     (default %s)\n"
              "  --figure           the sizes measured for the book's figures (%s)\n"
              "  --n N[,M...]       exact item counts instead of powers of two\n"
              "  --check            check every step against the reference and the oracle; time nothing\n"
              "                     (without --sizes or --n: odd sizes from 1 to 2^22 + 1)\n"
              "  --reps N           timed runs per measurement, median reported (default 30)\n"
              "  --max-seconds S    stop timing a measurement after S seconds, keeping at least 3 runs (default 1)\n"
              "  --seed S           seed of the random input (default: $CUBLING_SEED, else from the clock)\n"
              "  --csv FILE         write the measurements, with GPU/driver/CUDA/commit/date, to FILE\n"
              "  --list             print the step table and exit\n"
              "  --help             this text\n",
              chapter.default_sizes, chapter.figure_sizes);
}

[[noreturn]] void usage_error(const char* what, const char* arg)
{
  std::fprintf(stderr, "error: %s '%s' (see --help)\n", what, arg ? arg : "");
  std::exit(2);
}

int64_t parse_int(const char* text, const char* what)
{
  char* end = nullptr;
  errno     = 0;
  long long value = std::strtoll(text, &end, 10);
  if (errno || end == text || *end)
  {
    usage_error(what, text);
  }
  return value;
}

std::vector<std::string> split(const char* text, char separator)
{
  std::vector<std::string> parts(1);
  for (const char* c = text; *c; ++c)
  {
    if (*c == separator)
    {
      parts.emplace_back();
    }
    else
    {
      parts.back() += *c;
    }
  }
  return parts;
}

std::vector<int64_t> parse_log2_sizes(const char* spec)
{
  std::vector<int64_t> sizes;
  auto range = split(spec, ':');
  if (range.size() >= 2)
  {
    const int64_t first = parse_int(range[0].c_str(), "bad --sizes");
    const int64_t last  = parse_int(range[1].c_str(), "bad --sizes");
    const int64_t step  = range.size() > 2 ? parse_int(range[2].c_str(), "bad --sizes") : 1;
    if (step <= 0)
    {
      usage_error("bad --sizes stride", spec);
    }
    for (int64_t k = first; k <= last; k += step)
    {
      sizes.push_back(k);
    }
  }
  else
  {
    for (const auto& part : split(spec, ','))
    {
      sizes.push_back(parse_int(part.c_str(), "bad --sizes"));
    }
  }
  for (auto& k : sizes)
  {
    if (k < 0 || k > 40)
    {
      usage_error("log2 size out of range 0..40 in --sizes", spec);
    }
    k = int64_t{1} << k;
  }
  return sizes;
}

Options parse(const Chapter& chapter, const Step* steps, int step_count, const Versus* versus, int versus_count,
              int argc, char** argv)
{
  Options options;
  const char* sizes_spec = chapter.default_sizes;
  std::vector<int64_t> exact;
  for (int i = 1; i < argc; ++i)
  {
    const std::string arg = argv[i];
    auto value            = [&]() -> const char* {
      if (i + 1 >= argc)
      {
        usage_error("missing value after", argv[i]);
      }
      return argv[++i];
    };
    if (arg == "--help" || arg == "-h")
    {
      print_help(chapter, steps, step_count, versus, versus_count, argv[0]);
      std::exit(0);
    }
    else if (arg == "--list")
    {
      for (int s = 0; s < step_count; ++s)
      {
        std::printf("%d %s\n", steps[s].number, steps[s].name);
      }
      for (int v = 0; v < versus_count; ++v)
      {
        std::printf("versus %s\n", versus[v].name);
      }
      std::exit(0);
    }
    else if (arg == "--all")
    {
      options.steps_chosen = options.versus_chosen = false;
      options.steps.clear();
      options.versus.clear();
    }
    else if (arg == "--versus")
    {
      const char* name = value();
      if (std::none_of(versus, versus + versus_count, [&](const Versus& v) { return std::string(v.name) == name; }))
      {
        usage_error("no such comparison", name);
      }
      options.versus_chosen = true;
      options.versus.push_back(name);
    }
    else if (arg == "--step")
    {
      options.steps_chosen = true;
      for (const auto& part : split(value(), ','))
      {
        options.steps.push_back(static_cast<int>(parse_int(part.c_str(), "bad --step")));
      }
    }
    else if (arg == "--sizes")
    {
      sizes_spec = value();
    }
    else if (arg == "--figure")
    {
      sizes_spec = chapter.figure_sizes;
    }
    else if (arg == "--n")
    {
      for (const auto& part : split(value(), ','))
      {
        const int64_t n = parse_int(part.c_str(), "bad --n");
        if (n < 1)
        {
          usage_error("--n needs counts of at least 1, got", part.c_str());
        }
        exact.push_back(n);
      }
    }
    else if (arg == "--check")
    {
      options.check_only = true;
    }
    else if (arg == "--reps")
    {
      options.reps = static_cast<int>(parse_int(value(), "bad --reps"));
    }
    else if (arg == "--max-seconds")
    {
      options.max_seconds = std::atof(value());
    }
    else if (arg == "--seed")
    {
      options.seed       = static_cast<uint64_t>(parse_int(value(), "bad --seed"));
      options.seed_given = true;
    }
    else if (arg == "--csv")
    {
      options.csv = value();
    }
    else
    {
      usage_error("unknown option", argv[i]);
    }
  }
  for (int number : options.steps)
  {
    if (std::none_of(steps, steps + step_count, [&](const Step& s) { return s.number == number; }))
    {
      usage_error("no such step", std::to_string(number).c_str());
    }
  }
  // --check alone checks awkward sizes: around warp, block and tile edges, primes, 2^k +- 1.
  const bool sizes_given = sizes_spec != chapter.default_sizes || !exact.empty();
  if (options.check_only && !sizes_given)
  {
    exact = {1, 7, 31, 32, 33, 255, 257, 1000, 4093, 4097, 65535, 65537, 1000003, (1 << 22) + 1};
  }
  options.sizes = exact.empty() ? parse_log2_sizes(sizes_spec) : exact;
  options.reps  = std::max(options.reps, 3);
  return options;
}

// --- provenance of a measurement ------------------------------------------------

struct Provenance
{
  std::string gpu, driver, cuda, commit, date;
};

// The NVIDIA kernel module's version ("580.159.04") is what people call the
// driver version; the CUDA driver API version is the fallback.
std::string driver_version()
{
  if (FILE* f = std::fopen("/proc/driver/nvidia/version", "r"))
  {
    char word[128];
    std::string found;
    while (found.empty() && std::fscanf(f, "%127s", word) == 1)
    {
      unsigned major = 0, minor = 0;
      if (std::sscanf(word, "%u.%u", &major, &minor) == 2 && std::isdigit(static_cast<unsigned char>(word[0])))
      {
        found = word;
      }
    }
    std::fclose(f);
    if (!found.empty())
    {
      return found;
    }
  }
  int version = 0;
  CHECK_CUDA(cudaDriverGetVersion(&version));
  return "cuda-driver-api-" + std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

Provenance provenance(int device)
{
  Provenance p;
  cudaDeviceProp props{};
  CHECK_CUDA(cudaGetDeviceProperties(&props, device));
  p.gpu    = props.name;
  p.driver = driver_version();
  int runtime = 0;
  CHECK_CUDA(cudaRuntimeGetVersion(&runtime));
  p.cuda         = std::to_string(runtime / 1000) + "." + std::to_string(runtime % 1000 / 10);
  const char* c  = std::getenv("CUBLING_COMMIT");
  p.commit       = c ? c : CUBLING_GIT_COMMIT;
  char date[32]  = {};
  std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  p.date = date;
  return p;
}

// --- device buffers, rotated so that repeated runs do not hit in L2 ------------------

// `count` slices of `slice_bytes`, each starting on a 256-byte boundary.
struct Pool
{
  char* base        = nullptr;
  size_t stride     = 0;
  int count         = 0;
  void* slice(int i) const { return base + static_cast<size_t>(i % count) * stride; }
};

Pool make_pool(size_t slice_bytes, int count)
{
  Pool pool;
  pool.stride = cubling::ceil_div(std::max<size_t>(slice_bytes, 1), 256) * 256;
  pool.count  = count;
  CHECK_CUDA(cudaMalloc(&pool.base, pool.stride * count));
  return pool;
}

// Enough slices that one pass over them is at least twice the L2 (capped: tiny
// inputs are launch-bound, and their cache residency no longer matters).
int rotation_count(size_t bytes, size_t l2_bytes)
{
  if (bytes >= 2 * l2_bytes)
  {
    return 1;
  }
  return static_cast<int>(std::min<size_t>(cubling::ceil_div(2 * l2_bytes, std::max<size_t>(bytes, 1)), 512));
}

// --- timing ----------------------------------------------------------------------------

// Runs each of `runs` over and over, taking turns, and returns the median
// time of each (one run: the median of its repeats). Every run is timed
// alone, between two events, with the stream idle before it starts, so that
// it pays its own launch as a user's call would. Taking turns (and starting
// each round with a different one) makes slow drifts of the clocks or of the
// machine fall on all of them alike: it is how cubling and CUB are compared.
// Run k of round r gets `r * count + k`, the index of the input slice to
// read, so no two consecutive runs read the same slice.
template <typename Run>
std::vector<double> median_us_taking_turns(const Options& options, cudaStream_t stream, const std::vector<Run>& runs)
{
  const int count = static_cast<int>(runs.size());
  cudaEvent_t start, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreate(&stop));
  for (int i = 0; i < 2; ++i) // warm-up: module load, first-touch, clocks
  {
    for (int k = 0; k < count; ++k)
    {
      runs[k](i * count + k);
    }
  }
  CHECK_CUDA(cudaStreamSynchronize(stream));
  std::vector<std::vector<double>> times(count);
  double total = 0.0;
  for (int rep = 0; rep < options.reps; ++rep)
  {
    for (int turn = 0; turn < count; ++turn)
    {
      const int k = (rep + turn) % count;
      CHECK_CUDA(cudaEventRecord(start, stream));
      runs[k](rep * count + k);
      CHECK_CUDA(cudaEventRecord(stop, stream));
      CHECK_CUDA(cudaEventSynchronize(stop));
      float ms = 0.0f;
      CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
      times[k].push_back(1000.0 * ms);
      total += 1e-3 * ms;
    }
    if (rep >= 2 && total > count * options.max_seconds)
    {
      break;
    }
  }
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaEventDestroy(start));
  CHECK_CUDA(cudaEventDestroy(stop));
  std::vector<double> medians;
  for (std::vector<double>& t : times)
  {
    std::sort(t.begin(), t.end());
    const size_t m = t.size();
    medians.push_back(m % 2 ? t[m / 2] : 0.5 * (t[m / 2 - 1] + t[m / 2]));
  }
  return medians;
}

// --- one size ------------------------------------------------------------------------------

struct Row
{
  std::string step, name;
  bool correct = false;
  bool timed   = false;
  double us    = 0.0;
  int reps     = 0;
};

std::string format_size(int64_t n)
{
  for (int k = 0; k < 63; ++k)
  {
    if (n == (int64_t{1} << k))
    {
      return "2^" + std::to_string(k) + " = " + std::to_string(n);
    }
  }
  return std::to_string(n);
}

std::string ratio_text(double ratio)
{
  char text[32];
  std::snprintf(text, sizeof text, ratio >= 100 ? "%.0fx" : ratio >= 10 ? "%.1fx" : "%.2fx", ratio);
  return text;
}

struct Csv
{
  FILE* file = nullptr;
};

// A CSV field: quoted (RFC 4180) when it holds a comma, a quote or a newline.
std::string csv_field(const std::string& text)
{
  if (text.find_first_of(",\"\n") == std::string::npos)
  {
    return text;
  }
  std::string quoted = "\"";
  for (char c : text)
  {
    quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  }
  return quoted + "\"";
}

// One problem at one size: the chapter's problem with its steps and its
// VERSUS rows, or another problem with the VERSUS_ON rows that compute it.
// The oracle and copy rows go to the CSV for the chapter's problem only.
bool run_size(const Chapter& chapter, const Problem& problem, const Step* steps, int step_count,
              const Versus* versus, int versus_count, const Options& options, int64_t n, uint64_t seed,
              size_t l2_bytes, cudaStream_t stream, const Provenance& prov, Csv& csv)
{
  const bool main_problem = &problem == chapter.problem;
  if (!main_problem)
  {
    step_count = 0;
  }
  const size_t in_bytes  = problem.in_item_bytes * static_cast<size_t>(n);
  const size_t out_bytes = problem.out_item_bytes * static_cast<size_t>(problem.out_items(n));
  const int rotation     = options.check_only ? 1 : rotation_count(in_bytes, l2_bytes);

  // Phase 1: input and reference.
  std::vector<char> h_in(in_bytes), h_want(out_bytes), h_got(out_bytes);
  problem.fill(h_in.data(), n, seed);
  problem.reference(h_in.data(), n, h_want.data());

  Pool in       = make_pool(in_bytes, rotation);
  Pool out      = make_pool(out_bytes, rotation);
  Pool copy_out = make_pool(options.check_only ? 0 : in_bytes, rotation);
  CHECK_CUDA(cudaMemcpy(in.slice(0), h_in.data(), in_bytes, cudaMemcpyHostToDevice));
  for (int i = 1; i < rotation; ++i)
  {
    CHECK_CUDA(cudaMemcpy(in.slice(i), in.slice(0), in_bytes, cudaMemcpyDeviceToDevice));
  }
  void* scratch = nullptr;
  CHECK_CUDA(cudaMalloc(&scratch, std::max<size_t>(problem.scratch_bytes(n), 1)));
  const size_t oracle_bytes = problem.oracle_temp_bytes(n);
  void* oracle_temp         = nullptr;
  CHECK_CUDA(cudaMalloc(&oracle_temp, std::max<size_t>(oracle_bytes, 1)));

  // Phase 2: check. Poison the output, run once, compare.
  auto check = [&](Launch launch) {
    CHECK_CUDA(cudaMemsetAsync(out.slice(0), 0xA5, out_bytes, stream));
    launch(in.slice(0), out.slice(0), n, scratch, stream);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaStreamSynchronize(stream));
    CHECK_CUDA(cudaMemcpy(h_got.data(), out.slice(0), out_bytes, cudaMemcpyDeviceToHost));
    return problem.same(h_got.data(), h_want.data(), n);
  };
  auto oracle_launch = [&](const void* d_in, void* d_out) {
    problem.oracle(oracle_temp, oracle_bytes, d_in, d_out, n, stream);
  };

  std::vector<Row> rows;
  for (int s = 0; s < step_count; ++s)
  {
    const bool chosen = options.steps_chosen
                        ? std::find(options.steps.begin(), options.steps.end(), steps[s].number) != options.steps.end()
                        : !options.versus_chosen;
    if (!chosen)
    {
      continue;
    }
    Row row;
    row.step    = std::to_string(steps[s].number);
    row.name    = steps[s].name;
    row.correct = check(steps[s].launch);
    rows.push_back(row);
  }
  Row oracle_row;
  oracle_row.step = "cub";
  oracle_row.name = problem.oracle_name;
  CHECK_CUDA(cudaMemsetAsync(out.slice(0), 0xA5, out_bytes, stream));
  oracle_launch(in.slice(0), out.slice(0));
  CHECK_CUDA(cudaStreamSynchronize(stream));
  CHECK_CUDA(cudaMemcpy(h_got.data(), out.slice(0), out_bytes, cudaMemcpyDeviceToHost));
  oracle_row.correct = problem.same(h_got.data(), h_want.data(), n);

  struct Pair
  {
    const Versus* versus;
    Row cubling, cub;
  };
  std::vector<Pair> pairs;
  for (int v = 0; v < versus_count; ++v)
  {
    if (is_chosen(options, versus[v]) && versus[v].problem == &problem)
    {
      Pair pair{&versus[v], {}, {}};
      pair.cubling.correct = check(versus[v].cubling);
      pair.cub.correct     = check(versus[v].cub);
      pairs.push_back(pair);
    }
  }

  // Phase 3: time what is correct, with the device copy as the yardstick.
  // The copy, the oracle and each step are timed one after the other, each
  // in its own steady state: they are very different launches (a one-thread
  // kernel of seconds beside a copy of microseconds), and a run inherits the
  // state of the one before it (the clocks, the dirty lines in L2). The two
  // sides of a VERSUS pair, the same work through two libraries, take turns
  // instead (see median_us_taking_turns).
  double copy_us = 0.0;
  if (!options.check_only)
  {
    using Run        = std::function<void(int)>;
    auto median_us   = [&](Run run) { return median_us_taking_turns(options, stream, std::vector<Run>{run})[0]; };
    copy_us          = median_us([&](int rep) {
      CHECK_CUDA(cudaMemcpyAsync(copy_out.slice(rep), in.slice(rep), in_bytes, cudaMemcpyDeviceToDevice, stream));
    });
    for (Row& row : rows)
    {
      if (!row.correct)
      {
        continue;
      }
      const Step& step = *std::find_if(steps, steps + step_count, [&](const Step& s) { return row.name == s.name; });
      row.us           = median_us([&](int rep) { step.launch(in.slice(rep), out.slice(rep), n, scratch, stream); });
      row.timed        = true;
    }
    if (oracle_row.correct)
    {
      oracle_row.us    = median_us([&](int rep) { oracle_launch(in.slice(rep), out.slice(rep)); });
      oracle_row.timed = true;
    }
    for (Pair& pair : pairs)
    {
      if (!pair.cubling.correct || !pair.cub.correct)
      {
        continue;
      }
      const std::vector<double> pair_times = median_us_taking_turns(
        options, stream,
        std::vector<Run>{[&](int rep) { pair.versus->cubling(in.slice(rep), out.slice(rep), n, scratch, stream); },
                         [&](int rep) { pair.versus->cub(in.slice(rep), out.slice(rep), n, scratch, stream); }});
      pair.cubling.us    = pair_times[0];
      pair.cub.us        = pair_times[1];
      pair.cubling.timed = pair.cub.timed = true;
    }
  }

  // Phase 4: report.
  const double bytes     = problem.bytes_moved(n);
  const double copy_gbps = copy_us > 0 ? 2.0 * in_bytes / copy_us / 1e3 : 0.0;
  std::printf("\n== %s: %s, n = %s ==\n", chapter.folder, problem.title, format_size(n).c_str());
  if (!options.check_only)
  {
    std::printf("   device-to-device copy of the input: %.2f us, %.1f GB/s (read + write)\n", copy_us, copy_gbps);
    if (rotation > 1)
    {
      std::printf("   (inputs rotated over %d buffers, so that repeated runs do not read from L2)\n", rotation);
    }
  }
  std::printf("  %-4s %-32s %-8s %12s %9s %8s %8s %9s %8s\n", "step", "name", "verdict", "time", "GB/s", "of copy",
              "vs prev", "vs step 1", "/ CUB");
  const Row* first    = nullptr;
  const Row* previous = nullptr;
  bool all_correct    = oracle_row.correct;
  rows.push_back(oracle_row);
  for (const Row& row : rows)
  {
    const bool is_step = row.step != "cub";
    all_correct        = all_correct && row.correct;
    std::printf("  %-4s %-32s %-8s", row.step.c_str(), row.name.c_str(), row.correct ? "correct" : "FAILED");
    std::string vs_prev, vs_first, vs_cub;
    if (row.timed)
    {
      const double gbps = bytes / row.us / 1e3;
      if (is_step && previous)
      {
        vs_prev = ratio_text(previous->us / row.us);
      }
      if (is_step && first)
      {
        vs_first = ratio_text(first->us / row.us);
      }
      if (is_step && oracle_row.timed)
      {
        vs_cub = ratio_text(row.us / oracle_row.us);
      }
      std::printf(" %9.2f us %9.1f %7.1f%% %8s %9s %8s\n", row.us, gbps, 100.0 * gbps / copy_gbps,
                  vs_prev.empty() ? "-" : vs_prev.c_str(), vs_first.empty() ? "-" : vs_first.c_str(),
                  vs_cub.empty() ? "-" : vs_cub.c_str());
      if (csv.file && main_problem)
      {
        std::fprintf(csv.file, "%s,%s,%s,%s,%lld,%.0f,%.3f,%.2f,%.2f,%.4f,%s,%s,%s,%d,%s,%s,%s,%s,%s\n", chapter.folder,
                     row.step.c_str(), csv_field(row.name).c_str(), problem.item_type, static_cast<long long>(n), bytes, row.us,
                     gbps, copy_gbps, gbps / copy_gbps, vs_prev.empty() ? "" : std::to_string(previous->us / row.us).c_str(),
                     vs_first.empty() ? "" : std::to_string(first->us / row.us).c_str(),
                     vs_cub.empty() ? "" : std::to_string(row.us / oracle_row.us).c_str(), options.reps,
                     prov.gpu.c_str(), prov.driver.c_str(), prov.cuda.c_str(), prov.commit.c_str(), prov.date.c_str());
      }
      if (is_step)
      {
        previous = &row;
        if (!first && row.step == "1")
        {
          first = &row;
        }
      }
    }
    else
    {
      std::printf(" %12s\n", row.correct ? "(not timed)" : "not timed: wrong result");
    }
  }
  if (!pairs.empty())
  {
    std::printf("\n  %-34s %-8s %12s   %-8s %12s %12s\n", "cubling vs CUB, same kernel", "cubling", "time", "CUB",
                "time", "cubling/CUB");
  }
  for (const Pair& pair : pairs)
  {
    all_correct = all_correct && pair.cubling.correct && pair.cub.correct;
    auto time   = [](const Row& row) {
      char text[32];
      std::snprintf(text, sizeof text, row.timed ? "%9.2f us" : "-", row.us);
      return std::string(text);
    };
    const bool both = pair.cubling.timed && pair.cub.timed;
    std::printf("  %-34s %-8s %12s   %-8s %12s %12s\n", pair.versus->name, pair.cubling.correct ? "correct" : "FAILED",
                time(pair.cubling).c_str(), pair.cub.correct ? "correct" : "FAILED", time(pair.cub).c_str(),
                both ? ratio_text(pair.cubling.us / pair.cub.us).c_str() : "-");
    if (csv.file && both)
    {
      for (const Row* row : {&pair.cubling, &pair.cub})
      {
        const bool mine   = row == &pair.cubling;
        const double gbps = bytes / row->us / 1e3;
        std::fprintf(csv.file, "%s,%s:%s,%s,%s,%lld,%.0f,%.3f,%.2f,%.2f,%.4f,,,%s,%d,%s,%s,%s,%s,%s\n", chapter.folder,
                     mine ? "cubling" : "cub", pair.versus->name, pair.versus->name, problem.item_type,
                     static_cast<long long>(n), bytes, row->us, gbps, copy_gbps, gbps / copy_gbps,
                     mine ? std::to_string(pair.cubling.us / pair.cub.us).c_str() : "", options.reps, prov.gpu.c_str(),
                     prov.driver.c_str(), prov.cuda.c_str(), prov.commit.c_str(), prov.date.c_str());
      }
    }
  }
  if (csv.file && copy_us > 0 && main_problem)
  {
    std::fprintf(csv.file, "%s,copy,cudaMemcpyAsync D2D,%s,%lld,%.0f,%.3f,%.2f,%.2f,1.0000,,,,%d,%s,%s,%s,%s,%s\n",
                 chapter.folder, problem.item_type, static_cast<long long>(n), 2.0 * in_bytes, copy_us, copy_gbps,
                 copy_gbps, options.reps, prov.gpu.c_str(), prov.driver.c_str(), prov.cuda.c_str(), prov.commit.c_str(),
                 prov.date.c_str());
  }
  std::fflush(stdout);

  CHECK_CUDA(cudaFree(in.base));
  CHECK_CUDA(cudaFree(out.base));
  CHECK_CUDA(cudaFree(copy_out.base));
  CHECK_CUDA(cudaFree(scratch));
  CHECK_CUDA(cudaFree(oracle_temp));
  return all_correct;
}

} // namespace

int main(const Chapter& chapter, const Step* steps, int step_count, const Versus* versus, int versus_count, int argc,
         char** argv)
{
  Options options = parse(chapter, steps, step_count, versus, versus_count, argc, argv);
  int devices     = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0)
  {
    std::printf("%s needs an NVIDIA GPU to run its steps, and no CUDA device was found.\n"
                "Nothing was run. (--help and --list work without one.)\n",
                chapter.folder);
    return CHECK_SKIP;
  }
  const uint64_t seed = options.seed_given ? options.seed : check_seed();
  if (options.seed_given)
  {
    std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
  }
  const Provenance prov = provenance(0);
  cudaDeviceProp props{};
  CHECK_CUDA(cudaGetDeviceProperties(&props, 0));
  std::printf("%s: %s\n%s, driver %s, CUDA %s, commit %s\n", chapter.folder, chapter.title, prov.gpu.c_str(),
              prov.driver.c_str(), prov.cuda.c_str(), prov.commit.c_str());

  Csv csv;
  if (!options.csv.empty())
  {
    csv.file = std::fopen(options.csv.c_str(), "w");
    if (!csv.file)
    {
      usage_error("cannot write", options.csv.c_str());
    }
    std::fprintf(csv.file, "chapter,step,name,item_type,n,bytes,median_us,gbps,copy_gbps,fraction_of_copy,"
                           "speedup_vs_prev,speedup_vs_step1,time_vs_cub,max_reps,gpu,driver,cuda,commit,date\n");
  }
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreate(&stream));
  // The chapter's problem first, then each other problem that VERSUS_ON rows compute.
  std::vector<const Problem*> problems{chapter.problem};
  for (int v = 0; v < versus_count; ++v)
  {
    if (std::find(problems.begin(), problems.end(), versus[v].problem) == problems.end())
    {
      problems.push_back(versus[v].problem);
    }
  }
  bool all_correct = true;
  for (int64_t n : options.sizes)
  {
    for (const Problem* problem : problems)
    {
      const bool has_rows = (problem == chapter.problem && !options.versus_chosen)
                         || std::any_of(versus, versus + versus_count, [&](const Versus& v) {
                              return is_chosen(options, v) && v.problem == problem;
                            });
      if (has_rows)
      {
        all_correct = run_size(chapter, *problem, steps, step_count, versus, versus_count, options, n,
                               seed + static_cast<uint64_t>(n), props.l2CacheSize, stream, prov, csv)
                   && all_correct;
      }
    }
  }
  CHECK_CUDA(cudaStreamDestroy(stream));
  if (csv.file)
  {
    std::fclose(csv.file);
    std::printf("\nwrote %s\n", options.csv.c_str());
  }
  std::printf("\n%s\n", all_correct ? "all steps correct" : "FAILED: at least one result was wrong");
  return all_correct ? 0 : 1;
}

} // namespace runner
