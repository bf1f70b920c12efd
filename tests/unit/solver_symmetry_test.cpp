// Symmetry in the solver's proofs: a 'Y' record proves a position by its image under a symmetry
// of the board; the split of a symmetric root solves one subproblem of each pair of images, and
// the merge's proof, with 'Y' records for the others, checks. Forged and looping records are
// refused.
#include <gtest/gtest.h>

#include <filesystem>

#include "adapters/solve/solve_job.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/core/symmetry.h"
#include "tests/unit/solver_test_helpers.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;
using solver_test::reseal;

constexpr int kLeftRight = 4;  // symmetry.h: the left-right mirror
constexpr int kTopBottom = 5;

std::string provedAlone(const Position& pos) {
    RegionValuer valuer(nullptr);
    DfpnSettings settings;
    settings.tableMb = 4;
    const solver_test::Proved p = solver_test::solveAndProve(pos, settings, valuer);
    EXPECT_NE(p.result.outcome, Outcome::Unknown) << formatPosition(pos);
    return p.proof;
}

// 4 x 4 after b1-c2/b1: Black to move wins; its proof, and its left-right image's.
struct Mirrored {
    Position pos = Position::start(4);
    Position image = Position::start(4);
    std::string imageProof;
    Mirrored() {
        pos.makeMove(parseMove("b1-c2/b1", pos.shape()));
        image = transformPosition(pos, kLeftRight);
        imageProof = provedAlone(image);
    }
    // pos's proof: a 'Y' record with symmetry s, then the image's records in a scope.
    std::string byImage(int s, uint32_t version = kProofVersion) const {
        const ProofFile f = readProofFile(imageProof);
        std::string bytes = sealProof(formatPosition(pos), true, f.records + 2,
                                      std::string{'Y', static_cast<char>(s), 'S'} + f.body);
        bytes[8] = static_cast<char>(version);
        return reseal(bytes);
    }
};

TEST(SolverSymmetry, APositionIsProvedByItsImage) {
    const Mirrored m;
    ASSERT_NE(formatPosition(m.image), formatPosition(m.pos));
    const ProofSummary s = checkProof(m.byImage(kLeftRight));
    ASSERT_TRUE(s.valid) << s.error;
    EXPECT_EQ(s.position, formatPosition(m.pos));
    // The image under another symmetry is another position: its proof does not fit.
    EXPECT_FALSE(checkProof(m.byImage(kTopBottom)).valid);
    // Symmetries that do not exist, and a version 5 file, which has no 'Y' records.
    EXPECT_NE(checkProof(m.byImage(0)).error.find("symmetry 0 does not map"), std::string::npos);
    EXPECT_NE(checkProof(m.byImage(8)).error.find("symmetry 8 does not map"), std::string::npos);
    EXPECT_EQ(checkProof(m.byImage(kLeftRight, 5)).error, "unknown record");
}

TEST(SolverSymmetry, ARectangleKeepsOnlyItsOwnSymmetries) {
    // 5 x 4: a quarter turn would swap its width and height.
    Position pos = Position::start(parseShape("5x4"));
    pos.makeMove(parseMove("b1-b2/c2", pos.shape()));
    const std::string bytes = sealProof(formatPosition(pos), false, 1, std::string{'Y', 1, 'L'});
    EXPECT_NE(checkProof(bytes).error.find("symmetry 1 does not map the board onto itself"),
              std::string::npos)
        << checkProof(bytes).error;
}

TEST(SolverSymmetry, ImagesCannotNestWithoutAMove) {
    const Mirrored m;
    const ProofFile f = readProofFile(m.imageProof);
    const auto check = [&](const std::string& body) {
        return checkProof(sealProof(formatPosition(m.pos), true, f.records + 3, body)).error;
    };
    const std::string y = {'Y', static_cast<char>(kLeftRight)};
    EXPECT_EQ(check(y + y + 'S' + f.body), "an image directly inside an image");
    EXPECT_EQ(check('S' + y + f.body), "a scope or an image directly inside a scope");
}

TEST(SolverSymmetry, JoinedProofsTakeImagesInEitherOrder) {
    // The 4 x 4 start after b1-c2/b1 and after its mirror image c1-b2/c1: both replies of a
    // made-up root are Black wins; the merge may have either one's proof for both.
    const Position root = Position::start(4);
    MoveList moves;
    root.generateMoves(moves);
    std::vector<ReplyProof> replies;
    for (const Move mv : moves) {
        Position child = root;
        child.makeMove(mv);
        const Position image = transformPosition(child, kLeftRight);
        // Every other reply is proved by its image, whichever comes first.
        if (replies.size() % 2 == 0)
            replies.push_back({provedAlone(image), kLeftRight});
        else
            replies.push_back({provedAlone(child), 0});
    }
    const std::string proof = proofOfLoss(root, replies);
    const ProofSummary s = checkProof(proof);
    ASSERT_TRUE(s.valid) << s.error;
    EXPECT_FALSE(s.rootWins);
    // A wrong symmetry is caught by the join: the proof is not the image's.
    replies[0].symmetry = kTopBottom;
    EXPECT_THROW(proofOfLoss(root, replies), std::runtime_error);
    // A win by a move to a position whose image is proved.
    Position before = root;
    const Move first = parseMove("b1-c2/b1", root.shape());
    before.makeMove(first);
    const Move reply = parseMove("a3-c3/a1", before.shape());
    Position after = before;
    after.makeMove(reply);
    const std::string win = proofOfWinByMove(
        before, reply, provedAlone(transformPosition(after, kLeftRight)), kLeftRight);
    const ProofSummary w = checkProof(win);
    ASSERT_TRUE(w.valid) << w.error;
    EXPECT_TRUE(w.rootWins);
}

TEST(SolverSymmetry, ASymmetricRootsSplitSolvesHalfAndMergesAProof) {
    // The 4 x 4 start is its own left-right mirror image: its 48 moves come in 24 pairs.
    TestDir s;
    const std::string dir = (s / "split").string();
    const int tasks = writeSplit(Position::start(4), dir);
    ASSERT_GT(tasks, 20);
    SolveJob job;
    job.settings.tableMb = 4;
    int solved = 0;
    runShard(job, dir, ShardSpec{}, [&](const std::string&) { ++solved; });
    EXPECT_EQ(solved * 2, tasks);
    const SplitMerge merge = mergeSplit(dir);
    EXPECT_EQ(merge.root, Outcome::Loss);
    const std::string& merged = merge.text;
    EXPECT_NE(merged.find("solved " + std::to_string(tasks) + " unsolved 0"), std::string::npos)
        << merged;
    EXPECT_NE(merged.find("images " + std::to_string(tasks / 2)), std::string::npos) << merged;
    EXPECT_NE(merged.find("root: loss for the side to move"), std::string::npos) << merged;
    ASSERT_NE(writeMergedProofs(dir), "");
    const ProofSummary p = checkProof(readWholeFile(dir + "/proof.hprf"));
    ASSERT_TRUE(p.valid) << p.error;
    EXPECT_FALSE(p.rootWins);
    EXPECT_EQ(p.position, formatPosition(Position::start(4)));
    // A rerun finds nothing left to solve.
    runShard(job, dir, ShardSpec{0, 1, true}, [&](const std::string&) { ++solved; });
    EXPECT_EQ(solved * 2, tasks);
}

}  // namespace
}  // namespace hippolyta
