// Proof files as stored: plain, or gzip-compressed as the shipped ones are (tests/fixtures/
// solver/*.hprf.gz). The checker and the merge take the bytes of the proof itself.
#pragma once

#include <cstddef>
#include <string>

namespace hippolyta {

// True when the bytes start with gzip's magic number.
bool isGzip(const std::string& bytes);

// The bytes gzip holds (every member, as gzip -dc writes them). Throws std::runtime_error on
// damaged data or output over maxBytes.
std::string gunzip(const std::string& bytes, size_t maxBytes = size_t{16} << 30);

// A proof file's bytes, decompressed when the file is gzip's. Throws FileError when it cannot
// be read, std::runtime_error when its compression is damaged.
std::string readProofBytes(const std::string& path);

}  // namespace hippolyta
