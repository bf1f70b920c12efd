#include "tools/common/cpu_check.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

// This file is compiled with the build's -march flags, so the macros below name what the whole
// program may use; the functions carry target("arch=x86-64") so that they themselves run on any
// x86-64. The check calls C functions only: inline C++ library code would be compiled with the
// -march flags.
#define HIPPOLYTA_ANY_X86_64 __attribute__((target("arch=x86-64")))

namespace hippolyta {

namespace {

struct Feature {
    const char* name;  // as __builtin_cpu_supports spells it
    bool needed;
};

// The extensions a compiler may use on its own under -march (the ones both GCC and clang can
// test at run time).
constexpr Feature kFeatures[] = {
#ifdef __SSE3__
    {"sse3", true},
#endif
#ifdef __SSSE3__
    {"ssse3", true},
#endif
#ifdef __SSE4_1__
    {"sse4.1", true},
#endif
#ifdef __SSE4_2__
    {"sse4.2", true},
#endif
#ifdef __POPCNT__
    {"popcnt", true},
#endif
#ifdef __AVX__
    {"avx", true},
#endif
#ifdef __AVX2__
    {"avx2", true},
#endif
#ifdef __BMI__
    {"bmi", true},
#endif
#ifdef __BMI2__
    {"bmi2", true},
#endif
#ifdef __FMA__
    {"fma", true},
#endif
#ifdef __AVX512F__
    {"avx512f", true},
#endif
#ifdef __AVX512BW__
    {"avx512bw", true},
#endif
#ifdef __AVX512VL__
    {"avx512vl", true},
#endif
#ifdef __AVX512DQ__
    {"avx512dq", true},
#endif
    {"", false},  // keeps the array non-empty
};

// Writes the needed extensions that `has` denies into out, space-separated; returns how many.
HIPPOLYTA_ANY_X86_64 int listMissing(bool (*has)(const char*), char* out, size_t size) {
    int count = 0;
    out[0] = '\0';
    for (const Feature& f : kFeatures) {
        if (!f.needed || has(f.name)) continue;
        if (count++) std::strncat(out, " ", size - std::strlen(out) - 1);
        std::strncat(out, f.name, size - std::strlen(out) - 1);
    }
    return count;
}

HIPPOLYTA_ANY_X86_64 bool cpuHas(const char* feature) {
    // __builtin_cpu_supports takes literals only.
    if (!std::strcmp(feature, "sse3")) return __builtin_cpu_supports("sse3");
    if (!std::strcmp(feature, "ssse3")) return __builtin_cpu_supports("ssse3");
    if (!std::strcmp(feature, "sse4.1")) return __builtin_cpu_supports("sse4.1");
    if (!std::strcmp(feature, "sse4.2")) return __builtin_cpu_supports("sse4.2");
    if (!std::strcmp(feature, "popcnt")) return __builtin_cpu_supports("popcnt");
    if (!std::strcmp(feature, "avx")) return __builtin_cpu_supports("avx");
    if (!std::strcmp(feature, "avx2")) return __builtin_cpu_supports("avx2");
    if (!std::strcmp(feature, "bmi")) return __builtin_cpu_supports("bmi");
    if (!std::strcmp(feature, "bmi2")) return __builtin_cpu_supports("bmi2");
    if (!std::strcmp(feature, "fma")) return __builtin_cpu_supports("fma");
    if (!std::strcmp(feature, "avx512f")) return __builtin_cpu_supports("avx512f");
    if (!std::strcmp(feature, "avx512bw")) return __builtin_cpu_supports("avx512bw");
    if (!std::strcmp(feature, "avx512vl")) return __builtin_cpu_supports("avx512vl");
    if (!std::strcmp(feature, "avx512dq")) return __builtin_cpu_supports("avx512dq");
    return true;
}

// Priority 101, the first one a program may use: before any other static initialiser, some of
// which are compiled with the extensions checked here.
__attribute__((constructor(101))) HIPPOLYTA_ANY_X86_64 void checkCpu() {
    __builtin_cpu_init();
    char missing[256];
    if (!listMissing(cpuHas, missing, sizeof missing)) return;
    std::fprintf(stderr,
                 "hippolyta: this binary was built for a CPU with %s, which this CPU lacks.\n"
                 "Build it from source for this machine (the default build needs only "
                 "x86-64-v2: SSE4.2 and POPCNT).\n",
                 missing);
    std::_Exit(1);
}

}  // namespace

std::string missingCpuFeatures(bool (*has)(const char* feature)) {
    char missing[256];
    listMissing(has, missing, sizeof missing);
    return missing;
}

}  // namespace hippolyta
