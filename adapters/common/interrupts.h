// Ctrl-C and SIGTERM for the long-running tools (match runner, book builder): the first one
// raises a flag that the work polls so that it can stop cleanly; a second one ends the process.
#pragma once

#include <atomic>

namespace hippolyta {

// Installs the handlers and returns the flag they raise.
std::atomic<bool>& catchInterrupts();

}  // namespace hippolyta
