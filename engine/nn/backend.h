// The network as the search sees it: a backend, chosen by name (lc0's shape), that makes
// computations (computation.h) and answers the search's single-position question through one
// of them and a cache of results by position. Backends:
//   generic  the network on the portable kernels
//   avx2     the network on the AVX2/FMA kernels (only where the CPU has them)
//   trivial  no network: a fixed value and a uniform policy, for tests
// A backend is immutable to its users and safe to call from several search threads at once.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/nn/computation.h"
#include "engine/nn/net_cache.h"
#include "engine/nn/network.h"
#include "engine/search/search_net.h"

namespace hippolyta {

struct NetBackendOptions {
    // Cached results (0: no cache). A 10x10 result holds up to ~2,200 move probabilities, so
    // 1,024 entries stay within ~9 MB.
    size_t cacheEntries = 1024;
    float trivialValue = 0.5f;  // the trivial backend's value
};

class NetBackend : public SearchNet {
  public:
    NetBackend(std::string name, uint64_t checksum, size_t cacheEntries);

    const std::string& name() const { return name_; }
    // A new computation for one thread at a time, sharing this backend's cache; it must not
    // outlive the backend.
    virtual std::unique_ptr<NetComputation> newComputation() const = 0;
    // One position through a computation of this backend's pool (one per thread that calls at
    // the same time) and the cache.
    float evaluateForSearch(const Position& pos, const MoveList& moves,
                            std::vector<float>& probs) const final;
    uint64_t netChecksum() const final { return checksum_; }
    // The cache, or null without one.
    const NetCache* cache() const { return cache_.get(); }

  protected:
    NetCache* sharedCache() const { return cache_.get(); }

  private:
    std::unique_ptr<NetComputation> acquire() const;
    void release(std::unique_ptr<NetComputation> c) const;

    std::string name_;
    uint64_t checksum_;
    std::unique_ptr<NetCache> cache_;
    mutable std::mutex poolMutex_;
    mutable std::vector<std::unique_ptr<NetComputation>> idle_;
};

// The names makeNetBackend knows, sorted.
std::vector<std::string> netBackendNames();
// "avx2" where the CPU has AVX2 and FMA, else "generic".
std::string defaultNetBackend();
// The backend called `name`; generic and avx2 run `net`, trivial ignores it. Throws
// std::invalid_argument for an unknown name (listing the known ones), for avx2 on a CPU without
// it, or for generic or avx2 without a net.
std::unique_ptr<NetBackend> makeNetBackend(const std::string& name,
                                           std::shared_ptr<const Network> net,
                                           const NetBackendOptions& options = {});

}  // namespace hippolyta
