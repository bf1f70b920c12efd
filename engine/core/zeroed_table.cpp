#include "engine/core/zeroed_table.h"

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <sys/mman.h>
#endif

#include <cstdint>
#include <new>
#include <utility>

namespace hippolyta {

namespace {

constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kSmallPage = 4096;

}  // namespace

ZeroedMemory::ZeroedMemory(size_t bytes, Pages pages) : bytes_(bytes) {
    if (bytes == 0) return;
    if (bytes > SIZE_MAX - kHugePage) throw std::bad_alloc();
    // At once: one huge page more than asked, so that the table can start on a huge-page
    // boundary.
    const bool atOnce = pages == Pages::AtOnce;
    mappedBytes_ = atOnce ? bytes + kHugePage : bytes;
#ifdef _WIN32
    // Windows (the SAU championship build): committed pages come zeroed too, each had when
    // first touched; no huge pages.
    mapping_ = VirtualAlloc(nullptr, mappedBytes_, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (!mapping_) throw std::bad_alloc();
#else
    mapping_ =
        mmap(nullptr, mappedBytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping_ == MAP_FAILED) {
        mapping_ = nullptr;
        throw std::bad_alloc();
    }
#endif
    data_ = mapping_;
    if (!atOnce) return;
    const uintptr_t start = reinterpret_cast<uintptr_t>(mapping_);
    data_ = reinterpret_cast<void*>((start + kHugePage - 1) & ~(kHugePage - 1));
#ifdef MADV_HUGEPAGE
    madvise(data_, bytes, MADV_HUGEPAGE);  // a hint: without huge pages the table still works
#endif
    // Touch every page now: a table the machine cannot hold fails here, not hours into a solve.
    volatile char* bytesAt = static_cast<char*>(data_);
    for (size_t at = 0; at < bytes; at += kSmallPage)
        bytesAt[at] = 0;
}

ZeroedMemory::~ZeroedMemory() {
    release();
}

ZeroedMemory::ZeroedMemory(ZeroedMemory&& other) noexcept {
    *this = std::move(other);
}

ZeroedMemory& ZeroedMemory::operator=(ZeroedMemory&& other) noexcept {
    if (this != &other) {
        release();
        std::swap(mapping_, other.mapping_);
        std::swap(mappedBytes_, other.mappedBytes_);
        std::swap(data_, other.data_);
        std::swap(bytes_, other.bytes_);
    }
    return *this;
}

void ZeroedMemory::release() {
#ifdef _WIN32
    if (mapping_) VirtualFree(mapping_, 0, MEM_RELEASE);
#else
    if (mapping_) munmap(mapping_, mappedBytes_);
#endif
    mapping_ = data_ = nullptr;
    mappedBytes_ = bytes_ = 0;
}

}  // namespace hippolyta
