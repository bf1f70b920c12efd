#include "engine/solve/proof_writer.h"

#include <stdexcept>
#include <unordered_set>

#include "engine/core/notation.h"
#include "engine/core/symmetry.h"

namespace hippolyta {

namespace {

class ProofBuilder {
  public:
    ProofBuilder(DfpnSolver& solver, const DfpnLimits& limits, ProofStats& stats)
        : solver_(solver), limits_(limits), stats_(stats) {}

    void node(Position& pos, bool expectWin) {
        if (!seen_.insert(ExactKey::of(pos))) return;
        ++stats_.records;
        LeafRule rule = LeafRule::None;
        if (pos.hasLegalMove() &&
            solver_.decided(pos, &rule) == (expectWin ? Outcome::Win : Outcome::Loss)) {
            leaf(rule);
            return;
        }
        if (!expectWin) {
            // Every move, or (an 'R' record) one move per own territory and all the others.
            const TerritoryReduction reduction = solver_.territoryReduction(pos);
            body_ += reduction.kept.empty() ? 'L' : 'R';
            if (!reduction.kept.empty()) {
                body_ += static_cast<char>(reduction.kept.size());
                for (const Move m : reduction.kept)
                    appendMove(m);
            }
            MoveList moves;
            pos.generateMoves(moves);
            for (const Move m : moves) {
                if (!reduction.keeps(m)) continue;
                pos.makeMove(m);
                node(pos, true);
                pos.undoMove(m);
            }
            return;
        }
        const Move m = winningMove(pos);
        body_ += 'W';
        appendMove(m);
        pos.makeMove(m);
        node(pos, false);
        pos.undoMove(m);
    }
    const std::string& body() const { return body_; }

  private:
    void leaf(LeafRule rule) {
        if (rule == LeafRule::Count) {
            body_ += 'C';
            ++stats_.countLeaves;
        } else if (rule == LeafRule::Bounds) {
            body_ += 'B';
            ++stats_.boundLeaves;
        } else {
            body_ += 'G';
            ++stats_.localLeaves;
        }
    }

    void appendMove(Move m) {
        body_ += static_cast<char>(m.from);
        body_ += static_cast<char>(m.to);
        body_ += static_cast<char>(m.arrow);
    }

    // A move to a proven loss for the opponent: one already in the proof if any, else the
    // one whose proof took the least work.
    std::optional<Move> fromTable(Position& pos) {
        MoveList moves;
        pos.generateMoves(moves);
        std::optional<Move> best;
        uint64_t bestWork = UINT64_MAX;
        // Each child's table entry is a cache miss: ask for a later child's while this one's
        // rules and regions are worked out.
        constexpr size_t kAhead = 12;
        for (size_t i = 0; i < moves.size() && i < kAhead; ++i)
            solver_.prefetch(keyAfter(pos, moves[i]));
        for (size_t i = 0; i < moves.size(); ++i) {
            const Move m = moves[i];
            if (i + kAhead < moves.size()) solver_.prefetch(keyAfter(pos, moves[i + kAhead]));
            pos.makeMove(m);
            const bool stuck = !pos.hasLegalMove();
            const TableEntry* e = solver_.lookup(pos.hash());
            const bool lost =
                stuck || (e && e->delta == 0) || solver_.decided(pos) == Outcome::Loss;
            // The seen set only for the moves that qualify: most do not, and it is large.
            const bool inProof = lost && !stuck && seen_.contains(ExactKey::of(pos));
            const uint64_t work = stuck || inProof ? 0 : (e ? e->work : 1);
            pos.undoMove(m);
            if (lost && work < bestWork) {
                best = m;
                bestWork = work;
                if (work == 0) break;
            }
        }
        return best;
    }

    Move winningMove(Position& pos) {
        if (const std::optional<Move> m = fromTable(pos)) return *m;
        ++stats_.resolves;
        const DfpnResult r = solver_.solve(pos, limits_);
        if (r.outcome != Outcome::Win)
            throw std::runtime_error("proof: could not prove again " + formatPosition(pos));
        if (const std::optional<Move> m = fromTable(pos)) return *m;
        if (!r.move)
            throw std::runtime_error("proof: no winning move found in " + formatPosition(pos));
        return *r.move;
    }

    DfpnSolver& solver_;
    const DfpnLimits& limits_;
    ProofStats& stats_;
    std::string body_;
    ExactKeySet seen_;
};

// The child's proof file, its records in a scope: checked to be the child's, with its result.
std::string scopedChild(const Position& child, bool childWins, const std::string& bytes,
                        const std::string& label, uint64_t& records) {
    const ProofFile f = readProofFile(bytes);
    if (f.position != formatPosition(child))
        throw std::runtime_error(label + ": the proof of " + f.position + ", not of " +
                                 formatPosition(child));
    if (f.rootWins != childWins)
        throw std::runtime_error(label + ": proves a " + (f.rootWins ? "win" : "loss") +
                                 " for its mover, not a " + (childWins ? "win" : "loss"));
    records += 1 + f.records;
    return 'S' + f.body;
}

// A 'Y' record: `child` is proved by its image under `symmetry`, which it becomes.
void appendImage(std::string& body, uint64_t& records, Position& child, int symmetry) {
    body += {'Y', static_cast<char>(symmetry)};
    ++records;
    child = transformPosition(child, symmetry);
}

}  // namespace

std::string proofOfWinByMove(const Position& root, Move move, const std::string& childProof,
                             int symmetry) {
    if (!root.isLegal(move))
        throw std::runtime_error("proof: " + formatMove(move, root.shape()) + " is not legal");
    Position child = root;
    child.makeMove(move);
    uint64_t records = 1;
    std::string body = {'W', static_cast<char>(move.from), static_cast<char>(move.to),
                        static_cast<char>(move.arrow)};
    if (symmetry != 0) appendImage(body, records, child, symmetry);
    body += scopedChild(child, false, childProof, formatMove(move, root.shape()), records);
    return sealProof(formatPosition(root), true, records, body);
}

std::string proofOfLoss(const Position& root, const std::vector<ReplyProof>& replies) {
    MoveList moves;
    root.generateMoves(moves);
    if (replies.size() != moves.size())
        throw std::runtime_error("proof: " + std::to_string(replies.size()) + " reply proofs for " +
                                 std::to_string(moves.size()) + " moves");
    std::unordered_set<std::string> inProof;  // the children and images checked so far
    uint64_t records = 1;
    std::string body = "L";
    for (size_t i = 0; i < moves.size(); ++i) {
        Position child = root;
        child.makeMove(moves[i]);
        if (!inProof.insert(formatPosition(child)).second) continue;  // an earlier one's image
        const ReplyProof& reply = replies[i];
        if (reply.symmetry != 0) {
            appendImage(body, records, child, reply.symmetry);
            if (!inProof.insert(formatPosition(child)).second) continue;
        }
        body += scopedChild(child, true, reply.bytes, formatMove(moves[i], root.shape()), records);
    }
    return sealProof(formatPosition(root), false, records, body);
}

std::string buildProof(DfpnSolver& solver, const Position& root, bool rootWins,
                       const DfpnLimits& limits, ProofStats& stats) {
    ProofBuilder builder(solver, limits, stats);
    Position pos = root;
    builder.node(pos, rootWins);
    return sealProof(formatPosition(root), rootWins, stats.records, builder.body());
}

}  // namespace hippolyta
