#include "adapters/neural/tensor_file.h"

#include <unistd.h>

#include <cstring>
#include <stdexcept>

#include "engine/core/notation.h"
#include "engine/nn/features.h"

namespace hippolyta {

namespace {

template <typename T>
void put(std::string& out, T v) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &v, sizeof(T));  // x86-64: little-endian already
    out.append(bytes, sizeof(T));
}

std::string header(int n, uint64_t positions, uint64_t pairs, uint64_t visits) {
    std::string h = "HPTENSOR";
    put<uint32_t>(h, kTensorFileVersion);
    put<uint32_t>(h, static_cast<uint32_t>(n));
    put<uint32_t>(h, kFeatureSetId);
    put<uint32_t>(h, kFeaturePlanes);
    put<uint64_t>(h, positions);
    put<uint64_t>(h, pairs);
    put<uint64_t>(h, visits);
    put<uint32_t>(h, static_cast<uint32_t>(maskBytes(n)));
    put<uint32_t>(h, 0);
    put<uint64_t>(h, 0);
    return h;
}

// Every legal (from, to) step with its legal arrows, from ascending, then to ascending.
std::string legalPairs(const Position& pos, uint32_t& count) {
    std::string out;
    const Color us = pos.sideToMove();
    const Piece own = us == Color::White ? Piece::WhiteAmazon : Piece::BlackAmazon;
    const int bytes = maskBytes(pos.width());
    count = 0;
    forEachSquare(pos.amazons(us), [&](int from) {
        Position lifted = pos;
        lifted.place(from, Piece::Empty);
        forEachSquare(pos.queenReach(from), [&](int to) {
            lifted.place(to, own);
            std::string mask(bytes, '\0');
            forEachSquare(lifted.queenReach(to), [&](int a) { mask[a / 8] |= char(1 << (a % 8)); });
            lifted.place(to, Piece::Empty);
            out.push_back(static_cast<char>(from));
            out.push_back(static_cast<char>(to));
            out += mask;
            ++count;
        });
    });
    return out;
}

void closeQuietly(std::FILE*& f) {
    if (f) std::fclose(f);
    f = nullptr;
}

}  // namespace

TensorFileWriter::TensorFileWriter(std::string path, int boardSize)
    : path_(std::move(path)), n_(boardSize) {
    main_ = open(path_ + ".tmp");
    pairs_ = open(path_ + ".pairs.tmp");
    visits_ = open(path_ + ".visits.tmp");
    write(main_, header(n_, 0, 0, 0), "header");
}

TensorFileWriter::~TensorFileWriter() {
    if (finished_) return;
    closeQuietly(main_);
    closeQuietly(pairs_);
    closeQuietly(visits_);
    for (const char* s : {".tmp", ".pairs.tmp", ".visits.tmp"})
        std::remove((path_ + s).c_str());
}

std::FILE* TensorFileWriter::open(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "w+b");
    if (!f) throw std::runtime_error(path + ": cannot write");
    return f;
}

void TensorFileWriter::write(std::FILE* f, const std::string& bytes, const std::string& what) {
    if (std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size())
        throw std::runtime_error(path_ + ": cannot write the " + what + " (disk full?)");
}

void TensorFileWriter::add(const TensorSample& s) {
    const Position& pos = s.position;
    if (!pos.geometry().isSquare())
        throw std::runtime_error(path_ + ": a " + shapeName(pos.shape()) +
                                 " position; tensor files hold square boards only");
    if (pos.width() != n_) throw std::runtime_error(path_ + ": positions of two board sizes");
    uint32_t pairs = 0;
    const std::string pairBytes = legalPairs(pos, pairs);
    std::string rec;
    put<float>(rec, s.result);
    put<float>(rec, s.value);
    put<uint64_t>(rec, pairCount_);
    put<uint32_t>(rec, pairs);
    put<uint64_t>(rec, visitCount_);
    put<uint32_t>(rec, static_cast<uint32_t>(s.visits.size()));
    put<uint32_t>(rec, s.game);
    put<uint16_t>(rec, static_cast<uint16_t>(s.ply));
    rec.push_back(static_cast<char>(index(pos.sideToMove())));
    rec.push_back('\0');
    std::vector<uint8_t> codes;
    featureCodes(pos, codes);
    rec.append(codes.begin(), codes.end());
    if (s.ownership.empty())
        rec.append(static_cast<size_t>(n_ * n_), '\0');
    else
        rec.append(s.ownership.begin(), s.ownership.end());
    write(main_, rec, "positions");
    write(pairs_, pairBytes, "pairs");
    std::string visits;
    for (const auto& [m, count] : s.visits) {
        for (uint8_t b : {m.from, m.to, m.arrow, uint8_t{0}})
            visits.push_back(static_cast<char>(b));
        put<uint32_t>(visits, count);
    }
    write(visits_, visits, "visits");
    ++positions_;
    pairCount_ += pairs;
    visitCount_ += s.visits.size();
}

void TensorFileWriter::finish() {
    for (std::FILE* part : {pairs_, visits_}) {
        std::fflush(part);
        std::rewind(part);
        char buf[1 << 16];
        size_t got;
        while ((got = std::fread(buf, 1, sizeof buf, part)) > 0)
            write(main_, std::string(buf, got), "sections");
        if (std::ferror(part)) throw std::runtime_error(path_ + ": cannot read back a section");
    }
    std::rewind(main_);
    write(main_, header(n_, positions_, pairCount_, visitCount_), "header");
    if (std::fflush(main_) != 0 || ::fsync(fileno(main_)) != 0)
        throw std::runtime_error(path_ + ": cannot flush");
    closeQuietly(main_);
    closeQuietly(pairs_);
    closeQuietly(visits_);
    std::remove((path_ + ".pairs.tmp").c_str());
    std::remove((path_ + ".visits.tmp").c_str());
    if (std::rename((path_ + ".tmp").c_str(), path_.c_str()) != 0)
        throw std::runtime_error(path_ + ": cannot rename into place");
    finished_ = true;
}

}  // namespace hippolyta
