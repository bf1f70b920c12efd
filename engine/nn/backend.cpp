#include "engine/nn/backend.h"

#include <algorithm>
#include <stdexcept>

#include "engine/core/fnv.h"

namespace hippolyta {

NetBackend::NetBackend(std::string name, uint64_t checksum, size_t cacheEntries)
    : name_(std::move(name)),
      checksum_(checksum),
      cache_(cacheEntries ? std::make_unique<NetCache>(cacheEntries) : nullptr) {}

std::unique_ptr<NetComputation> NetBackend::acquire() const {
    {
        std::lock_guard<std::mutex> lock(poolMutex_);
        if (!idle_.empty()) {
            std::unique_ptr<NetComputation> c = std::move(idle_.back());
            idle_.pop_back();
            return c;
        }
    }
    return newComputation();
}

void NetBackend::release(std::unique_ptr<NetComputation> c) const {
    std::lock_guard<std::mutex> lock(poolMutex_);
    idle_.push_back(std::move(c));
}

float NetBackend::evaluateForSearch(const Position& pos, const MoveList& moves,
                                    std::vector<float>& probs) const {
    // The pooled computation goes back even if the features throw (a non-square board).
    struct Lease {
        const NetBackend& owner;
        std::unique_ptr<NetComputation> c;
        ~Lease() { owner.release(std::move(c)); }
    } lease{*this, acquire()};
    NetComputation& c = *lease.c;
    c.clear();
    c.addInput(pos, moves);
    c.compute();
    const NetPolicy policy = c.policy(0);
    probs.assign(policy.begin(), policy.end());
    return c.value(0);
}

namespace {

// The network's computation: the inputs of each board size through the tower together.
class NetworkComputation final : public NetComputation {
  public:
    NetworkComputation(NetCache* cache, std::shared_ptr<const Network> net, NnKernels kernels)
        : NetComputation(cache), net_(std::move(net)), kernels_(kernels) {}

    size_t bufferBytes() const override {
        size_t bytes = NetComputation::bufferBytes() + scratch_.bytes() +
                       sizeof(NetOutput) * outputs_.capacity() +
                       sizeof(uint32_t) * group_.capacity();
        for (const NetOutput& o : outputs_)
            bytes += sizeof(float) * (o.ownership.capacity() + o.policy.capacity());
        return bytes;
    }

  private:
    void computeInputs(const uint32_t* inputs, size_t count) override {
        if (outputs_.size() < count) outputs_.resize(count);
        for (int n = kMinBoardSize; n <= kMaxBoardSize; ++n) {
            group_.clear();
            scratch_.positions.clear();
            scratch_.outputs.clear();
            for (size_t j = 0; j < count; ++j)
                if (position(inputs[j]).width() == n) {
                    scratch_.positions.push_back(&position(inputs[j]));
                    scratch_.outputs.push_back(&outputs_[group_.size()]);
                    group_.push_back(inputs[j]);
                }
            if (group_.empty()) continue;
            net_->forward(scratch_.positions.data(), scratch_.outputs.data(), group_.size(),
                          kernels_, scratch_);
            for (size_t j = 0; j < group_.size(); ++j) {
                const uint32_t i = group_[j];
                net_->movePolicy(outputs_[j], moves(i), moveCount(i), probs(i));
                setValue(i, outputs_[j].value);
            }
        }
    }

    std::shared_ptr<const Network> net_;
    NnKernels kernels_;
    NetScratch scratch_;
    std::vector<NetOutput> outputs_;  // one per input of the current board size
    std::vector<uint32_t> group_;     // the inputs of the current board size
};

class NetworkBackend final : public NetBackend {
  public:
    NetworkBackend(const std::string& name, std::shared_ptr<const Network> net, NnKernels kernels,
                   const NetBackendOptions& options)
        : NetBackend(name, net->netChecksum(), options.cacheEntries),
          net_(std::move(net)),
          kernels_(kernels) {}

    std::unique_ptr<NetComputation> newComputation() const override {
        return std::make_unique<NetworkComputation>(sharedCache(), net_, kernels_);
    }

  private:
    std::shared_ptr<const Network> net_;
    NnKernels kernels_;
};

class TrivialComputation final : public NetComputation {
  public:
    TrivialComputation(NetCache* cache, float value) : NetComputation(cache), value_(value) {}

  private:
    void computeInputs(const uint32_t* inputs, size_t count) override {
        for (size_t j = 0; j < count; ++j) {
            const uint32_t i = inputs[j];
            setValue(i, value_);
            const size_t moveCount = this->moveCount(i);
            std::fill(probs(i), probs(i) + moveCount, 1.0f / static_cast<float>(moveCount));
        }
    }

    float value_;
};

class TrivialBackend final : public NetBackend {
  public:
    explicit TrivialBackend(const NetBackendOptions& options)
        : NetBackend("trivial", fnv1a64("trivial"), options.cacheEntries),
          value_(options.trivialValue) {}

    std::unique_ptr<NetComputation> newComputation() const override {
        return std::make_unique<TrivialComputation>(sharedCache(), value_);
    }

  private:
    float value_;
};

std::unique_ptr<NetBackend> makeNetworkBackend(const std::string& name,
                                               std::shared_ptr<const Network> net,
                                               NnKernels kernels,
                                               const NetBackendOptions& options) {
    if (!net) throw std::invalid_argument("net backend " + name + " needs a network");
    return std::make_unique<NetworkBackend>(name, std::move(net), kernels, options);
}

using BackendMaker = std::unique_ptr<NetBackend> (*)(std::shared_ptr<const Network>,
                                                     const NetBackendOptions&);

struct Registered {
    const char* name;
    BackendMaker make;
};

// The registry, sorted by name.
const Registered kBackends[] = {
    {"avx2",
     [](std::shared_ptr<const Network> net, const NetBackendOptions& options) {
         if (!avx2Supported())
             throw std::invalid_argument("net backend avx2: this CPU lacks AVX2/FMA");
         return makeNetworkBackend("avx2", std::move(net), NnKernels::Avx2, options);
     }},
    {"generic",
     [](std::shared_ptr<const Network> net, const NetBackendOptions& options) {
         return makeNetworkBackend("generic", std::move(net), NnKernels::Generic, options);
     }},
    {"trivial",
     [](std::shared_ptr<const Network>, const NetBackendOptions& options) {
         return std::unique_ptr<NetBackend>(std::make_unique<TrivialBackend>(options));
     }},
};

}  // namespace

std::vector<std::string> netBackendNames() {
    std::vector<std::string> names;
    for (const Registered& r : kBackends)
        names.push_back(r.name);
    return names;
}

std::string defaultNetBackend() {
    return avx2Supported() ? "avx2" : "generic";
}

std::unique_ptr<NetBackend> makeNetBackend(const std::string& name,
                                           std::shared_ptr<const Network> net,
                                           const NetBackendOptions& options) {
    for (const Registered& r : kBackends)
        if (name == r.name) return r.make(std::move(net), options);
    std::string known;
    for (const Registered& r : kBackends)
        known += std::string(known.empty() ? "" : ", ") + r.name;
    throw std::invalid_argument("unknown net backend '" + name + "' (known: " + known + ")");
}

}  // namespace hippolyta
