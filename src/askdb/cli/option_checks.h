// Checks of command-line option values that CLI11's own validators word badly or do not
// have: a time zone that exists (a typo in --tz silently answered in UTC) and a positive
// number whose error does not print the largest double ("not in range 0.000000 to 1797…").
#pragma once

#include <CLI/CLI.hpp>

namespace askdb::cli {

// An IANA time zone name the system's tz database holds (case-insensitive, as the quick
// path reads it); empty passes (the system's zone).
CLI::Validator TimeZoneName();

// A number greater than zero.
CLI::Validator PositiveValue();

}  // namespace askdb::cli
