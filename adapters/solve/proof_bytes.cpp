#include "adapters/solve/proof_bytes.h"

#include <zlib.h>

#include <algorithm>
#include <stdexcept>

#include "engine/core/file_io.h"

namespace hippolyta {

bool isGzip(const std::string& bytes) {
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
           static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::string gunzip(const std::string& bytes, size_t maxBytes) {
    z_stream z{};
    // 16 + MAX_WBITS: a gzip header and trailer (with its CRC, which zlib checks).
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) throw std::runtime_error("gzip: no memory");
    std::string out;
    char chunk[1 << 16];
    size_t fed = 0;  // input handed to zlib so far: its counts are 32-bit, a file may not be
    for (;;) {
        if (z.avail_in == 0 && fed < bytes.size()) {
            const size_t piece = std::min<size_t>(bytes.size() - fed, 1u << 30);
            z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data() + fed));
            z.avail_in = static_cast<uInt>(piece);
            fed += piece;
        }
        z.next_out = reinterpret_cast<Bytef*>(chunk);
        z.avail_out = sizeof chunk;
        const int rc = inflate(&z, Z_NO_FLUSH);
        out.append(chunk, sizeof chunk - z.avail_out);
        if (out.size() > maxBytes) {
            inflateEnd(&z);
            throw std::runtime_error("gzip: more than " + std::to_string(maxBytes) + " bytes");
        }
        if (rc == Z_STREAM_END && z.avail_in == 0 && fed == bytes.size()) break;
        if (rc == Z_STREAM_END) {  // another member follows (as `cat a.gz b.gz` makes)
            inflateReset(&z);
            continue;
        }
        if (rc != Z_OK) {
            inflateEnd(&z);
            throw std::runtime_error(std::string("gzip: damaged data (") +
                                     (z.msg ? z.msg : "truncated") + ")");
        }
        if (z.avail_in == 0 && fed == bytes.size() && z.avail_out != 0) {
            inflateEnd(&z);
            throw std::runtime_error("gzip: damaged data (truncated)");
        }
    }
    inflateEnd(&z);
    return out;
}

std::string readProofBytes(const std::string& path) {
    std::string bytes = readWholeFile(path, size_t{16} << 30);
    return isGzip(bytes) ? gunzip(bytes) : bytes;
}

}  // namespace hippolyta
