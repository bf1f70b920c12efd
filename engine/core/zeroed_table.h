// Zero-filled memory mapped from the system, for tables of gigabytes read at random.
// Pages::AtOnce (the solver's transposition table): the pages are asked for as transparent huge
// pages, which spare most of the page-table walks of the random reads, and come from the kernel
// already zeroed: touching each page once at start-up costs far less than filling the table
// (figures in docs/solver-design.md), and a table the machine cannot hold fails at once.
// Pages::AsUsed (the search's node pool, engine/search/node_pool.h): nothing is touched, a page
// is had when first written, as a large heap block's would be; but no allocator sees the block,
// so AddressSanitizer does not write its shadow (an eighth of it) on allocation and on release,
// which cost about a second for each engine made and dropped in the sanitizer build.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>

namespace hippolyta {

enum class Pages { AtOnce, AsUsed };

// Bytes of zeroed memory; throws std::bad_alloc when the system has none.
class ZeroedMemory {
  public:
    explicit ZeroedMemory(size_t bytes = 0, Pages pages = Pages::AtOnce);
    ~ZeroedMemory();
    ZeroedMemory(ZeroedMemory&& other) noexcept;
    ZeroedMemory& operator=(ZeroedMemory&& other) noexcept;
    ZeroedMemory(const ZeroedMemory&) = delete;
    ZeroedMemory& operator=(const ZeroedMemory&) = delete;

    void* data() const { return data_; }
    size_t bytes() const { return bytes_; }

  private:
    void release();
    void* mapping_ = nullptr;  // what to unmap: data_ lies inside it, aligned to a huge page
    size_t mappedBytes_ = 0;
    void* data_ = nullptr;
    size_t bytes_ = 0;
};

// `count` T of all-zero bytes, which must be the value of T{}.
template <typename T>
class ZeroedTable {
    static_assert(std::is_trivially_copyable<T>::value, "a zeroed table holds plain data");

  public:
    explicit ZeroedTable(size_t count = 0, Pages pages = Pages::AtOnce)
        : memory_(bytesFor(count), pages) {}

    T* begin() const { return static_cast<T*>(memory_.data()); }
    T* end() const { return begin() + size(); }
    size_t size() const { return memory_.bytes() / sizeof(T); }
    T& operator[](size_t i) const { return begin()[i]; }

  private:
    static size_t bytesFor(size_t count) {
        if (count > SIZE_MAX / sizeof(T)) throw std::bad_alloc();
        return count * sizeof(T);
    }
    ZeroedMemory memory_;
};

}  // namespace hippolyta
