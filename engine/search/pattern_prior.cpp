#include "engine/search/pattern_prior.h"

#include <algorithm>
#include <cstring>

#include "engine/core/assert.h"
#include "engine/search/pattern_prior_internal.h"

namespace hippolyta {

namespace {

using namespace prior_detail;

// Ring codes to classes and back, built once.
struct RingTables {
    std::vector<uint16_t> classOf;  // by code
    std::vector<uint16_t> codeOf;   // by class: its smallest code
    RingTables() : classOf(kRingCodes) {
        for (int code = 0; code < kRingCodes; ++code) {
            uint16_t least = static_cast<uint16_t>(code);
            for (int s = 1; s < 8; ++s)
                least = std::min(least, ringImage(static_cast<uint16_t>(code), s));
            if (least == code) {
                classOf[static_cast<size_t>(code)] = static_cast<uint16_t>(codeOf.size());
                codeOf.push_back(static_cast<uint16_t>(code));
            } else {
                classOf[static_cast<size_t>(code)] = classOf[least];  // least < code: done
            }
        }
        HIPPOLYTA_ASSERT(codeOf.size() == static_cast<size_t>(PatternLayout::kClasses));
    }
};

const RingTables& ringTables() {
    static const RingTables tables;
    return tables;
}

// The 47 features of ordering 2 (as move_prior.cpp's featuresN lists them).
void addLinear(PatternMoveFeatures& m, const SquareFacts& s, int from, int to, int arrow, int room,
               bool besideFrom, bool hem) {
    auto square = [&](int block, int sq) {
        m.add(block + s.cls[sq], 1);
        m.add(block + L::kClasses + s.oppAdj[sq], 1);
        m.add(block + L::kClasses + L::kAdjacent + s.ownAdj[sq], 1);
        m.add(block + L::kClasses + 2 * L::kAdjacent, s.empties[sq]);
    };
    m.add(L::kRoom + roomBucket(room), 1);
    square(L::kLand, to);
    if (arrow == from) {
        m.add(L::kBack, 1);
    } else {
        square(L::kArrow, arrow);
        if (besideFrom) m.add(L::kBesideFrom, 1);
    }
    if (hem) m.add(L::kHem, 1);
}

template <int N>
void patternFeaturesN(const Position& pos, std::optional<Move> last,
                      std::vector<PatternMoveFeatures>& out) {
    using Ops = BoardOps<N>;
    out.clear();
    const SquareFacts s = squareFacts<N>(pos);
    const Cells cells = cellsOf(pos);
    const auto near = nearBuckets<N>(last, N * pos.height());
    const RingTables& rt = ringTables();
    forEachAmazonMove<N>(pos, [&](int from, int to, Bitboard arrows, int room) {
        Cells moved = cells;  // the board after the amazon's move
        moved[static_cast<size_t>(from)] = kRingEmpty;
        moved[static_cast<size_t>(to)] = kRingOwn;
        const int landClass = rt.classOf[ringCodeAt<N>(moved, to, pos.height())];
        const Bitboard nearTo = Ops::kingNeighbours(squareBit(to));
        const Bitboard nearFrom = Ops::kingNeighbours(squareBit(from));
        forEachSquare(arrows, [&](int arrow) {
            PatternMoveFeatures m;
            m.move = Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to),
                          static_cast<uint8_t>(arrow)};
            addLinear(m, s, from, to, arrow, room, testBit(nearFrom, arrow),
                      testBit(nearTo, arrow));
            m.add(PL::kFromTo + distanceBucket(chebyshev<N>(from, to)), 1);
            m.add(PL::kToRoom + roomBucket(popCount(arrows)), 1);
            m.add(PL::kToArrow + distanceBucket(chebyshev<N>(to, arrow)), 1);
            if (near[to] >= 0) m.add(PL::kLandNear + near[to], 1);
            if (near[arrow] >= 0) m.add(PL::kArrowNear + near[arrow], 1);
            m.add(PL::kLandPattern + landClass, 1);
            m.add(PL::kArrowPattern + rt.classOf[ringCodeAt<N>(moved, arrow, pos.height())], 1);
            out.push_back(m);
        });
    });
}

}  // namespace

uint16_t ringImage(uint16_t code, int s) {
    unsigned out = 0;
    for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
            if (!dc && !dr) continue;
            int c = s & 1 ? -dc : dc, r = s & 2 ? -dr : dr;
            if (s & 4) std::swap(c, r);
            const unsigned state = (code >> (2 * ringIndex(dc, dr))) & 3u;
            out |= state << (2 * ringIndex(c, r));
        }
    return static_cast<uint16_t>(out);
}

const uint16_t* ringClassTable() {
    return ringTables().classOf.data();
}

int ringClass(uint16_t code) {
    return ringTables().classOf[code];
}

uint16_t ringClassCode(int cls) {
    HIPPOLYTA_ASSERT(cls >= 0 && cls < PatternLayout::kClasses);
    return ringTables().codeOf[static_cast<size_t>(cls)];
}

std::string ringText(uint16_t code) {
    static const char kChars[] = ".#ox";
    std::string s(8, '.');
    for (int k = 0; k < 8; ++k)
        s[static_cast<size_t>(k)] = kChars[(code >> (2 * k)) & 3];
    return s;
}

std::optional<uint16_t> parseRing(const std::string& text) {
    if (text.size() != 8) return std::nullopt;
    unsigned code = 0;
    for (int k = 0; k < 8; ++k) {
        const char* at = std::strchr(".#ox", text[static_cast<size_t>(k)]);
        if (!at || !*at) return std::nullopt;
        code |= static_cast<unsigned>(at - ".#ox") << (2 * k);
    }
    return static_cast<uint16_t>(code);
}

PatternWeights zeroPatternWeights() {
    return PatternWeights(PatternLayout::kCount, 0.0f);
}

PatternWeights patternWeightsFrom(const PriorWeights& linear) {
    PatternWeights w = zeroPatternWeights();
    std::copy(linear.begin(), linear.end(), w.begin());
    return w;
}

void patternFeatures(const Position& pos, std::optional<Move> lastMove,
                     std::vector<PatternMoveFeatures>& out) {
    withBoardSize(pos.width(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;
        patternFeaturesN<N>(pos, lastMove, out);
    });
}

std::string patternScalarName(int i) {
    HIPPOLYTA_ASSERT(i >= 0 && i < PL::kLandPattern);
    if (i < PL::kFromTo) return priorWeightName(i);
    if (i < PL::kToArrow) return "pattern.from_to" + std::to_string(i - PL::kFromTo + 1);
    if (i < PL::kLandNear) return "pattern.to_arrow" + std::to_string(i - PL::kToArrow + 1);
    if (i < PL::kArrowNear) return "pattern.near_land" + std::to_string(i - PL::kLandNear + 1);
    if (i < PL::kToRoom) return "pattern.near_arrow" + std::to_string(i - PL::kArrowNear + 1);
    return "pattern.room_after" + std::to_string(i - PL::kToRoom);
}

}  // namespace hippolyta
