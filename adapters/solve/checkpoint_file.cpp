#include "adapters/solve/checkpoint_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <system_error>

#include "engine/core/byte_order.h"
#include "engine/core/file_io.h"
#include "engine/core/fnv.h"

namespace hippolyta {

namespace {

// The trailer: magic, nodes, microseconds, then FNV-1a 64 of those 24 bytes.
constexpr char kTrailerMagic[8] = {'H', 'I', 'P', 'S', 'P', 'E', 'N', 'T'};
constexpr size_t kTrailerBytes = 32;

std::string trailer(const SpentBudget& spent) {
    std::string t(kTrailerMagic, 8);
    putLE(t, spent.nodes, 8);
    putLE(t, static_cast<uint64_t>(std::llround(std::max(0.0, spent.seconds) * 1e6)), 8);
    putLE(t, fnv1a64(t), 8);
    return t;
}

// The budget in the last kTrailerBytes of a file, if they are a trailer.
std::optional<SpentBudget> parseTrailer(std::string_view t) {
    if (t.size() != kTrailerBytes || std::memcmp(t.data(), kTrailerMagic, 8) != 0 ||
        getLE(t, 24, 8) != fnv1a64(t.substr(0, 24)))
        return std::nullopt;
    SpentBudget spent;
    spent.nodes = getLE(t, 8, 8);
    spent.seconds = static_cast<double>(getLE(t, 16, 8)) / 1e6;
    return spent;
}

}  // namespace

bool SpentBudget::reaches(double secondsLimit, uint64_t nodesLimit) const {
    return (nodesLimit != UINT64_MAX && nodes >= nodesLimit) ||
           (secondsLimit > 0 && seconds >= secondsLimit);
}

void writeCheckpoint(const std::string& path, const std::string& table, const SpentBudget& spent) {
    AtomicFileWriter out(path);
    out.write(table);
    out.write(trailer(spent));
    out.commit();
}

std::optional<SpentBudget> readCheckpoint(const std::string& path, std::string& table) {
    table = readWholeFile(path);
    if (table.size() < kTrailerBytes) return std::nullopt;
    const size_t at = table.size() - kTrailerBytes;
    const std::optional<SpentBudget> spent =
        parseTrailer(std::string_view(table).substr(at, kTrailerBytes));
    if (spent) table.resize(at);  // shrinks in place: no copy of the table
    return spent;
}

std::optional<SpentBudget> readSpentBudget(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw FileError("cannot read " + path + ": " + std::system_category().message(errno));
    struct stat st;
    char t[kTrailerBytes];
    ssize_t got = -1;
    if (::fstat(fd, &st) == 0 && st.st_size >= static_cast<off_t>(kTrailerBytes)) {
        do {
            got = ::pread(fd, t, kTrailerBytes, st.st_size - static_cast<off_t>(kTrailerBytes));
        } while (got < 0 && errno == EINTR);
    }
    ::close(fd);
    if (got != static_cast<ssize_t>(kTrailerBytes)) return std::nullopt;
    return parseTrailer(std::string_view(t, kTrailerBytes));
}

}  // namespace hippolyta
