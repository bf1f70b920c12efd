#include "engine/nn/net_file.h"

#include <cmath>

#include "engine/core/byte_order.h"
#include "engine/core/fnv.h"
#include "engine/core/portable.h"
#include "engine/nn/features.h"

namespace hippolyta {

namespace {

constexpr size_t kHeaderBytes = 48;
constexpr uint32_t kMaxCommentBytes = 1u << 16;

void require(bool ok, const std::string& name, const std::string& what) {
    if (!ok) throw NetFileError(name + ": " + what);
}

}  // namespace

size_t weightCount(const NetArchitecture& a) {
    const size_t c = a.channels, h = a.valueHidden, p = a.policyChannels();
    const size_t stem = c * a.inputPlanes * 9 + c;
    const size_t block = 2 * (c * c * 9 + c);
    return stem + a.blocks * block + (p * c + p) + (c + 1) + (h * c + h) + (h + 1);
}

void checkArchitecture(const NetArchitecture& a, const std::string& name) {
    require(a.featureSet == kFeatureSetId && a.inputPlanes == kFeaturePlanes, name,
            "feature set " + std::to_string(a.featureSet) + " with " +
                std::to_string(a.inputPlanes) + " planes is not this engine's (" +
                std::to_string(kFeatureSetId) + ", " + std::to_string(kFeaturePlanes) + ")");
    require(a.blocks >= 0 && a.blocks <= 32, name, "blocks must be 0..32");
    require(a.channels >= 8 && a.channels <= 256 && a.channels % 8 == 0, name,
            "channels must be a multiple of 8 in 8..256");
    require(a.policyRank >= 1 && a.policyRank <= 64, name, "policy rank must be 1..64");
    require(a.valueHidden >= 1 && a.valueHidden <= 256, name, "value hidden must be 1..256");
}

NetFile parseNetFile(std::string_view b, const std::string& name) {
    require(b.size() >= kHeaderBytes + 8 && b.substr(0, 8) == kNetMagic, name,
            "not a Hippolyta network file");
    auto u32At = [b](size_t at) { return static_cast<uint32_t>(getLE(b, at, 4)); };
    const uint64_t stored = getLE(b, b.size() - 8, 8);
    require(stored == fnv1a64(b.substr(0, b.size() - 8)), name,
            "checksum mismatch (a cut or damaged file)");
    const uint32_t version = u32At(8);
    require(version == kNetFormatVersion, name,
            "format version " + std::to_string(version) + " is not " +
                std::to_string(kNetFormatVersion));
    NetFile net;
    net.checksum = stored;
    auto field = [&](int k) {
        const uint32_t v = u32At(12 + 4 * k);
        require(v <= 4096, name, "a header field is out of range");
        return static_cast<int>(v);
    };
    net.arch = NetArchitecture{field(0), field(1), field(2), field(3), field(4), field(5)};
    require(u32At(36) == kNetHeads, name, "heads must be value, ownership and policy (7)");
    checkArchitecture(net.arch, name);
    const uint32_t commentBytes = u32At(40);
    const uint32_t count = u32At(44);
    require(commentBytes <= kMaxCommentBytes, name, "comment too long");
    require(count == weightCount(net.arch), name,
            "weight count " + std::to_string(count) + " does not match the architecture (" +
                std::to_string(weightCount(net.arch)) + ")");
    require(b.size() == kHeaderBytes + commentBytes + 4ull * count + 8, name,
            "file length does not match its header");
    net.comment = std::string(b.substr(kHeaderBytes, commentBytes));
    net.weights.resize(count);
    const size_t base = kHeaderBytes + commentBytes;
    for (size_t i = 0; i < count; ++i) {
        net.weights[i] = bitCast<float>(u32At(base + 4 * i));
        require(std::isfinite(net.weights[i]), name, "a weight is not finite");
    }
    return net;
}

std::string formatNetFile(const NetFile& net) {
    checkArchitecture(net.arch, "network");
    require(net.weights.size() == weightCount(net.arch), "network",
            "weights do not fit the architecture");
    require(net.comment.size() <= kMaxCommentBytes, "network", "comment too long");
    std::string out(kNetMagic);
    putLE(out, kNetFormatVersion, 4);
    const NetArchitecture& a = net.arch;
    for (int v : {a.featureSet, a.inputPlanes, a.blocks, a.channels, a.policyRank, a.valueHidden})
        putLE(out, static_cast<uint32_t>(v), 4);
    putLE(out, kNetHeads, 4);
    putLE(out, static_cast<uint32_t>(net.comment.size()), 4);
    putLE(out, static_cast<uint32_t>(net.weights.size()), 4);
    out += net.comment;
    for (float w : net.weights)
        putLE(out, bitCast<uint32_t>(w), 4);
    putLE(out, fnv1a64(out), 8);
    return out;
}

}  // namespace hippolyta
