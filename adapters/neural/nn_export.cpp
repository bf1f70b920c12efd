#include "adapters/neural/nn_export.h"

#include <fstream>
#include <map>
#include <memory>

#include "adapters/neural/tensor_file.h"
#include "adapters/selfplay/training_data.h"
#include "engine/core/notation.h"
#include "engine/core/splitmix.h"

namespace hippolyta {

namespace {

// The game's final ownership (filled on reading, +1 White's) from the side to move's view.
std::vector<int8_t> ownershipFor(const SelfPlayGame& game, Color toMove) {
    std::vector<int8_t> own = game.ownership;
    if (toMove == Color::Black)
        for (int8_t& o : own)
            o = static_cast<int8_t>(-o);
    return own;
}

TensorSample sampleOf(const SelfPlayGame& game, const TrainingPosition& tp) {
    TensorSample s;
    s.position = tp.position;
    s.result = static_cast<float>(tp.result());
    s.value = tp.record->value;
    s.ownership = ownershipFor(game, tp.sideToMove());
    for (const MoveVisits& mv : tp.record->visits)
        s.visits.emplace_back(mv.move, mv.visits);
    s.game = static_cast<uint32_t>(tp.game);
    s.ply = tp.ply;
    return s;
}

}  // namespace

NnExportSummary exportTensors(const NnExportOptions& o) {
    NnExportSummary summary;
    std::unique_ptr<TensorFileWriter> train, held;
    for (const std::string& path : o.data) {
        TrainingDataReader reader(path);
        const int n = reader.header().boardSize;
        if (!train) {
            summary.boardSize = n;
            train = std::make_unique<TensorFileWriter>(o.trainOut, n);
            held = std::make_unique<TensorFileWriter>(o.heldOut, n);
        } else if (n != summary.boardSize) {
            throw std::runtime_error(path + ": board size " + std::to_string(n) + ", not " +
                                     std::to_string(summary.boardSize) + " as the first file");
        }
        SelfPlayGame game;
        while (reader.next(game)) {
            ++summary.games;
            const bool isHeld = o.holdOutEvery > 0 && game.game % o.holdOutEvery == 0;
            forEachPosition(game, [&](const TrainingPosition& tp) {
                if (tp.ply < o.minPly || tp.ply % o.stride != 0) return;
                if (o.skipProven && tp.record->proven) return;
                if (tp.record->visits.empty()) return;
                (isHeld ? held : train)->add(sampleOf(game, tp));
            });
        }
    }
    if (!train) throw std::runtime_error("no data files");
    summary.trainPositions = train->positions();
    summary.heldPositions = held->positions();
    train->finish();
    held->finish();
    return summary;
}

std::vector<Position> referencePositions() {
    std::vector<Position> out;
    uint64_t seed = 2026;
    for (const auto& [size, plies] : std::vector<std::pair<int, int>>{
             {10, 0}, {10, 13}, {10, 40}, {8, 0}, {8, 21}, {6, 7}, {6, 14}}) {
        Position pos = Position::start(size);
        MoveList moves;
        for (int i = 0; i < plies && !pos.isGameOver(); ++i) {
            pos.generateMoves(moves);
            seed = splitMix64(seed);
            pos.makeMove(moves[seed % moves.size()]);
        }
        out.push_back(pos);
    }
    return out;
}

void writeReferencePositions(const std::string& prefix) {
    std::map<int, std::vector<Position>> bySize;
    for (const Position& p : referencePositions())
        bySize[p.width()].push_back(p);
    const std::string listPath = prefix + ".positions";
    std::ofstream list(listPath + ".tmp");
    for (const auto& [n, positions] : bySize) {
        TensorFileWriter w(prefix + "-" + std::to_string(n) + ".tensor", n);
        for (size_t i = 0; i < positions.size(); ++i) {
            TensorSample s;
            s.position = positions[i];
            w.add(s);
            list << n << ' ' << i << ' ' << formatPosition(positions[i]) << '\n';
        }
        w.finish();
    }
    list.close();
    if (!list || std::rename((listPath + ".tmp").c_str(), listPath.c_str()) != 0)
        throw std::runtime_error(listPath + ": cannot write");
}

}  // namespace hippolyta
