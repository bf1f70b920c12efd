// The solver's table memory: zeroed on first touch, aligned for huge pages, moved not copied.
#include <gtest/gtest.h>

#include <cstdint>
#include <utility>

#include "engine/solve/dfpn.h"
#include "engine/solve/zeroed_table.h"

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

TEST(ZeroedMemory, RefusesAnImpossibleSize) {
    EXPECT_THROW(ZeroedMemory(SIZE_MAX / 2), std::bad_alloc);
}

}  // namespace
}  // namespace hippolyta
