// The network file: a small residual net's architecture and float weights, versioned and
// checksummed, refused whole when damaged or foreign (NetFileError says why). Little-endian:
//
//   offset  0  "HPNEURAL"                    8 bytes
//           8  u32 format version (1)
//          12  u32 feature set id (features.h), u32 input planes
//          20  u32 residual blocks, u32 channels (a multiple of 8)
//          28  u32 policy rank (the bilinear terms' width), u32 value hidden units
//          36  u32 heads (7: value, ownership, policy)
//          40  u32 comment bytes, u32 weight count
//          48  the comment (UTF-8: how the net was made), then the weights as f32
//     end - 8  u64 FNV-1a 64 of every byte before it
//
// The weights follow PyTorch's parameter order in tools/neural/model.py (conv weights as
// [out][in][kh][kw]): stem conv 3x3 and bias; per block conv1, bias1, conv2, bias2; the policy
// head's 1x1 conv [3 + 4 * rank][channels] and bias; the ownership head's [1][channels] and
// bias; the value head's hidden layer [hidden][channels] and bias, and output [1][hidden] and
// bias. Pure bytes in, bytes out: reading the file is the caller's.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace hippolyta {

constexpr uint32_t kNetFormatVersion = 1;
constexpr std::string_view kNetMagic = "HPNEURAL";
constexpr uint32_t kNetHeads = 7;

class NetFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct NetArchitecture {
    int featureSet = 1;
    int inputPlanes = 8;
    int blocks = 4;
    int channels = 32;
    int policyRank = 8;
    int valueHidden = 32;

    int policyChannels() const { return 3 + 4 * policyRank; }
    friend bool operator==(const NetArchitecture& a, const NetArchitecture& b) {
        return a.featureSet == b.featureSet && a.inputPlanes == b.inputPlanes &&
               a.blocks == b.blocks && a.channels == b.channels && a.policyRank == b.policyRank &&
               a.valueHidden == b.valueHidden;
    }
};

// The number of floats the architecture has.
size_t weightCount(const NetArchitecture& arch);
// Throws NetFileError (starting with `name`) unless the engine can run this architecture.
void checkArchitecture(const NetArchitecture& arch, const std::string& name);

struct NetFile {
    NetArchitecture arch;
    std::string comment;
    std::vector<float> weights;  // weightCount(arch) of them
    uint64_t checksum = 0;       // the file's FNV-1a 64 (parseNetFile sets it)
};

// Parses and checks a net file's bytes; `name` is for messages. Throws NetFileError.
NetFile parseNetFile(std::string_view bytes, const std::string& name);
// The file's bytes, checksum included. Throws NetFileError if the weights do not fit.
std::string formatNetFile(const NetFile& net);

}  // namespace hippolyta
