// The project's assertion: HIPPOLYTA_ASSERT(condition) checks an invariant in debug builds and
// in the sanitizer builds (HIPPOLYTA_ASSERTIONS, set by CMake for ASan, TSan and the fuzz
// build), where a failure prints the condition and its place to stderr and aborts. In release
// builds it costs nothing: the condition is not evaluated (it still has to compile).
#pragma once

#include <cstdio>
#include <cstdlib>

#if !defined(NDEBUG) || defined(HIPPOLYTA_ASSERTIONS)
#define HIPPOLYTA_ASSERT(condition)                                                     \
    do {                                                                                \
        if (!(condition)) ::hippolyta::assertionFailed(#condition, __FILE__, __LINE__); \
    } while (false)
#else
#define HIPPOLYTA_ASSERT(condition) \
    do {                            \
        (void)sizeof(condition);    \
    } while (false)
#endif

namespace hippolyta {

[[noreturn]] inline void assertionFailed(const char* condition, const char* file, int line) {
    std::fprintf(stderr, "%s:%d: assertion failed: %s\n", file, line, condition);
    std::fflush(stderr);
    std::abort();
}

}  // namespace hippolyta
