// A VERSUS row on the scan test: both sides are the oracle's scans, so both
// must pass in every mode; it checks that pairs take turns with preparation.
#include "test_problems.h"

namespace versus_scan_in_place_or_not
{

void launch_cubling(const runner::Args<problems::test_scan_pairs>& a)
{
  problems::test_scan_pairs::oracle(a);
}

void launch_cub(const runner::Args<problems::test_scan_pairs>& a)
{
  problems::test_scan_pairs::oracle(a);
}

} // namespace versus_scan_in_place_or_not
