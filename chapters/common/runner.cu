// runner.cu: check, then time, the steps of a chapter.
//
// Phases, for every problem, size and set of axes (mode, distribution, bits):
//   1. draw seeded input on the host and compute the CPU reference result;
//   2. run the CUB oracle and every selected step once, on poisoned outputs
//      with guard zones after them, and compare: the first mismatching index
//      with the expected and actual value, any write past an output's end,
//      any change to an input; a wrong step prints FAILED and is not timed;
//   3. time a device copy that moves the same bytes as the problem, the
//      oracle and each correct step: warm up, then the median of many runs
//      with CUDA events, each run preceded by its untimed preparation,
//      rotating the data among enough buffers that repeated runs cannot be
//      served from L2; the two sides of a VERSUS comparison take turns; a
//      CUB call with variants (a sort's count type) is timed each way and
//      the faster is reported, named;
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
#include "problem.h"
#include "runner.h"

#ifndef CUBLING_GIT_COMMIT
#  define CUBLING_GIT_COMMIT "unknown"
#endif

namespace runner
{

const char* name(Mode mode)
{
  static const char* const names[] = {"out_of_place", "in_place", "double_buffer"};
  return names[static_cast<unsigned>(mode)];
}

const char* name(Distribution distribution)
{
  static const char* const names[] = {"uniform",   "entropy_0.544", "entropy_0.201",
                                      "all_equal", "sorted",        "reverse_sorted"};
  return names[static_cast<unsigned>(distribution)];
}

namespace
{

constexpr int mode_count         = 3;
constexpr int distribution_count = 6;
constexpr unsigned char poison   = 0xA5; // every output byte before a check
constexpr unsigned char in_guard = 0x5A; // the bytes after every input
constexpr size_t guard_bytes     = 256;  // after every array: a write there is a write past its end

struct Options
{
  bool steps_chosen  = false; // --step given: only those steps
  bool versus_chosen = false; // --versus given: only those comparisons
  std::vector<int> steps;
  std::vector<std::string> versus;
  std::vector<int64_t> sizes;
  std::vector<Mode> modes;                 // empty: the problem's first mode
  std::vector<Distribution> distributions; // empty: the problem's first distribution
  int begin_bit      = 0;
  int end_bit        = -1;
  bool descending    = false;
  int device         = -1; // -1: the current device
  bool check_only    = false;
  int reps           = 30;
  double max_seconds = 1.0; // per measurement; at least 3 runs are always timed
  uint64_t seed      = 0;
  bool seed_given    = false;
  std::string csv, summary;
};

// Is this comparison selected? (--versus names it, or neither --versus nor --step was given.)
bool is_chosen(const Options& options, const Versus& versus)
{
  return options.versus_chosen
         ? std::find(options.versus.begin(), options.versus.end(), std::string(versus.name)) != options.versus.end()
         : !options.steps_chosen;
}

bool is_chosen(const Options& options, const Step& step)
{
  return options.steps_chosen
         ? std::find(options.steps.begin(), options.steps.end(), step.number) != options.steps.end()
         : !options.versus_chosen;
}

// --- the command line ----------------------------------------------------------

// The text of --help after the step tables; the defaults come from the chapter.
const char* const usage_text =
  "  --all              run every step and comparison (the default)\n"
  "  --step N[,M...]    run only these steps (repeatable)\n"
  "  --versus NAME      run only this cubling-versus-CUB comparison (repeatable)\n"
  "  --sizes SPEC       log2 sizes: A:B[:S] is 2^A..2^B in strides of S, or a list A,B,C\n"
  "                     (default %s)\n"
  "  --figure           the sizes measured for the book's figures (%s)\n"
  "  --n N[,M...]       exact item counts instead of powers of two\n"
  "  --mode M[,M...]    out_of_place, in_place, double_buffer or all (default: the problem's first)\n"
  "  --dist D[,D...]    uniform, entropy_0.544, entropy_0.201, all_equal, sorted, reverse_sorted or all\n"
  "  --bits B:E         only key bits B..E-1 count (sorts; default: every bit)\n"
  "  --descending       sort in descending order\n"
  "  --device D         run on CUDA device D (default: the current device)\n"
  "  --check            check every step against the reference and the oracle; time nothing\n"
  "                     (without --sizes or --n: odd sizes from 1 to 2^22 + 1)\n"
  "  --reps N           timed runs per measurement, median reported (default 30)\n"
  "  --max-seconds S    stop timing a measurement after S seconds, keeping at least 3 runs (default 1)\n"
  "  --seed S           seed of the random input (default: $CUBLING_SEED, else from the clock)\n"
  "  --csv FILE         write the measurements, with GPU/driver/CUDA/commit/date, to FILE\n"
  "  --summary FILE     append one line to FILE: the fastest step's time over CUB's at the largest size\n"
  "  --list             print the step table and exit\n"
  "  --help             this text\n";

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
  std::printf(usage_text, chapter.default_sizes, chapter.figure_sizes);
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

// A comma-separated list of enum names (or "all") as values of E.
template <typename E>
std::vector<E> parse_names(const char* text, int count, const char* what)
{
  std::vector<E> values;
  for (const auto& part : split(text, ','))
  {
    const size_t before = values.size();
    for (int i = 0; i < count; ++i)
    {
      if (part == "all" || part == name(static_cast<E>(i)))
      {
        values.push_back(static_cast<E>(i));
      }
    }
    if (values.size() == before)
    {
      usage_error(what, part.c_str());
    }
  }
  return values;
}

// One option: its name, whether it takes a value, and what it does.
struct OptionRule
{
  const char* name;
  bool takes_value;
  std::function<void(const char*)> apply;
};

std::vector<OptionRule> option_rules(Options& o, const char*& sizes_spec, std::vector<int64_t>& exact,
                                     const Chapter& chapter)
{
  auto list = [](const char* text, const char* what, auto each) {
    for (const auto& part : split(text, ','))
    {
      each(parse_int(part.c_str(), what));
    }
  };
  return {
    {"--all", false, [&](const char*) { o.steps_chosen = o.versus_chosen = false, o.steps.clear(), o.versus.clear(); }},
    {"--versus", true, [&](const char* v) { o.versus_chosen = true, o.versus.push_back(v); }},
    {"--step", true, [&](const char* v) { o.steps_chosen = true, list(v, "bad --step", [&](int64_t s) { o.steps.push_back(int(s)); }); }},
    {"--sizes", true, [&](const char* v) { sizes_spec = v; }},
    {"--figure", false, [&](const char*) { sizes_spec = chapter.figure_sizes; }},
    {"--n", true, [&](const char* v) { list(v, "bad --n", [&](int64_t n) { n >= 1 ? exact.push_back(n) : usage_error("--n needs counts of at least 1, got", v); }); }},
    {"--mode", true, [&](const char* v) { o.modes = parse_names<Mode>(v, mode_count, "no such mode"); }},
    {"--dist", true, [&](const char* v) { o.distributions = parse_names<Distribution>(v, distribution_count, "no such distribution"); }},
    {"--bits", true, [&](const char* v) {
       const auto bits = split(v, ':');
       if (bits.size() != 2)
       {
         usage_error("--bits needs B:E, got", v);
       }
       o.begin_bit = int(parse_int(bits[0].c_str(), "bad --bits"));
       o.end_bit   = int(parse_int(bits[1].c_str(), "bad --bits"));
     }},
    {"--descending", false, [&](const char*) { o.descending = true; }},
    {"--device", true, [&](const char* v) { o.device = int(parse_int(v, "bad --device")); }},
    {"--check", false, [&](const char*) { o.check_only = true; }},
    {"--reps", true, [&](const char* v) { o.reps = int(parse_int(v, "bad --reps")); }},
    {"--max-seconds", true, [&](const char* v) { o.max_seconds = std::atof(v); }},
    {"--seed", true, [&](const char* v) { o.seed = uint64_t(parse_int(v, "bad --seed")), o.seed_given = true; }},
    {"--csv", true, [&](const char* v) { o.csv = v; }},
    {"--summary", true, [&](const char* v) { o.summary = v; }},
  };
}

void list_and_exit(const Step* steps, int step_count, const Versus* versus, int versus_count)
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

Options parse(const Chapter& chapter, const Step* steps, int step_count, const Versus* versus, int versus_count,
              int argc, char** argv)
{
  Options options;
  const char* sizes_spec = chapter.default_sizes;
  std::vector<int64_t> exact;
  const std::vector<OptionRule> rules = option_rules(options, sizes_spec, exact, chapter);
  for (int i = 1; i < argc; ++i)
  {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h")
    {
      print_help(chapter, steps, step_count, versus, versus_count, argv[0]);
      std::exit(0);
    }
    if (arg == "--list")
    {
      list_and_exit(steps, step_count, versus, versus_count);
    }
    auto rule = std::find_if(rules.begin(), rules.end(), [&](const OptionRule& r) { return arg == r.name; });
    if (rule == rules.end())
    {
      usage_error("unknown option", argv[i]);
    }
    if (rule->takes_value && i + 1 >= argc)
    {
      usage_error("missing value after", argv[i]);
    }
    rule->apply(rule->takes_value ? argv[++i] : nullptr);
  }
  for (const std::string& name : options.versus)
  {
    if (std::none_of(versus, versus + versus_count, [&](const Versus& v) { return name == v.name; }))
    {
      usage_error("no such comparison", name.c_str());
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
  p.cuda          = std::to_string(runtime / 1000) + "." + std::to_string(runtime % 1000 / 10);
  const char* c   = std::getenv("CUBLING_COMMIT");
  p.commit        = c ? c : CUBLING_GIT_COMMIT;
  char date[32]   = {};
  std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  p.date = date;
  return p;
}

// --- device arrays, rotated so that repeated runs do not hit in L2 -------------------

// `count` slices of `bytes` (plus a guard zone), each on a 256-byte boundary.
struct DeviceArray
{
  char* base    = nullptr;
  size_t bytes  = 0; // of the items; the guard zone follows them
  size_t stride = 0;
  int count     = 0;
  char* slice(int i) const
  {
    return base + static_cast<size_t>(i % count) * stride;
  }
};

DeviceArray make_array(size_t bytes, int count)
{
  DeviceArray array;
  array.bytes  = bytes;
  array.stride = cubling::ceil_div(bytes + guard_bytes, size_t{256}) * 256;
  array.count  = count;
  CHECK_CUDA(cudaMalloc(&array.base, array.stride * count));
  return array;
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

// --- one problem at one size and one set of axes --------------------------------------

// Everything a check or a timed run of one problem needs: host input and
// reference, device arrays (inputs, outputs, double-buffer alternates),
// parameters and scratch.
struct Workload
{
  const Problem* problem = nullptr;
  int64_t n              = 0;
  Axes axes;
  int device            = 0;
  cudaStream_t stream   = nullptr;
  int rotation          = 1;
  std::vector<std::vector<char>> h_in, h_want;
  std::vector<DeviceArray> in, out, alt;
  std::vector<char> params;
  void* scratch        = nullptr;
  size_t scratch_bytes = 0;
  void* l2_flush       = nullptr; // written after each preparation, so that a run never reads the copy from L2
  size_t l2_bytes      = 0;
  int selector         = 0;
  const char* skipped  = nullptr;

  int64_t out_count(int k) const
  {
    return problem->out_count(k, n);
  }
  bool prepares() const
  {
    return axes.mode != Mode::out_of_place;
  }
};

std::vector<char*> pointers(std::vector<std::vector<char>>& arrays)
{
  std::vector<char*> result(max_arrays, nullptr);
  for (size_t k = 0; k < arrays.size(); ++k)
  {
    result[k] = arrays[k].data();
  }
  return result;
}

Workload make_workload(const Problem& problem, int64_t n, const Axes& axes, const Chapter& chapter, uint64_t seed,
                       bool check_only, int device, cudaStream_t stream)
{
  Workload w;
  w.problem = &problem, w.n = n, w.axes = axes, w.device = device, w.stream = stream;
  size_t footprint = 0;
  for (int k = 0; k < problem.inputs; ++k)
  {
    w.h_in.emplace_back(problem.in_item_bytes[k] * static_cast<size_t>(n));
    footprint += w.h_in.back().size();
  }
  for (int k = 0; k < problem.outputs; ++k)
  {
    w.h_want.emplace_back(problem.out_item_bytes[k] * static_cast<size_t>(w.out_count(k)));
    footprint += w.h_want.back().size() * (axes.mode == Mode::double_buffer ? 2 : 1);
  }
  problem.fill(pointers(w.h_in).data(), n, axes, seed);
  w.params.resize(std::max<size_t>(problem.params_bytes, 1));
  problem.make_params(axes, seed, w.params.data());
  problem.reference(pointers(w.h_in).data(), n, w.params.data(), axes, pointers(w.h_want).data());

  cudaDeviceProp props{};
  CHECK_CUDA(cudaGetDeviceProperties(&props, device));
  w.l2_bytes = static_cast<size_t>(props.l2CacheSize);
  w.rotation = check_only ? 1 : rotation_count(footprint, w.l2_bytes);
  for (int k = 0; k < problem.inputs; ++k)
  {
    w.in.push_back(make_array(w.h_in[k].size(), w.rotation));
    for (int r = 0; r < w.rotation; ++r)
    {
      CHECK_CUDA(cudaMemcpy(w.in[k].slice(r), w.h_in[k].data(), w.h_in[k].size(), cudaMemcpyHostToDevice));
      CHECK_CUDA(cudaMemset(w.in[k].slice(r) + w.h_in[k].size(), in_guard, guard_bytes));
    }
  }
  for (int k = 0; k < problem.outputs; ++k)
  {
    w.out.push_back(make_array(w.h_want[k].size(), w.rotation));
    w.alt.push_back(make_array(axes.mode == Mode::double_buffer ? w.h_want[k].size() : 0, w.rotation));
  }
  const size_t steps_bytes = chapter.scratch_bytes ? chapter.scratch_bytes(n) : 0;
  w.scratch_bytes          = std::max<size_t>({steps_bytes, problem.oracle_scratch_bytes(n), 1});
  CHECK_CUDA(cudaMalloc(&w.scratch, w.scratch_bytes));
  if (w.prepares() && !check_only)
  {
    CHECK_CUDA(cudaMalloc(&w.l2_flush, w.l2_bytes));
  }
  return w;
}

void free_workload(Workload& w)
{
  for (auto* arrays : {&w.in, &w.out, &w.alt})
  {
    for (DeviceArray& array : *arrays)
    {
      CHECK_CUDA(cudaFree(array.base));
    }
  }
  CHECK_CUDA(cudaFree(w.scratch));
  CHECK_CUDA(cudaFree(w.l2_flush));
}

// The arguments of a run on rotation slice `slice` (of CUB's call: in variant `variant`).
RawArgs args_for(Workload& w, int slice, int variant = 0)
{
  RawArgs a;
  for (int k = 0; k < w.problem->inputs; ++k)
  {
    a.raw_in[k] = w.in[k].slice(slice);
  }
  for (int k = 0; k < w.problem->outputs; ++k)
  {
    a.raw_out[k] = w.out[k].slice(slice);
    a.raw_alt[k] = w.axes.mode == Mode::double_buffer ? w.alt[k].slice(slice) : nullptr;
  }
  a.raw_params    = w.params.data();
  a.selector      = &w.selector;
  a.skipped       = &w.skipped;
  a.n             = w.n;
  a.axes          = w.axes;
  a.scratch       = w.scratch;
  a.scratch_bytes = w.scratch_bytes;
  a.stream        = w.stream;
  a.device        = w.device;
  a.variant       = variant;
  return a;
}

// The untimed preparation of a run: in place and double-buffer modes start
// from a fresh copy of the input in the outputs; then L2 is overwritten, so
// that the run reads its data from memory as an unprepared run would.
void prepare(Workload& w, int slice)
{
  if (!w.prepares())
  {
    return;
  }
  for (int k = 0; k < w.problem->outputs; ++k)
  {
    CHECK_CUDA(cudaMemcpyAsync(w.out[k].slice(slice), w.in[k].slice(slice), w.in[k].bytes, cudaMemcpyDeviceToDevice,
                               w.stream));
  }
  if (w.l2_flush)
  {
    CHECK_CUDA(cudaMemsetAsync(w.l2_flush, 0, w.l2_bytes, w.stream));
  }
}

// Where `bytes` at `data` first differ from `expected` (a fill byte, or a
// host copy), as an index; -1 if they do not.
int64_t first_difference(const std::vector<char>& data, size_t from, const char* expected, unsigned char fill)
{
  for (size_t i = from; i < data.size(); ++i)
  {
    const unsigned char want = expected ? static_cast<unsigned char>(expected[i - from]) : fill;
    if (static_cast<unsigned char>(data[i]) != want)
    {
      return static_cast<int64_t>(i - from);
    }
  }
  return -1;
}

// Copy slice 0 of a device array, items and guard zone, to the host.
std::vector<char> fetch(const DeviceArray& array)
{
  std::vector<char> host(array.bytes + guard_bytes);
  CHECK_CUDA(cudaMemcpy(host.data(), array.slice(0), host.size(), cudaMemcpyDeviceToHost));
  return host;
}

// The outputs after a check run: the reference's values, nothing written
// past any end (the alternate buffers' ends too), the inputs untouched.
std::string check_results(Workload& w)
{
  for (int k = 0; k < w.problem->outputs; ++k)
  {
    const bool in_alt = w.axes.mode == Mode::double_buffer && w.selector == 1;
    const std::vector<char> got = fetch(in_alt ? w.alt[k] : w.out[k]);
    const std::string mismatch  = w.problem->first_mismatch(k, got.data(), w.h_want[k].data(), w.out_count(k));
    if (!mismatch.empty())
    {
      return mismatch;
    }
    for (const DeviceArray* array : {&w.out[k], &w.alt[k]})
    {
      const int64_t past = first_difference(fetch(*array), array->bytes, nullptr, poison);
      if (array->bytes > 0 && past >= 0)
      {
        return "wrote past the end of output " + std::to_string(k) + (array == &w.alt[k] ? " (alternate)" : "")
             + ": byte " + std::to_string(past) + " after its last item";
      }
    }
  }
  for (int k = 0; k < w.problem->inputs; ++k)
  {
    const std::vector<char> got = fetch(w.in[k]);
    const int64_t changed       = first_difference(got, 0, w.h_in[k].data(), 0);
    if (changed >= 0 && changed < static_cast<int64_t>(w.h_in[k].size()))
    {
      return "changed input " + std::to_string(k) + " at byte " + std::to_string(changed);
    }
    if (first_difference(got, w.h_in[k].size(), nullptr, in_guard) >= 0)
    {
      return "wrote past the end of input " + std::to_string(k);
    }
  }
  return "";
}

struct Verdict
{
  bool correct = false;
  std::string why; // what was wrong, or why the step was skipped
  bool skipped = false;
};

// Run `launch` once on poisoned outputs and check what it wrote.
Verdict check(Workload& w, Launch launch, int variant = 0)
{
  for (int k = 0; k < w.problem->outputs; ++k)
  {
    CHECK_CUDA(cudaMemsetAsync(w.out[k].slice(0), poison, w.out[k].bytes + guard_bytes, w.stream));
    CHECK_CUDA(cudaMemsetAsync(w.alt[k].slice(0), poison, w.alt[k].bytes + guard_bytes, w.stream));
  }
  prepare(w, 0);
  w.selector = -1;
  w.skipped  = nullptr;
  launch(args_for(w, 0, variant));
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(w.stream));
  if (w.skipped)
  {
    return {false, w.skipped, true};
  }
  if (w.axes.mode == Mode::double_buffer && w.selector != 0 && w.selector != 1)
  {
    return {false, "the step did not set the double buffer's selector to 0 or 1"};
  }
  std::string why = check_results(w);
  return {why.empty(), why};
}

// --- timing ----------------------------------------------------------------------------

// A timed run: its untimed preparation, then the run itself, on a rotation slice.
struct Run
{
  std::function<void(int)> prepare;
  std::function<void(int)> run;
};

double median(std::vector<double> times)
{
  std::sort(times.begin(), times.end());
  const size_t m = times.size();
  return m % 2 ? times[m / 2] : 0.5 * (times[m / 2 - 1] + times[m / 2]);
}

// Runs each of `runs` over and over, taking turns, and returns the median
// time of each (one run: the median of its repeats). Every run is timed
// alone, between two events, after its preparation and with the stream idle
// before it starts, so that it pays its own launch as a user's call would.
// Taking turns (and starting each round with a different one) makes slow
// drifts of the clocks or of the machine fall on all of them alike: it is how
// cubling and CUB are compared. Run k of round r gets `r * count + k`, the
// index of the slice to use, so no two consecutive runs use the same slice.
std::vector<double> median_us_taking_turns(const Options& options, cudaStream_t stream, const std::vector<Run>& runs)
{
  const int count = static_cast<int>(runs.size());
  cudaEvent_t start, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreate(&stop));
  for (int i = 0; i < 2 * count; ++i) // warm-up: module load, first touch, clocks
  {
    runs[i % count].prepare(i);
    runs[i % count].run(i);
  }
  CHECK_CUDA(cudaStreamSynchronize(stream));
  std::vector<std::vector<double>> times(count);
  double total = 0.0;
  for (int rep = 0; rep < options.reps && !(rep >= 3 && total > count * options.max_seconds); ++rep)
  {
    for (int turn = 0; turn < count; ++turn)
    {
      const int k = (rep + turn) % count;
      runs[k].prepare(rep * count + k);
      CHECK_CUDA(cudaEventRecord(start, stream));
      runs[k].run(rep * count + k);
      CHECK_CUDA(cudaEventRecord(stop, stream));
      CHECK_CUDA(cudaEventSynchronize(stop));
      float ms = 0.0f;
      CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
      times[k].push_back(1000.0 * ms);
      total += 1e-3 * ms;
    }
  }
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaEventDestroy(start));
  CHECK_CUDA(cudaEventDestroy(stop));
  std::vector<double> medians;
  for (const std::vector<double>& t : times)
  {
    medians.push_back(median(t));
  }
  return medians;
}

// A run of `launch` on the workload, with its preparation.
Run run_of(Workload& w, Launch launch, int variant = 0)
{
  return {[&w](int slice) { prepare(w, slice); },
          [&w, launch, variant](int slice) { launch(args_for(w, slice, variant)); }};
}

// The yardstick: a device-to-device copy that moves as many bytes as an
// ideal kernel of the problem (half read, half written), so that "of copy"
// (copy time / step time) means the same at every size: 100% is as fast as a
// copy of the same bytes.
double copy_us(const Options& options, const Workload& w)
{
  const size_t half = static_cast<size_t>(w.problem->bytes_moved(w.n) / 2);
  DeviceArray from  = make_array(half, w.rotation);
  DeviceArray to    = make_array(half, w.rotation);
  CHECK_CUDA(cudaMemset(from.base, 1, from.stride * from.count));
  const Run copy{[](int) {}, [&](int slice) {
                   CHECK_CUDA(cudaMemcpyAsync(to.slice(slice), from.slice(slice), half, cudaMemcpyDeviceToDevice,
                                              w.stream));
                 }};
  const double us = median_us_taking_turns(options, w.stream, {copy})[0];
  CHECK_CUDA(cudaFree(from.base));
  CHECK_CUDA(cudaFree(to.base));
  return us;
}

// --- report -------------------------------------------------------------------------------

// One measured line: a step, CUB's oracle, a side of a VERSUS pair, or the copy.
struct Row
{
  std::string step, name; // "3", "cub", "cubling:NAME" / "cub:NAME", "copy"
  Launch launch = nullptr;
  Verdict verdict;
  bool timed = false;
  double us  = 0.0;
  unsigned variants = 1; // CUB's rows: the oracle variants that ran correctly (a bit each); the faster is kept
  int variant       = 0; // the one reported
  std::string variant_times = ""; // "int count 6345.25 us, int64_t count 5440.91 us"
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

std::string number_field(double value, const char* format)
{
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

// The CSV's columns. The first 19 are the original schema; the last four
// were appended (problem, mode, distribution, items per second), so that
// older files and their readers keep working.
const char* const csv_header = "chapter,step,name,item_type,n,bytes,median_us,gbps,copy_gbps,fraction_of_copy,"
                               "speedup_vs_prev,speedup_vs_step1,time_vs_cub,max_reps,gpu,driver,cuda,commit,date,"
                               "problem,mode,distribution,gitems_per_s";

// What a CSV row says besides the row itself.
struct Context
{
  const Chapter* chapter;
  const Workload* w;
  const Options* options;
  const Provenance* prov;
  double copy_us;
  FILE* csv;
};

// The one writer of a CSV row; ratios < 0 are left empty.
void write_csv_row(const Context& c, const Row& row, double bytes, double vs_prev, double vs_first, double vs_cub)
{
  if (!c.csv || !row.timed)
  {
    return;
  }
  const double gbps      = bytes / row.us / 1e3;
  const double copy_gbps = bytes / c.copy_us / 1e3;
  auto ratio             = [](double r) { return r < 0 ? std::string() : number_field(r, "%.6f"); };
  const std::string fields[] = {
    c.chapter->folder, row.step, csv_field(row.name), c.w->problem->item_type, std::to_string(c.w->n),
    number_field(bytes, "%.0f"), number_field(row.us, "%.3f"), number_field(gbps, "%.2f"),
    number_field(copy_gbps, "%.2f"), number_field(c.copy_us / row.us, "%.4f"), ratio(vs_prev), ratio(vs_first),
    ratio(vs_cub), std::to_string(c.options->reps), c.prov->gpu, c.prov->driver, c.prov->cuda, c.prov->commit,
    c.prov->date, c.w->problem->name, name(c.w->axes.mode), name(c.w->axes.distribution),
    number_field(static_cast<double>(c.w->n) / row.us / 1e3, "%.4f")};
  std::string line;
  for (const std::string& field : fields)
  {
    line += (line.empty() ? "" : ",") + field;
  }
  std::fprintf(c.csv, "%s\n", line.c_str());
}

// The table of steps and CUB; returns whether every row was correct.
bool print_steps(const Context& c, const std::vector<Row>& rows)
{
  const double bytes = c.w->problem->bytes_moved(c.w->n);
  std::printf("  %-4s %-32s %-8s %12s %9s %9s %8s %8s %9s %8s\n", "step", "name", "verdict", "time", "GB/s", "Gitems/s",
              "of copy", "vs prev", "vs step 1", "/ CUB");
  const Row* cub      = rows.empty() || rows.back().step != "cub" ? nullptr : &rows.back();
  const Row* first    = nullptr;
  const Row* previous = nullptr;
  bool all_correct    = true;
  for (const Row& row : rows)
  {
    const bool is_step = &row != cub;
    all_correct        = all_correct && (row.verdict.correct || row.verdict.skipped);
    std::printf("  %-4s %-32s %-8s", row.step.c_str(), row.name.c_str(),
                row.verdict.correct ? "correct" : row.verdict.skipped ? "skipped" : "FAILED");
    if (!row.timed)
    {
      std::printf(" %s\n", row.verdict.why.empty() ? "(not timed)" : row.verdict.why.c_str());
      continue;
    }
    const double vs_prev  = is_step && previous ? previous->us / row.us : -1;
    const double vs_first = is_step && first ? first->us / row.us : -1;
    const double vs_cub   = is_step && cub && cub->timed ? row.us / cub->us : -1;
    auto text             = [](double r) { return r < 0 ? std::string("-") : ratio_text(r); };
    std::printf(" %9.2f us %9.1f %9.3f %7.1f%% %8s %9s %8s\n", row.us, bytes / row.us / 1e3,
                static_cast<double>(c.w->n) / row.us / 1e3, 100.0 * c.copy_us / row.us, text(vs_prev).c_str(),
                text(vs_first).c_str(), text(vs_cub).c_str());
    write_csv_row(c, row, bytes, vs_prev, vs_first, vs_cub);
    if (is_step)
    {
      previous = &row;
      first    = first ? first : (row.step == "1" ? &row : nullptr);
    }
  }
  return all_correct;
}

// The VERSUS table; returns whether every row was correct.
bool print_pairs(const Context& c, const std::vector<std::pair<Row, Row>>& pairs)
{
  if (pairs.empty())
  {
    return true;
  }
  std::printf("\n  %-34s %-8s %12s   %-8s %12s %12s\n", "cubling vs CUB, same kernel", "cubling", "time", "CUB",
              "time", "cubling/CUB");
  bool all_correct = true;
  auto time        = [](const Row& row) { return row.timed ? number_field(row.us, "%9.2f us") : std::string("-"); };
  auto verdict     = [](const Row& row) { return row.verdict.correct ? "correct" : "FAILED"; };
  for (const auto& [mine, theirs] : pairs)
  {
    all_correct     = all_correct && mine.verdict.correct && theirs.verdict.correct;
    const bool both = mine.timed && theirs.timed;
    std::printf("  %-34s %-8s %12s   %-8s %12s %12s\n", mine.name.c_str(), verdict(mine), time(mine).c_str(),
                verdict(theirs), time(theirs).c_str(), both ? ratio_text(mine.us / theirs.us).c_str() : "-");
    for (const Row& row : {mine, theirs})
    {
      if (!row.verdict.correct)
      {
        std::printf("      %s: %s\n", row.step.c_str(), row.verdict.why.c_str());
      }
    }
    if (both)
    {
      const double bytes = c.w->problem->bytes_moved(c.w->n);
      write_csv_row(c, mine, bytes, -1, -1, mine.us / theirs.us);
      write_csv_row(c, theirs, bytes, -1, -1, -1);
    }
  }
  return all_correct;
}

// --- one problem, one size, one set of axes ----------------------------------------------

// What runs on a workload: the steps (on the chapter's problem or its
// ALSO_ON problem), CUB's oracle, and the VERSUS pairs of that problem.
struct Rows
{
  std::vector<Row> steps_and_cub; // CUB last
  std::vector<std::pair<Row, Row>> pairs;
};

// A row of CUB's call, checked in each of the problem's oracle variants: it is
// correct when every variant that ran was (a variant may skip, as an `int`
// count does past 2^31 - 1 items).
Row cub_row(Workload& w, const std::string& step, const std::string& name, Launch launch)
{
  Row row;
  row.step = step, row.name = name, row.launch = launch, row.variants = 0;
  for (int v = 0; v < w.problem->oracle_variants; ++v)
  {
    const Verdict verdict = check(w, launch, v);
    if (verdict.skipped)
    {
      row.verdict = row.variants ? row.verdict : verdict;
      continue;
    }
    if (!verdict.correct)
    {
      row.verdict = verdict;
      if (w.problem->oracle_variants > 1)
      {
        row.verdict.why = std::string(w.problem->oracle_variant_name(v)) + ": " + verdict.why;
      }
      row.variants = 0;
      return row;
    }
    row.verdict = verdict;
    row.variants |= 1u << v;
  }
  return row;
}

Rows checked_rows(Workload& w, const Options& options, const Chapter& chapter, const Step* steps, int step_count,
                  const Versus* versus, int versus_count)
{
  Rows rows;
  const bool also = w.problem == chapter.also && w.problem != chapter.problem;
  for (int i = 0; i < step_count && (w.problem == chapter.problem || also); ++i)
  {
    const Launch launch = also ? steps[i].launch_also : steps[i].launch;
    if (is_chosen(options, steps[i]))
    {
      rows.steps_and_cub.push_back({std::to_string(steps[i].number), steps[i].name, launch, check(w, launch)});
    }
  }
  rows.steps_and_cub.push_back(cub_row(w, "cub", w.problem->oracle_name, w.problem->oracle));
  for (int v = 0; v < versus_count; ++v)
  {
    if (is_chosen(options, versus[v]) && versus[v].problem == w.problem)
    {
      rows.pairs.push_back({{std::string("cubling:") + versus[v].name, versus[v].name, versus[v].cubling,
                             check(w, versus[v].cubling)},
                            cub_row(w, std::string("cub:") + versus[v].name, versus[v].name, versus[v].cub)});
    }
  }
  return rows;
}

// Time every correct row: each step and CUB alone, in its own steady state
// (a one-thread kernel of seconds and a copy of microseconds leave the
// machine in different states); the two sides of a pair taking turns.
// A row with several correct variants (CUB's, in a problem with oracle
// variants) times them all, taking turns with `other` (the cubling side of a
// pair, if any), and keeps the fastest, naming it.
void time_rows(Workload& w, const Options& options, Rows& rows)
{
  auto time = [&](Row* other, Row& row) {
    std::vector<Run> runs;
    std::vector<int> which;
    if (other)
    {
      runs.push_back(run_of(w, other->launch));
    }
    for (int v = 0; v < 2; ++v) // an oracle has at most two variants (problem.h)
    {
      if (row.variants >> v & 1u)
      {
        runs.push_back(run_of(w, row.launch, v));
        which.push_back(v);
      }
    }
    const std::vector<double> us = median_us_taking_turns(options, w.stream, runs);
    const size_t first           = other ? 1 : 0;
    size_t best                  = first;
    for (size_t k = first; k < us.size(); ++k)
    {
      best = us[k] < us[best] ? k : best;
      if (w.problem->oracle_variants > 1)
      {
        char text[96];
        std::snprintf(text, sizeof text, "%s%s %.2f us", row.variant_times.empty() ? "" : ", ",
                      w.problem->oracle_variant_name(which[k - first]), us[k]);
        row.variant_times += text;
      }
    }
    row.us = us[best], row.variant = which[best - first], row.timed = true;
    if (w.problem->oracle_variants > 1)
    {
      row.name += std::string(" (") + w.problem->oracle_variant_name(row.variant) + ")";
    }
    if (other)
    {
      other->us = us[0], other->timed = true;
    }
  };
  for (Row& row : rows.steps_and_cub)
  {
    if (row.verdict.correct)
    {
      time(nullptr, row);
    }
  }
  for (auto& [mine, theirs] : rows.pairs)
  {
    if (mine.verdict.correct && theirs.verdict.correct)
    {
      time(&mine, theirs);
    }
  }
}

// The fastest timed step's time over CUB's (infinity when there is none).
double fastest_vs_cub(const std::vector<Row>& steps_and_cub)
{
  const Row& cub = steps_and_cub.back();
  double best    = HUGE_VAL;
  for (size_t i = 0; i + 1 < steps_and_cub.size(); ++i)
  {
    if (steps_and_cub[i].timed && cub.timed)
    {
      best = std::min(best, steps_and_cub[i].us / cub.us);
    }
  }
  return best;
}

std::string axes_text(const Workload& w)
{
  std::string text = std::string(name(w.axes.mode)) + ", " + name(w.axes.distribution);
  if (w.axes.begin_bit != 0 || w.axes.end_bit >= 0)
  {
    text += ", bits " + std::to_string(w.axes.begin_bit) + ".." + std::to_string(w.axes.end_bit);
  }
  if (w.axes.descending)
  {
    text += ", descending";
  }
  const std::string params = w.problem->params_text(w.params.data());
  return params.empty() ? text : text + ", " + params;
}

// Check, time and report one workload. Returns whether all rows were correct.
bool run_workload(Context& c, Workload& w, const Step* steps, int step_count, const Versus* versus, int versus_count,
                  double& fastest)
{
  const Options& options = *c.options;
  Rows rows = checked_rows(w, options, *c.chapter, steps, step_count, versus, versus_count);
  std::printf("\n== %s: %s, n = %s (%s) ==\n", c.chapter->folder, w.problem->title, format_size(w.n).c_str(),
              axes_text(w).c_str());
  if (!options.check_only)
  {
    c.copy_us = copy_us(options, w);
    time_rows(w, options, rows);
    std::printf("   a device copy moving the same %.0f bytes: %.2f us (\"of copy\" is its time over the step's)\n",
                w.problem->bytes_moved(w.n), c.copy_us);
    if (w.rotation > 1)
    {
      std::printf("   (data rotated over %d buffers, so that repeated runs do not read from L2)\n", w.rotation);
    }
    Row copy;
    copy.step = "copy", copy.name = "cudaMemcpyAsync D2D", copy.timed = true, copy.us = c.copy_us;
    write_csv_row(c, copy, w.problem->bytes_moved(w.n), -1, -1, -1);
  }
  if (rows.steps_and_cub.size() > 1)
  {
    fastest = fastest_vs_cub(rows.steps_and_cub);
  }
  const bool steps_correct = print_steps(c, rows.steps_and_cub);
  const bool pairs_correct = print_pairs(c, rows.pairs);
  for (const Row& row : rows.steps_and_cub)
  {
    if (!row.variant_times.empty())
    {
      std::printf("   %s, timed each way: %s; the faster is reported\n", row.step.c_str(), row.variant_times.c_str());
    }
  }
  for (const auto& pair : rows.pairs)
  {
    if (!pair.second.variant_times.empty())
    {
      std::printf("   %s, timed each way: %s; the faster is reported\n", pair.second.step.c_str(),
                  pair.second.variant_times.c_str());
    }
  }
  return pairs_correct && steps_correct;
}

// The problems a run covers: the chapter's, its ALSO_ON problem, then each
// other problem that chosen VERSUS_ON rows compute.
std::vector<const Problem*> problems_to_run(const Chapter& chapter, const Options& options, const Versus* versus,
                                            int versus_count)
{
  std::vector<const Problem*> problems;
  auto add = [&](const Problem* p) {
    if (p && std::find(problems.begin(), problems.end(), p) == problems.end())
    {
      problems.push_back(p);
    }
  };
  if (!options.versus_chosen)
  {
    add(chapter.problem);
    add(chapter.also);
  }
  for (int v = 0; v < versus_count; ++v)
  {
    if (is_chosen(options, versus[v]))
    {
      add(versus[v].problem);
    }
  }
  return problems;
}

// Every combination of the chosen modes and distributions that `problem` supports.
std::vector<Axes> axes_to_run(const Problem& problem, const Options& options)
{
  auto first_of = [](unsigned mask) { unsigned i = 0; while (!(mask >> i & 1u)) ++i; return i; };
  std::vector<Mode> modes = options.modes;
  std::vector<Distribution> distributions = options.distributions;
  if (modes.empty())
  {
    modes.push_back(static_cast<Mode>(first_of(problem.modes)));
  }
  if (distributions.empty())
  {
    distributions.push_back(static_cast<Distribution>(first_of(problem.distributions)));
  }
  std::vector<Axes> result;
  for (Mode mode : modes)
  {
    for (Distribution distribution : distributions)
    {
      if ((problem.modes & bit(mode)) && (problem.distributions & bit(distribution)))
      {
        result.push_back({mode, distribution, options.begin_bit, options.end_bit, options.descending});
      }
    }
  }
  return result;
}

// The device to run on: --device, else the current one.
int choose_device(const Options& options)
{
  int device = options.device;
  if (device < 0)
  {
    CHECK_CUDA(cudaGetDevice(&device));
  }
  CHECK_CUDA(cudaSetDevice(device));
  return device;
}

void write_summary(const Options& options, const Chapter& chapter, int64_t n, double fastest, bool all_correct)
{
  char line[256];
  if (fastest < HUGE_VAL)
  {
    std::snprintf(line, sizeof line, "%-22s fastest step at n = %s: %.2fx CUB's time%s", chapter.folder,
                  format_size(n).c_str(), fastest, all_correct ? "" : "  (FAILED: a result was wrong)");
  }
  else
  {
    std::snprintf(line, sizeof line, "%-22s %s", chapter.folder,
                  all_correct ? "every step correct (checked, not timed)" : "FAILED: a result was wrong");
  }
  std::printf("\nsummary: %s\n", line);
  if (!options.summary.empty())
  {
    FILE* file = std::fopen(options.summary.c_str(), "a");
    if (!file)
    {
      usage_error("cannot append to", options.summary.c_str());
    }
    std::fprintf(file, "%s\n", line);
    std::fclose(file);
  }
}

} // namespace

int main(const Chapter& chapter, const Step* steps, int step_count, const Versus* versus, int versus_count, int argc,
         char** argv)
{
  const Options options = parse(chapter, steps, step_count, versus, versus_count, argc, argv);
  int devices           = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0)
  {
    std::printf("%s needs an NVIDIA GPU to run its steps, and no CUDA device was found.\n"
                "Nothing was run. (--help and --list work without one.)\n",
                chapter.folder);
    return CHECK_SKIP;
  }
  const uint64_t seed   = options.seed_given ? options.seed : check_seed();
  const int device      = choose_device(options);
  const Provenance prov = provenance(device);
  std::printf("%s: %s\n%s (device %d), driver %s, CUDA %s, commit %s\n", chapter.folder, chapter.title,
              prov.gpu.c_str(), device, prov.driver.c_str(), prov.cuda.c_str(), prov.commit.c_str());
  Context context{&chapter, nullptr, &options, &prov, 0.0, nullptr};
  if (!options.csv.empty())
  {
    context.csv = std::fopen(options.csv.c_str(), "w");
    if (!context.csv)
    {
      usage_error("cannot write", options.csv.c_str());
    }
    std::fprintf(context.csv, "%s\n", csv_header);
  }
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreate(&stream));
  bool all_correct = true;
  double fastest   = HUGE_VAL; // at the largest size of the chapter's problem
  int64_t largest  = 0;
  for (int64_t n : options.sizes)
  {
    for (const Problem* problem : problems_to_run(chapter, options, versus, versus_count))
    {
      for (const Axes& axes : axes_to_run(*problem, options))
      {
        Workload w = make_workload(*problem, n, axes, chapter, seed + static_cast<uint64_t>(n), options.check_only,
                                   device, stream);
        context.w  = &w;
        double fastest_here = HUGE_VAL;
        all_correct = run_workload(context, w, steps, step_count, versus, versus_count, fastest_here) && all_correct;
        if (problem == chapter.problem && n >= largest)
        {
          fastest = n > largest ? fastest_here : std::min(fastest, fastest_here);
          largest = n;
        }
        free_workload(w);
      }
    }
  }
  CHECK_CUDA(cudaStreamDestroy(stream));
  if (context.csv)
  {
    std::fclose(context.csv);
    std::printf("\nwrote %s\n", options.csv.c_str());
  }
  write_summary(options, chapter, largest, fastest, all_correct);
  std::printf("\n%s\n", all_correct ? "all steps correct" : "FAILED: at least one result was wrong");
  return all_correct ? 0 : 1;
}

} // namespace runner
