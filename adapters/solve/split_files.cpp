#include "adapters/solve/split_files.h"

#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/core/file_io.h"

namespace hippolyta {

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
    std::ofstream out(path, std::ios::out | std::ios::app);
    out << line << std::flush;
    if (!out) throw FileError(path + ": cannot append");
}

std::string taskHead(const SplitTask& task) {
    return std::to_string(task.index) + ' ' + task.move;
}

std::string resultLine(const std::string& head, const std::string& outcome, uint64_t nodes,
                       double seconds, uint64_t phi, uint64_t delta) {
    std::ostringstream line;
    line << head << ' ' << outcome << ' ' << nodes << ' ' << seconds << ' ' << phi << ' ' << delta
         << '\n';
    return line.str();
}

void recordResult(const std::string& dir, const SplitTask& task, const std::string& line) {
    writeFileAtomically(indexedPath(dir, "result", task.index, "txt"), line);
    appendLine(dir + "/history.txt", line);
}

}  // namespace hippolyta
