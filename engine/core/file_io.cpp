#include "engine/core/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#define WIN32_LEAN_AND_MEAN
#include <io.h>
#include <windows.h>
#endif

#include <atomic>
#include <cerrno>
#include <system_error>
#include <utility>

namespace hippolyta {

namespace {

// Windows (the SAU championship build, docs/fronts.md): files in binary mode (no CRLF
// translation, no end at 0x1A) and not inherited by child processes; _commit for fsync; a
// rename that replaces an existing file (rename() there refuses to); folders cannot be synced.
#ifdef _WIN32
constexpr int kOpenFlags = O_BINARY | O_NOINHERIT;
int syncFile(int fd) {
    return ::_commit(fd);
}
int replaceFile(const char* from, const char* to) {
    if (MoveFileExA(from, to, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) return 0;
    errno = EACCES;
    return -1;
}
#else
constexpr int kOpenFlags = O_CLOEXEC;
int syncFile(int fd) {
    return ::fsync(fd);
}
int replaceFile(const char* from, const char* to) {
    return ::rename(from, to);
}
#endif

std::string errorText(int err) {
    return std::generic_category().message(err);  // errno values, on every system
}

// Closes the descriptor it holds when it goes.
class FileDescriptor {
  public:
    explicit FileDescriptor(int fd) : fd_(fd) {}
    ~FileDescriptor() { close(); }
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    int get() const { return fd_; }
    // 0, or the errno of a failed close (which can report a failed write).
    int close() {
        const int fd = fd_;
        fd_ = -1;
        return fd >= 0 && ::close(fd) != 0 ? errno : 0;
    }

  private:
    int fd_;
};

std::string folderOf(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

// Creates a temporary file beside `path` under a name no other writer (thread or process) is
// using: the process id and a counter, and O_EXCL against a stale file of a dead process.
// Returns the descriptor and sets *tmp; throws FileError.
int createTemporary(const std::string& path, std::string* tmp) {
    static std::atomic<unsigned> counter{0};
    for (;;) {
        *tmp = path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
        const int fd = ::open(tmp->c_str(), O_WRONLY | O_CREAT | O_EXCL | kOpenFlags, 0644);
        if (fd >= 0) return fd;
        if (errno != EEXIST && errno != EINTR)
            throw FileError("cannot write " + path + ": cannot create " + *tmp + ": " +
                            errorText(errno));
    }
}

// 0, or the errno of the first failed write.
int writeAll(int fd, std::string_view text) {
    for (std::size_t done = 0; done < text.size();) {
        const ssize_t w = ::write(fd, text.data() + done, text.size() - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return w < 0 ? errno : EIO;
        done += static_cast<std::size_t>(w);
    }
    return 0;
}

// Makes a rename in `folder` durable. Best effort: the new file is whole either way.
void syncFolder(const std::string& folder) {
#ifdef _WIN32
    (void)folder;
#else
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
#endif
}

}  // namespace

std::string readWholeFile(const std::string& path, std::size_t maxBytes) {
    FileDescriptor fd(::open(path.c_str(), O_RDONLY | kOpenFlags));
    if (fd.get() < 0) throw FileError("cannot read " + path + ": " + errorText(errno));
    std::string bytes;
    char chunk[1 << 16];
    for (;;) {
        const ssize_t r = ::read(fd.get(), chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) throw FileError("cannot read " + path + ": " + errorText(errno));
        if (r == 0) return bytes;
        if (static_cast<std::size_t>(r) > maxBytes - bytes.size())
            throw FileError("cannot read " + path + ": larger than " + std::to_string(maxBytes) +
                            " bytes");
        bytes.append(chunk, static_cast<std::size_t>(r));
    }
}

AtomicFileWriter::AtomicFileWriter(std::string path) : path_(std::move(path)) {
    fd_ = createTemporary(path_, &tmp_);
#ifndef _WIN32
    struct stat old;
    if (::stat(path_.c_str(), &old) == 0 && S_ISREG(old.st_mode))
        ::fchmod(fd_, old.st_mode & 07777);  // a chmod'ed file stays as it was
#endif
}

AtomicFileWriter::~AtomicFileWriter() {
    if (fd_ < 0) return;
    ::close(fd_);
    ::unlink(tmp_.c_str());
}

FileError AtomicFileWriter::failure(const std::string& what, int err) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    ::unlink(tmp_.c_str());
    return FileError("cannot write " + path_ + ": " + what + ": " + errorText(err));
}

void AtomicFileWriter::write(std::string_view bytes) {
    if (fd_ < 0) throw FileError("cannot write " + path_ + ": already committed or failed");
    if (const int err = writeAll(fd_, bytes)) throw failure("cannot write " + tmp_, err);
}

void AtomicFileWriter::commit() {
    if (fd_ < 0) throw FileError("cannot write " + path_ + ": already committed or failed");
    if (syncFile(fd_) != 0) {
        const int err = errno;
        throw failure("cannot flush " + tmp_, err);
    }
    const int fd = fd_;
    fd_ = -1;  // closed below, whatever close() says
    if (::close(fd) != 0) {
        const int err = errno;
        throw failure("cannot close " + tmp_, err);
    }
    if (replaceFile(tmp_.c_str(), path_.c_str()) != 0) {
        const int err = errno;
        throw failure("cannot rename " + tmp_, err);
    }
    syncFolder(folderOf(path_));
}

void writeFileAtomically(const std::string& path, std::string_view text) {
    AtomicFileWriter writer(path);
    writer.write(text);
    writer.commit();
}

}  // namespace hippolyta
