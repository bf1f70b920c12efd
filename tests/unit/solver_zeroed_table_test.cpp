// Mapped table memory: the solver's (zeroed, aligned for huge pages, every page had at once) and
// the node pool's (zeroed, pages had only as written); moved not copied.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <utility>

#include "engine/core/zeroed_table.h"
#include "engine/solve/dfpn.h"

namespace hippolyta {
namespace {

TEST(ZeroedTable, StartsAsDefaultEntriesAndKeepsWhatIsWritten) {
    ZeroedTable<TableEntry> table(100000);
    ASSERT_EQ(table.size(), 100000u);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(table.begin()) % (uintptr_t{2} << 20), 0u);
    const TableEntry empty{};
    for (const TableEntry& e : table) {
        ASSERT_EQ(e.key, empty.key);
        ASSERT_EQ(e.phi | e.delta | e.work | e.best, 0u);
    }
    table[99999] = TableEntry{42, 1, 2, 3, 4};
    EXPECT_EQ(table.end() - table.begin(), 100000);
    EXPECT_EQ(table[99999].key, 42u);
    EXPECT_EQ(table[99999].best, 4u);
}

TEST(ZeroedTable, MovesOwnership) {
    ZeroedTable<TableEntry> a(1000);
    a[7].key = 9;
    ZeroedTable<TableEntry> b(std::move(a));
    EXPECT_EQ(b.size(), 1000u);
    EXPECT_EQ(b[7].key, 9u);
    ZeroedTable<TableEntry> c;
    EXPECT_EQ(c.size(), 0u);
    EXPECT_EQ(c.begin(), c.end());
    c = std::move(b);
    EXPECT_EQ(c[7].key, 9u);
}

// The process's resident pages (/proc/self/statm's second field), in bytes.
uint64_t residentBytes() {
    std::ifstream statm("/proc/self/statm");
    uint64_t size = 0, resident = 0;
    statm >> size >> resident;
    return resident * 4096;
}

TEST(ZeroedTable, AsUsedHasOnlyTheWrittenPages) {
    constexpr uint64_t kMb = uint64_t{1} << 20;
    const uint64_t before = residentBytes();
    ASSERT_GT(before, 0u);
    {
        ZeroedTable<TableEntry> pool((512 * kMb) / sizeof(TableEntry), Pages::AsUsed);
        EXPECT_EQ(reinterpret_cast<uintptr_t>(pool.begin()) % 4096, 0u);
        EXPECT_LT(residentBytes(), before + 16 * kMb) << "the pages were touched up front";
        const size_t last = pool.size() - 1;
        EXPECT_EQ(pool[last].key, TableEntry{}.key);
        pool[last].key = 5;
        pool[1000].best = 7;
        EXPECT_EQ(pool[last].key, 5u);
        EXPECT_EQ(pool[1000].best, 7u);
        EXPECT_LT(residentBytes(), before + 16 * kMb);
    }
    // At once, every page is had (and would fail now on a machine without them).
    const ZeroedTable<TableEntry> table((64 * kMb) / sizeof(TableEntry));
    EXPECT_GE(residentBytes(), before + 60 * kMb);
}

TEST(ZeroedMemory, RefusesAnImpossibleSize) {
    EXPECT_THROW(ZeroedMemory(SIZE_MAX / 2), std::bad_alloc);
}

}  // namespace
}  // namespace hippolyta
