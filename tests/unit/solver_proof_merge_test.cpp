// Proofs joined from the proofs of a root's children (the merge of a split): each child's
// records in a scope of its own, checked by the rules-only checker; the joins refuse a child's
// proof that is not that child's, and a forged move in the joined proof is refused.
#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/guide/player_guide.h"
#include "engine/solve/proof_writer.h"
#include "engine/solve/region_value.h"
#include "tests/unit/solver_test_helpers.h"

namespace hippolyta {
namespace {

using solver_test::forgeRootMove;
using solver_test::reseal;

std::string proveAlone(const Position& pos) {
    RegionValuer valuer(nullptr);
    DfpnSettings settings;
    settings.tableMb = 2;
    DfpnSolver solver(settings, valuer, playerGuide());
    const DfpnResult r = solver.solve(pos, DfpnLimits{});
    EXPECT_NE(r.outcome, Outcome::Unknown) << formatPosition(pos);
    ProofStats stats;
    return buildProof(solver, pos, r.outcome == Outcome::Win, DfpnLimits{}, stats);
}

// 4 x 4 after b1-c2/b1 (White) and a3-c3/a1 (Black): White to move loses.
struct LostRoot {
    Position before = Position::start(4);
    Move lastMove;
    Position root = Position::start(4);
    std::vector<std::string> replies;  // each child's own proof, in generateMoves order
    LostRoot() {
        before.makeMove(parseMove("b1-c2/b1", before.shape()));
        lastMove = parseMove("a3-c3/a1", before.shape());
        root = before;
        root.makeMove(lastMove);
        MoveList moves;
        root.generateMoves(moves);
        for (const Move m : moves) {
            Position child = root;
            child.makeMove(m);
            replies.push_back(proveAlone(child));
        }
    }
};

uint64_t records(const std::string& proof) {
    return readProofFile(proof).records;
}

// Each child's own proof, for proofOfLoss.
std::vector<ReplyProof> ownProofs(const std::vector<std::string>& proofs) {
    std::vector<ReplyProof> out;
    for (const std::string& p : proofs)
        out.push_back({p, 0});
    return out;
}

TEST(ProofMerge, RepliesJoinIntoACheckedLossAndAMoveBeforeIt) {
    const LostRoot r;
    ASSERT_GT(r.replies.size(), 10u);
    const std::string loss = proofOfLoss(r.root, ownProofs(r.replies));
    const ProofSummary s = checkProof(loss);
    ASSERT_TRUE(s.valid) << s.error;
    EXPECT_FALSE(s.rootWins);
    EXPECT_EQ(s.position, formatPosition(r.root));
    uint64_t expected = 1;  // the root's 'L', then a scope record and the child's own records
    for (const std::string& reply : r.replies)
        expected += 1 + records(reply);
    EXPECT_EQ(s.records, expected);

    const std::string win = proofOfWinByMove(r.before, r.lastMove, loss);
    const ProofSummary w = checkProof(win);
    ASSERT_TRUE(w.valid) << w.error;
    EXPECT_TRUE(w.rootWins);
    EXPECT_EQ(w.records, 2 + s.records);
    // Any other first move in the joined proof is refused.
    const solver_test::Forgeries f = forgeRootMove(win, r.before, 12);
    EXPECT_EQ(f.tried, 12);
    EXPECT_TRUE(f.accepted.empty()) << f.accepted.size() << " forged moves accepted";
}

TEST(ProofMerge, RefusesAChildsProofThatIsNotThatChilds) {
    const LostRoot r;
    std::vector<std::string> swapped = r.replies;
    std::swap(swapped[0], swapped[1]);
    EXPECT_THROW(
        {
            try {
                proofOfLoss(r.root, ownProofs(swapped));
            } catch (const std::runtime_error& e) {
                EXPECT_NE(std::string(e.what()).find(": the proof of "), std::string::npos);
                throw;
            }
        },
        std::runtime_error);
    std::vector<std::string> short_ = r.replies;
    short_.pop_back();
    EXPECT_THROW(proofOfLoss(r.root, ownProofs(short_)), std::runtime_error);
    // The right child, the wrong result: a file that claims the root wins.
    const std::string claimsWin = sealProof(formatPosition(r.root), true, 1, "L");
    try {
        proofOfWinByMove(r.before, r.lastMove, claimsWin);
        ADD_FAILURE() << "a win's proof was taken for a loss";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("proves a win for its mover, not a loss"),
                  std::string::npos)
            << e.what();
    }
    std::string damaged = r.replies[0];
    damaged[damaged.size() / 2] ^= 1;
    std::vector<std::string> withDamage = r.replies;
    withDamage[0] = damaged;
    EXPECT_THROW(proofOfLoss(r.root, ownProofs(withDamage)), std::runtime_error);
}

TEST(ProofMerge, AScopeSeesNothingOfTheProofAroundIt) {
    // A scope at the root holds the root's own records again: checked only if the root, seen
    // outside, is unseen inside.
    const LostRoot r;
    const ProofFile child = readProofFile(r.replies[0]);
    const std::string scoped =
        sealProof(child.position, child.rootWins, 1 + child.records, 'S' + child.body);
    const ProofSummary s = checkProof(scoped);
    EXPECT_TRUE(s.valid) << s.error;
    // A scope in a scope adds nothing: refused, so a file of 'S' records cannot recurse deep.
    const ProofSummary nested =
        checkProof(sealProof(child.position, child.rootWins, 2 + child.records, "SS" + child.body));
    EXPECT_NE(nested.error.find("a scope or an image directly inside a scope"), std::string::npos)
        << nested.error;
    const ProofSummary many =
        checkProof(sealProof(child.position, true, 1, std::string(1 << 20, 'S')));
    EXPECT_FALSE(many.valid);
    // Scopes are version 3: a version 2 file has no 'S' record.
    std::string v2 = scoped;
    v2[8] = 2;
    EXPECT_NE(checkProof(reseal(v2)).error.find("unknown record"), std::string::npos);
}

}  // namespace
}  // namespace hippolyta
