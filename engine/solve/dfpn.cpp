#include "engine/solve/dfpn.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "engine/core/assert.h"
#include "engine/core/byte_order.h"
#include "engine/core/fnv.h"
#include "engine/core/zobrist.h"

namespace hippolyta {

namespace {

constexpr int kBucket = 4;
constexpr char kCheckpointMagic[8] = {'H', 'I', 'P', 'D', 'F', 'P', 'N', 'C'};
constexpr uint32_t kCheckpointVersion = 1;
// Checkpoints keep the entries with this much work or more. Those of one node (leaves and the
// frontier: 86% of a 6x4 table after 200 s) cost one node each to find again; without them a
// checkpoint is 7 to 9 times smaller, and resumed solves took 4,465,217 and 11,070,084 nodes
// where whole tables took 5,402,727 and 10,374,916 (docs/solver-design.md, "Checkpoints").
constexpr uint32_t kCheckpointMinWork = 2;

uint32_t addSaturated(uint32_t a, uint32_t b) {
    return std::min<uint64_t>(uint64_t{a} + b, kPnInfinity);
}

bool proven(const TableEntry& e) {
    return e.phi == 0 || e.delta == 0;
}

// The largest power of two of buckets that fits in tableMb (at least one).
size_t bucketCount(size_t tableMb) {
    size_t buckets = 1;
    const size_t want = tableMb * (size_t{1} << 20) / (sizeof(TableEntry) * kBucket);
    while (buckets * 2 <= want)
        buckets *= 2;
    return buckets;
}

}  // namespace

std::string DfpnSettings::fingerprint() const {
    return "dfpn1 epsilon=" + std::to_string(epsilon) + " eval=" + std::to_string(evalInit) +
           " prior=" + std::to_string(priorOrder) + " bounds=" + std::to_string(bounds) +
           (territories ? " territories=1" : "") +  // absent: the fingerprint before the option
           (weakDelta ? " weak=1" : "") + (local ? " local=1" : "") + (sums ? " sums=1" : "");
}

DfpnSolver::DfpnSolver(DfpnSettings settings, const RegionValuer& valuer, const MoveGuide& guide)
    : settings_(settings),
      valuer_(valuer),
      guide_(guide),
      territoryCounter_(20000, 1 << 16),
      table_(bucketCount(settings.tableMb) * kBucket),
      bucketMask_(table_.size() / kBucket - 1) {}

void DfpnSolver::onProgress(double seconds, std::function<void(const DfpnProgress&)> callback) {
    progressEvery_ = seconds;
    progress_ = std::move(callback);
}

void DfpnSolver::onCheckpoint(double seconds, std::function<void()> callback) {
    checkpointEvery_ = seconds;
    checkpoint_ = std::move(callback);
}

const TableEntry* DfpnSolver::lookup(uint64_t key) const {
    const TableEntry* b = &table_[(key & bucketMask_) * kBucket];
    for (int i = 0; i < kBucket; ++i)
        if (b[i].key == key) return &b[i];
    return nullptr;
}

void DfpnSolver::prefetch(uint64_t key) const {
    const char* b = reinterpret_cast<const char*>(&table_[(key & bucketMask_) * kBucket]);
    __builtin_prefetch(b);
    __builtin_prefetch(b + sizeof(TableEntry) * kBucket - 1);
}

TableEntry* DfpnSolver::probe(uint64_t key) {
    return const_cast<TableEntry*>(static_cast<const DfpnSolver*>(this)->lookup(key));
}

void DfpnSolver::store(uint64_t key, uint32_t phi, uint32_t delta, uint32_t work, uint32_t best) {
    // A proof or disproof number is 0 only when the other is infinite (so never both).
    HIPPOLYTA_ASSERT(key != 0 && phi <= kPnInfinity && delta <= kPnInfinity);
    HIPPOLYTA_ASSERT((phi != 0 || delta == kPnInfinity) && (delta != 0 || phi == kPnInfinity));
    TableEntry* b = &table_[(key & bucketMask_) * kBucket];
    TableEntry* slot = nullptr;
    for (int i = 0; i < kBucket && !slot; ++i)
        if (b[i].key == key) slot = &b[i];
    for (int i = 0; i < kBucket && !slot; ++i)
        if (b[i].key == 0) {
            slot = &b[i];
            ++used_;
        }
    if (!slot) {  // replace the least work, unproven entries first; never the root
        auto cost = [&](const TableEntry& e) {
            if (e.key == rootKey_) return UINT64_MAX;
            return uint64_t{e.work} + (proven(e) ? (uint64_t{1} << 32) : 0);
        };
        slot = b;
        for (int i = 1; i < kBucket; ++i)
            if (cost(b[i]) < cost(*slot)) slot = &b[i];
    }
    *slot = TableEntry{key, phi, delta, std::max(work, slot->key == key ? slot->work : 0u), best};
}

uint64_t keyAfter(const Position& pos, Move m) {
    const ZobristKeys& z = ZobristKeys::get();
    const int s = index(pos.sideToMove());
    return pos.hash() ^ z.amazon[s][m.from] ^ z.amazon[s][m.to] ^ z.arrow[m.arrow] ^ z.blackToMove;
}

Outcome DfpnSolver::lookupOutcome(const Position& pos) const {
    const TableEntry* e = lookup(pos.hash());
    if (!e) return Outcome::Unknown;
    if (e->phi == 0) return Outcome::Win;
    if (e->delta == 0) return Outcome::Loss;
    return Outcome::Unknown;
}

void DfpnSolver::tick() {
    if ((nodes_ & 1023) != 0) return;
    if (nodes_ - solveStart_ >= limits_.nodes || (limits_.stop && limits_.stop->load()))
        aborted_ = true;
    const auto now = std::chrono::steady_clock::now();
    if (now >= limits_.deadline) aborted_ = true;
    auto seconds = [](auto d) { return std::chrono::duration<double>(d).count(); };
    if (progress_ && seconds(now - lastProgress_) >= progressEvery_) {
        lastProgress_ = now;
        DfpnProgress p;
        p.nodes = nodes_;
        if (const TableEntry* e = lookup(rootKey_)) {
            p.phi = e->phi;
            p.delta = e->delta;
        }
        p.tableUsed = used_;
        p.seconds = seconds(now - started_);
        progress_(p);
    }
    if (checkpoint_ && seconds(now - lastCheckpoint_) >= checkpointEvery_) {
        lastCheckpoint_ = now;
        checkpoint_();
    }
}

Outcome DfpnSolver::decided(const Position& pos, LeafRule* rule) const {
    if (rule) *rule = LeafRule::None;
    // Without bounds only separated positions are valued: one flood rules out the others.
    const ContestedRules contested{settings_.local, settings_.sums};
    if (!settings_.bounds && !contested.local && !contested.sums && !isSeparated(pos))
        return Outcome::Unknown;
    return valuer_.outcome(pos, settings_.bounds, contested, rule);
}

TerritoryReduction DfpnSolver::territoryReduction(const Position& pos) const {
    if (!settings_.territories) return TerritoryReduction{};
    return reduceTerritories(pos, territoryCounter_);
}

bool DfpnSolver::terminalValue(Position& pos, uint32_t& phi, uint32_t& delta) {
    Outcome o = Outcome::Unknown;
    LeafRule rule = LeafRule::None;
    if (!pos.hasLegalMove())
        o = Outcome::Loss;
    else if ((o = decided(pos, &rule)) != Outcome::Unknown)
        ++(rule == LeafRule::Count    ? separatedLeaves_
           : rule == LeafRule::Bounds ? boundLeaves_
                                      : localLeaves_);
    if (o == Outcome::Unknown) return false;
    phi = o == Outcome::Win ? 0 : kPnInfinity;
    delta = o == Outcome::Win ? kPnInfinity : 0;
    return true;
}

// Fills `children` with their prior scores (no sort: the selection breaks delta ties by score);
// true if one of them leaves the opponent without a move (children then holds just that one).
// The children's keys and that test come from bit operations, without playing the moves.
bool DfpnSolver::expand(Position& pos, std::vector<Child>& children) {
    guide_.scoreMoves(pos, settings_.priorOrder, moves_);
    children.clear();
    const Bitboard theirs = pos.amazons(opposite(pos.sideToMove()));
    const Bitboard theirRoom = pos.geometry().kingNeighbours(theirs);
    const Bitboard occupied = pos.occupied();
    const TerritoryReduction reduction = territoryReduction(pos);
    for (const GuidedMove& sm : moves_) {
        const Move m = sm.move;
        if (!reduction.keeps(m)) continue;
        const Bitboard after = occupied ^ squareBit(m.from) ^ squareBit(m.to) ^ squareBit(m.arrow);
        const uint64_t key = keyAfter(pos, m);
        if ((theirRoom & pos.geometry().boardMask() & ~after) == 0) {
            children.assign(1, Child{m, key, kPnInfinity, 0, sm.score});
            return true;
        }
        Child c{m, key, 1, 1, sm.score};
        if (settings_.evalInit) {
            // The child's mover is the opponent: a good score for it makes it harder to refute.
            pos.makeMove(m);
            const double v = guide_.evaluate(pos);
            pos.undoMove(m);
            if (v > 0) c.delta = 2;
            if (v < 0) c.phi = 2;
        }
        children.push_back(c);
    }
    return false;
}

void DfpnSolver::mid(Position& pos, uint32_t thPhi, uint32_t thDelta, int ply) {
    ++nodes_;
    tick();
    const uint64_t key = pos.hash();
    const uint64_t startNodes = nodes_;
    if (const TableEntry* e = lookup(key))
        if (e->phi >= thPhi || e->delta >= thDelta) return;
    uint32_t phi = 0, delta = 0;
    if (terminalValue(pos, phi, delta)) {
        store(key, phi, delta, 1, 0);
        return;
    }
    std::vector<Child>& children = childStack_[ply];
    if (expand(pos, children)) {
        store(key, 0, kPnInfinity, 1, children[0].move.packed() + 1);
        return;
    }
    // The children's latest numbers stay here: two siblings whose entries share a full bucket
    // would otherwise evict each other's result in turn, picked in turn forever. The table is
    // read for every child once, then only for the child just searched: a sibling's entry can
    // change only by its own search (positions below a child have more arrows than any
    // sibling), or be evicted, when the numbers kept here are the latest anyway.
    const auto refresh = [&](Child& c) {
        if (const TableEntry* e = lookup(c.key)) {
            c.phi = e->phi;
            c.delta = e->delta;
        }
    };
    for (Child& c : children)
        refresh(c);
    // A node with no move is terminal (terminalValue), so there is a child to pick.
    HIPPOLYTA_ASSERT(!children.empty());
    size_t best = 0;
    for (;;) {
        uint32_t delta2 = kPnInfinity, phiBest = 0;
        uint32_t minDelta = kPnInfinity + 1;
        uint32_t maxPhi = 0, open = 0;
        delta = 0;
        for (size_t i = 0; i < children.size(); ++i) {
            const uint32_t cphi = children[i].phi, cdelta = children[i].delta;
            if (cdelta < minDelta ||
                (cdelta == minDelta && children[i].score > children[best].score)) {
                delta2 = minDelta;
                minDelta = cdelta;
                best = i;
                phiBest = cphi;
            } else if (cdelta < delta2) {
                delta2 = cdelta;
            }
            delta = addSaturated(delta, cphi);
            maxPhi = std::max(maxPhi, cphi);
            open += cphi != 0;
        }
        if (settings_.weakDelta && open > 0) delta = addSaturated(maxPhi, open - 1);
        phi = minDelta;
        delta2 = std::min(delta2, kPnInfinity);
        if (phi == 0) delta = kPnInfinity;
        if (phi >= thPhi || delta >= thDelta || aborted_) break;
        if (ply == 0)  // the root's numbers so far, for the progress display
            store(key, phi, delta, static_cast<uint32_t>(std::min<uint64_t>(nodes_, UINT32_MAX)),
                  children[best].move.packed() + 1);
        // The child may grow until this node's delta reaches its threshold: with weak numbers
        // the other children's share is one each, whichever child is the largest.
        const uint64_t others = settings_.weakDelta ? open - 1 : delta - phiBest;
        const uint32_t childPhi = std::min<uint64_t>(uint64_t{thDelta} - others, kPnInfinity);
        uint64_t widened = uint64_t{delta2} + 1;
        if (settings_.epsilon > 0)
            widened = std::max<uint64_t>(
                widened, static_cast<uint64_t>(std::ceil(delta2 * (1 + settings_.epsilon))));
        const uint32_t childDelta = static_cast<uint32_t>(std::min<uint64_t>(thPhi, widened));
        pos.makeMove(children[best].move);
        mid(pos, childPhi, childDelta, ply + 1);
        pos.undoMove(children[best].move);
        refresh(children[best]);
    }
    const uint64_t work = nodes_ - startNodes + 1;
    store(key, phi, delta, static_cast<uint32_t>(std::min<uint64_t>(work, UINT32_MAX)),
          children[best].move.packed() + 1);
}

// A move to a proven loss for the opponent, for a win decided before its children were searched
// (by region counts, bounds, local search or game sums); the rules decide most such children the
// same way, and the others are proven one at a time.
std::optional<Move> DfpnSolver::winningChild(Position& pos) {
    MoveList moves;
    pos.generateMoves(moves);
    for (const Move m : moves) {
        pos.makeMove(m);
        const bool lost = !pos.hasLegalMove() || lookupOutcome(pos) == Outcome::Loss ||
                          decided(pos) == Outcome::Loss;
        pos.undoMove(m);
        if (lost) return m;
    }
    // A root local search or game sum decided can leave no child the rules decide at once (the
    // child's own may run out of budget): prove a child lost, one at a time, within what is
    // left of the root's budget (its nodes count in the root's result).
    const DfpnLimits outer = limits_;
    const uint64_t outerStart = solveStart_, rootKey = rootKey_;
    std::optional<Move> found;
    for (size_t i = 0; i < moves.size() && !found; ++i) {
        const uint64_t used = nodes_ - outerStart;
        if (used >= outer.nodes) break;
        DfpnLimits left = outer;
        left.nodes = outer.nodes - used;
        Position child = pos;
        child.makeMove(moves[i]);
        if (search(child, left) == Outcome::Loss) found = moves[i];
    }
    limits_ = outer;
    solveStart_ = outerStart;
    rootKey_ = rootKey;
    return found;  // none: the limits ran out first
}

// The search loop of solve(), without its report: the root's outcome from the table.
Outcome DfpnSolver::search(const Position& start, const DfpnLimits& limits) {
    limits_ = limits;
    aborted_ = false;
    started_ = lastProgress_ = lastCheckpoint_ = std::chrono::steady_clock::now();
    Position pos = start;
    rootKey_ = pos.hash();
    childStack_.resize(pos.geometry().squareCount() + 2);
    solveStart_ = nodes_;
    while (!aborted_) {
        mid(pos, kPnInfinity, kPnInfinity, 0);
        const TableEntry* e = lookup(rootKey_);
        if (!e || proven(*e)) break;
        if (e->phi >= kPnInfinity || e->delta >= kPnInfinity) break;
    }
    const TableEntry* e = lookup(rootKey_);
    if (e && e->phi == 0) return Outcome::Win;
    if (e && e->delta == 0) return Outcome::Loss;
    return Outcome::Unknown;
}

DfpnResult DfpnSolver::solve(const Position& start, const DfpnLimits& limits) {
    const uint64_t nodesBefore = nodes_;
    DfpnResult r;
    r.outcome = search(start, limits);
    if (const TableEntry* e = lookup(rootKey_)) {
        r.phi = e->phi;
        r.delta = e->delta;
        if (r.outcome == Outcome::Win) {
            Position pos = start;
            r.move = e->best ? std::optional<Move>(Move::unpack(e->best - 1)) : winningChild(pos);
        }
    }
    r.nodes = nodes_ - nodesBefore;  // the winning child's proof included
    r.separatedLeaves = separatedLeaves_;
    r.boundLeaves = boundLeaves_;
    r.localLeaves = localLeaves_;
    return r;
}

std::string DfpnSolver::saveTable(const std::string& fingerprint) const {
    const auto kept = [](const TableEntry& e) {
        return e.key != 0 && e.work >= kCheckpointMinWork;
    };
    size_t count = 0;
    for (const TableEntry& e : table_)
        count += kept(e);
    std::string s(kCheckpointMagic, 8);
    s.reserve(8 + 8 + fingerprint.size() + 16 + count * 24 + 8);  // one allocation of gigabytes
    putLE(s, kCheckpointVersion, 4);
    putLE(s, fingerprint.size(), 4);
    s += fingerprint;
    putLE(s, nodes_, 8);
    putLE(s, count, 8);
    for (const TableEntry& e : table_) {
        if (!kept(e)) continue;
        putLE(s, e.key, 8);
        putLE(s, e.phi, 4);
        putLE(s, e.delta, 4);
        putLE(s, e.work, 4);
        putLE(s, e.best, 4);
    }
    putLE(s, fnv1a64(s), 8);
    return s;
}

void DfpnSolver::loadTable(const std::string& bytes, const std::string& fingerprint) {
    auto fail = [](const std::string& why) { throw std::runtime_error("checkpoint: " + why); };
    if (bytes.size() < 24 || std::memcmp(bytes.data(), kCheckpointMagic, 8) != 0)
        fail("not a solver checkpoint");
    if (getLE(bytes, 8, 4) != kCheckpointVersion) fail("another checkpoint version");
    const size_t body = bytes.size() - 8;
    if (getLE(bytes, body, 8) != fnv1a64(std::string_view(bytes.data(), body)))
        fail("checksum mismatch (damaged file)");
    const size_t fpLen = getLE(bytes, 12, 4);
    if (16 + fpLen + 16 > body) fail("truncated");
    if (bytes.compare(16, fpLen, fingerprint) != 0)
        fail("written with other settings or another position (" + bytes.substr(16, fpLen) +
             "); refusing to resume");
    size_t at = 16 + fpLen;
    nodes_ = getLE(bytes, at, 8);
    const uint64_t count = getLE(bytes, at + 8, 8);
    at += 16;
    // count comes from the file: compared by division, so that count * 24 cannot wrap around.
    if (count > (body - at) / 24 || count * 24 != body - at) fail("wrong size");
    for (uint64_t i = 0; i < count; ++i, at += 24) {
        const uint64_t key = getLE(bytes, at, 8);
        const auto phi = static_cast<uint32_t>(getLE(bytes, at + 8, 4));
        const auto delta = static_cast<uint32_t>(getLE(bytes, at + 12, 4));
        // What store() takes as its invariant, a file must show first.
        if (key == 0 || phi > kPnInfinity || delta > kPnInfinity ||
            (phi == 0 && delta != kPnInfinity) || (delta == 0 && phi != kPnInfinity))
            fail("an entry with impossible proof numbers");
        store(key, phi, delta, static_cast<uint32_t>(getLE(bytes, at + 16, 4)),
              static_cast<uint32_t>(getLE(bytes, at + 20, 4)));
    }
}

}  // namespace hippolyta
