#include "adapters/solve/split_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "engine/core/file_io.h"

namespace hippolyta {

namespace {

std::string errorText(int err) {
    return std::system_category().message(err);
}

}  // namespace

std::vector<SplitTask> readTasks(const std::string& dir) {
    std::istringstream in(readWholeFile(dir + "/tasks.txt"));
    std::vector<SplitTask> tasks;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        SplitTask t;
        if (!(fields >> t.index >> t.move)) throw std::runtime_error("bad line in tasks.txt");
        std::getline(fields >> std::ws, t.position);
        tasks.push_back(t);
    }
    return tasks;
}

std::string indexedPath(const std::string& dir, const char* stem, int index, const char* ext) {
    char name[32];
    std::snprintf(name, sizeof name, "%s-%04d.%s", stem, index, ext);
    return dir + "/" + name;
}

bool fileExists(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
}

const char* outcomeName(Outcome o) {
    return o == Outcome::Win ? "win" : o == Outcome::Loss ? "loss" : "unknown";
}

std::string readOutcome(const std::string& dir, int index) {
    const std::string path = indexedPath(dir, "result", index, "txt");
    if (!fileExists(path)) return "";
    std::istringstream in(readWholeFile(path));
    std::string indexText, move, outcome = "unknown";
    in >> indexText >> move >> outcome;
    return outcome;
}

void appendLine(const std::string& path, const std::string& line) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) throw FileError(path + ": cannot append: " + errorText(errno));
    // The lock makes an NFS client see the others' lines before it appends (O_APPEND alone
    // does not, there); best effort: without it the one write below still keeps lines whole.
    struct flock lock = {};
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;  // l_start and l_len 0: the whole file, as it grows
    while (::fcntl(fd, F_SETLKW, &lock) != 0 && errno == EINTR)
        continue;
    ssize_t written;
    do {
        written = ::write(fd, line.data(), line.size());
    } while (written < 0 && errno == EINTR);
    int err = written < 0 ? errno : 0;
    if (written >= 0 && static_cast<size_t>(written) != line.size()) err = EIO;  // disk full
    if (err == 0 && ::fsync(fd) != 0) err = errno;
    if (::close(fd) != 0 && err == 0) err = errno;  // the lock goes with the descriptor
    if (err != 0) throw FileError(path + ": cannot append: " + errorText(err));
}

std::string taskHead(const SplitTask& task) {
    return std::to_string(task.index) + ' ' + task.move;
}

std::string resultLine(const std::string& head, const std::string& outcome, uint64_t nodes,
                       double seconds, uint64_t phi, uint64_t delta, bool resumed) {
    std::ostringstream line;
    line << head << ' ' << outcome << ' ' << nodes << ' ' << seconds << ' ' << phi << ' ' << delta
         << (resumed ? " resumed\n" : "\n");
    return line.str();
}

void recordResult(const std::string& dir, const SplitTask& task, const std::string& line) {
    writeFileAtomically(indexedPath(dir, "result", task.index, "txt"), line);
    appendLine(dir + "/history.txt", line);
}

}  // namespace hippolyta
