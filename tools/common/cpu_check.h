// The start-up check that the CPU has the instruction set extensions the binary was compiled
// for (x86-64-v2 for portable builds, the building machine's for -DHIPPOLYTA_NATIVE=ON). It runs
// as a constructor of high priority, before every other static initialiser of the program and
// before main(), and exits with a message instead of an illegal-instruction crash.
#pragma once

#include <string>

namespace hippolyta {

// The extensions the binary was built for that `has` says the CPU lacks, space-separated
// (empty: the CPU is good). `has` takes __builtin_cpu_supports names such as "avx2".
std::string missingCpuFeatures(bool (*has)(const char* feature));

}  // namespace hippolyta
