#include "adapters/judge/bot_process.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

namespace hippolyta {

BusyLoad::BusyLoad(int count) {
    for (int i = 0; i < count; ++i) {
        const int pid = ::fork();
        if (pid == 0) {
            volatile unsigned long x = 0;
            while (true)
                x = x + 1;
        }
        if (pid > 0) pids_.push_back(pid);
    }
}

BusyLoad::~BusyLoad() {
    for (int pid : pids_) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
    }
}

}  // namespace hippolyta
