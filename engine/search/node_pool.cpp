#include "engine/search/node_pool.h"

#include <algorithm>
#include <limits>

namespace hippolyta {

NodePool::NodePool(uint64_t slots)
    : capacity_(std::clamp<uint64_t>(slots, 2, std::numeric_limits<uint32_t>::max())),
      slots_(capacity_, Pages::AsUsed) {}

uint32_t NodePool::allocate(uint32_t count) {
    HIPPOLYTA_ASSERT(count > 0);
    uint64_t start = used_.load(std::memory_order_relaxed);
    do {
        if (start + count > capacity_) return 0;
    } while (!used_.compare_exchange_weak(start, start + count, std::memory_order_relaxed));
    HIPPOLYTA_ASSERT(start >= 1 && start + count <= capacity_);  // slot 0 is never handed out
    return static_cast<uint32_t>(start);
}

}  // namespace hippolyta
