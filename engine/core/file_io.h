// Reading a whole file, and replacing one so that a crash at any moment leaves either the old
// file or the new one whole, never a mix or a part. Every file the project writes in one piece
// (tables, reports, records, weights, books) goes through writeFileAtomically. Plain POSIX
// calls, no <filesystem>: the engine and the opening book use it too, and they go into the
// Botzone single file (C++17 as GCC 7 knows it).
#pragma once

#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>

namespace hippolyta {

// A file that cannot be read or written; the message names the path and the reason.
class FileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The whole file as bytes. Throws FileError if it cannot be opened or read, or holds more than
// maxBytes.
std::string readWholeFile(const std::string& path,
                          std::size_t maxBytes = std::numeric_limits<std::size_t>::max());

// Makes `text` the whole content of `path`: writes a temporary file of a name no other writer
// uses, in the same folder, flushes it to the disk (fsync), renames it over `path` and flushes
// the folder, so that the rename itself survives a power cut. Writers of one path at once each
// leave a complete file (the last rename wins). An existing file keeps its permission bits; a
// new one gets 0644 less the umask. Throws FileError on failure, with `path` untouched and the
// temporary file removed.
void writeFileAtomically(const std::string& path, std::string_view text);

// writeFileAtomically for a file written piece by piece (one too large to hold in memory): the
// pieces go to the temporary file, and commit() flushes it and renames it over `path`. A writer
// destroyed before commit() removes its temporary file and leaves `path` untouched.
class AtomicFileWriter {
  public:
    explicit AtomicFileWriter(std::string path);  // throws FileError
    ~AtomicFileWriter();
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

    void write(std::string_view bytes);  // throws FileError
    void commit();                       // throws FileError

  private:
    FileError failure(const std::string& what, int err);

    std::string path_;
    std::string tmp_;
    int fd_ = -1;
};

}  // namespace hippolyta
