// The Botzone front driven through runBotzoneFront with string streams.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "adapters/botzone/botzone_book.h"
#include "adapters/botzone/botzone_front.h"
#include "adapters/botzone/botzone_protocol.h"
#include "engine/core/notation.h"
#include "opening-book/book_file.h"

namespace hippolyta {
namespace {

constexpr int kN = kBotzoneBoardSize;
constexpr const char* kMarker = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";

struct BotzoneRun {
    std::vector<std::string> lines;  // stdout
    std::string err;
    int code = -1;
};

// Small budgets keep the tests fast; `seconds` large makes the visit cap decide alone, so that
// two runs give the same answers.
EngineConfig testConfig() {
    EngineConfig config;
    config.seed = 3;
    config.visits = 200;
    return config;
}

BotzoneOptions testOptions(double seconds = 0.05) {
    BotzoneOptions options;
    options.turnSeconds = seconds;
    options.firstTurnSeconds = seconds;
    return options;
}

BotzoneRun runBotzoneWith(const std::string& input, const EngineConfig& config,
                          const BotzoneOptions& options) {
    std::istringstream in(input);
    std::ostringstream out, err;
    BotzoneRun run;
    run.code = runBotzoneFront(in, out, err, config, options);
    std::istringstream lines(out.str());
    for (std::string line; std::getline(lines, line);)
        run.lines.push_back(line);
    run.err = err.str();
    return run;
}

BotzoneRun runBotzone(const std::string& input, bool keepRunning = true, double seconds = 0.05) {
    BotzoneOptions options = testOptions(seconds);
    options.keepRunning = keepRunning;
    return runBotzoneWith(input, testConfig(), options);
}

// Plays a Botzone answer line on game (for the side to move); fails the test if it is illegal.
void expectLegalAnswer(Game& game, const std::string& line) {
    const auto m = parseBotzoneMove(line);
    ASSERT_TRUE(m.has_value()) << line;
    const auto move = toMove(*m);
    ASSERT_TRUE(move.has_value()) << line;
    EXPECT_TRUE(game.play(*move)) << "illegal answer " << line << " in "
                                  << formatPosition(game.position());
}

TEST(BotzoneFront, FirstMoverAnswersALegalWhiteMoveThenTheMarker) {
    const BotzoneRun run = runBotzone("1\n-1 -1 -1 -1 -1 -1\n");
    EXPECT_EQ(run.code, 0);
    ASSERT_EQ(run.lines.size(), 2u);
    Game game(Position::start(kN));
    expectLegalAnswer(game, run.lines[0]);
    EXPECT_EQ(run.lines[1], kMarker);
    EXPECT_TRUE(run.err.empty()) << run.err;
}

TEST(BotzoneFront, SecondMoverAnswersForBlack) {
    const BotzoneRun run = runBotzone("1\n5 0 3 2 6 5\n");
    ASSERT_EQ(run.lines.size(), 2u);
    Game game(Position::start(kN));
    ASSERT_TRUE(game.play(parseMove("f1-d3/g6", kN)));
    expectLegalAnswer(game, run.lines[0]);
}

TEST(BotzoneFront, WithoutKeepRunningNoMarker) {
    const BotzoneRun run = runBotzone("1\n-1 -1 -1 -1 -1 -1\n", false);
    ASSERT_EQ(run.lines.size(), 1u);
}

TEST(BotzoneFront, JsonInputGetsAJsonAnswer) {
    const BotzoneRun run =
        runBotzone(R"(  {"requests":[{"x0":5,"y0":0,"x1":3,"y1":2,"x2":6,"y2":5}],"responses":[],)"
                   R"("data":"","time_limit":1})"
                   "\n");
    ASSERT_EQ(run.lines.size(), 2u);
    const auto j = nlohmann::json::parse(run.lines[0]);
    ASSERT_TRUE(j.contains("response"));
    const auto& r = j["response"];
    const std::string line =
        std::to_string(r["x0"].get<int>()) + " " + std::to_string(r["y0"].get<int>()) + " " +
        std::to_string(r["x1"].get<int>()) + " " + std::to_string(r["y1"].get<int>()) + " " +
        std::to_string(r["x2"].get<int>()) + " " + std::to_string(r["y2"].get<int>());
    Game game(Position::start(kN));
    ASSERT_TRUE(game.play(parseMove("f1-d3/g6", kN)));
    expectLegalAnswer(game, line);
    EXPECT_EQ(run.lines[1], kMarker);
}

TEST(BotzoneFront, KeepRunningAnswersEachLaterRequest) {
    // Turn 1 as the first mover, then the opponent's replies one line at a time (blank lines,
    // such as Botzone's data lines, are skipped). Each reply answers our previous answer, so the
    // test plays them on its own copy of the game.
    std::string input = "1\n-1 -1 -1 -1 -1 -1\n\n";
    Game game(Position::start(kN));
    std::string firstAnswer;
    {
        const BotzoneRun first = runBotzone(input, true, 30);
        ASSERT_EQ(first.lines.size(), 2u);
        firstAnswer = first.lines[0];
    }
    expectLegalAnswer(game, firstAnswer);
    // One thread, the same seed and a visit cap give the same first answer, so the reply fits.
    MoveList replies;
    game.position().generateMoves(replies);
    Game mirror = game;
    mirror.play(replies.back());
    input += formatBotzoneMove(fromMove(replies.back())) + "\n";
    const BotzoneRun run = runBotzone(input, true, 30);
    ASSERT_EQ(run.lines.size(), 4u) << run.err;
    EXPECT_EQ(run.lines[0], firstAnswer);
    EXPECT_EQ(run.lines[3], kMarker);
    expectLegalAnswer(mirror, run.lines[2]);
    EXPECT_TRUE(run.err.empty()) << run.err;
}

TEST(BotzoneFront, KeepRunningAcceptsAJsonMoveObject) {
    const BotzoneRun run = runBotzone(
        R"({"requests":[{"x0":-1,"y0":-1,"x1":-1,"y1":-1,"x2":-1,"y2":-1}],"responses":[]})"
        "\n"
        R"({"x0":0,"y0":5,"x1":0,"y1":3,"x2":1,"y2":4})"
        "\n");
    ASSERT_EQ(run.lines.size(), 4u) << run.err;
    EXPECT_TRUE(nlohmann::json::parse(run.lines[2]).contains("response"));
}

// A seeded random game to its end: the loser is to move with no legal move.
Game randomFinishedGame(uint64_t seed) {
    Game game(Position::start(kN));
    std::mt19937_64 rng(seed);
    MoveList moves;
    while (!game.isOver()) {
        game.position().generateMoves(moves);
        game.play(moves[rng() % moves.size()]);
    }
    return game;
}

// The simple-interaction input that puts the side to move of game on turn, as Botzone gives it.
std::string simpleInputFor(const Game& game) {
    const Color us = game.position().sideToMove();
    std::vector<std::string> requests, responses;
    if (us == Color::White) requests.push_back("-1 -1 -1 -1 -1 -1");
    for (size_t i = 0; i < game.moves().size(); ++i) {
        const std::string line = formatBotzoneMove(fromMove(game.moves()[i]));
        (game.movers()[i] == us ? responses : requests).push_back(line);
    }
    std::string input = std::to_string(requests.size()) + "\n";
    for (size_t i = 0; i < requests.size(); ++i) {
        input += requests[i] + "\n";
        if (i < responses.size()) input += responses[i] + "\n";
    }
    return input;
}

TEST(BotzoneFront, NoLegalMoveGivesTheNoMoveLine) {
    for (uint64_t seed : {1, 2}) {
        const Game game = randomFinishedGame(seed);
        const BotzoneRun run = runBotzone(simpleInputFor(game));
        ASSERT_EQ(run.lines.size(), 2u) << run.err;
        EXPECT_EQ(run.lines[0], "-1 -1 -1 -1 -1 -1");
        EXPECT_TRUE(run.err.empty()) << run.err;
    }
}

TEST(BotzoneFront, ALateTurnHistoryIsRebuilt) {
    // A game cut before its end: the full history of a late turn gives a legal answer.
    Game game = randomFinishedGame(7);
    while (game.moves().size() > 30)
        game.undo();
    const BotzoneRun run = runBotzone(simpleInputFor(game));
    ASSERT_EQ(run.lines.size(), 2u) << run.err;
    EXPECT_TRUE(run.err.empty()) << run.err;
    expectLegalAnswer(game, run.lines[0]);
}

TEST(BotzoneFront, BadInputGetsADiagnosticAndStillALegalAnswer) {
    struct Case {
        const char* input;
        const char* diagnostic;
    };
    const Case cases[] = {
        {R"({"requests":[{"x0":-1,"y0":-1,)", "bad JSON"},
        {R"({"requests": nonsense})", "bad JSON"},
        {"3\n-1 -1 -1 -1 -1 -1\n5 0 3 2 6 5\n", "ended after 2 of 5"},
        {"0\n-1 -1 -1 -1 -1 -1\n", "turn count 0"},
        {"2\n-1 -1 -1 -1 -1 -1\n5 0 3 2 6 5\n5 0 5 1 5 2\n", "illegal"},
        {"1\n1 2 3\n", "unreadable"},
        {"1\n-1 -1 -1 -1 -1 -1\nhello\n", "unreadable request line: hello"},
        {"1\n-1 -1 -1 -1 -1 -1\n7 7 7 7 7 7\n", "illegal"},
    };
    for (const Case& c : cases) {
        const BotzoneRun run = runBotzone(c.input);
        EXPECT_EQ(run.code, 0) << c.input;
        EXPECT_NE(run.err.find(c.diagnostic), std::string::npos) << c.input << "\n" << run.err;
        ASSERT_GE(run.lines.size(), 2u) << c.input;
        // Every answer is six numbers on the board, or JSON.
        for (size_t i = 0; i < run.lines.size(); i += 2) {
            const std::string& line = run.lines[i];
            if (line[0] == '{') {
                EXPECT_TRUE(nlohmann::json::parse(line).contains("response")) << line;
            } else {
                const auto m = parseBotzoneMove(line);
                ASSERT_TRUE(m.has_value()) << line;
                EXPECT_TRUE(toMove(*m).has_value()) << c.input << " -> " << line;
            }
            EXPECT_EQ(run.lines[i + 1], kMarker);
        }
    }
}

TEST(BotzoneFront, EmptyInputEndsQuietly) {
    const BotzoneRun run = runBotzone("\n\n");
    EXPECT_EQ(run.code, 0);
    EXPECT_TRUE(run.lines.empty());
}

// ---- The opening book ----

const std::string kFirstMover = "1\n-1 -1 -1 -1 -1 -1\n";
const std::string kFirstMoverJson =
    R"({"requests":[{"x0":-1,"y0":-1,"x1":-1,"y1":-1,"x2":-1,"y2":-1}],"responses":[]})"
    "\n";

// A book entry at pos whose one move is clearly sound for the default policy.
BookEntry soundEntry(const Position& pos, const std::string& move) {
    BookEntry e;
    e.position = pos;
    e.searchVisits = 2000;
    e.moves.push_back(BookMove{parseMove(move, pos.width()), 1500, 0.6f, 0.6f});
    return e;
}

// An 8x8 book with White's first move c1-c4/f4 and, after Black's f8-f5/c5, White's h3-h4/g5.
Book smallBook() {
    Book book(kN);
    Game game(Position::start(kN));
    book.store(soundEntry(game.position(), "c1-c4/f4"));
    game.play(parseMove("c1-c4/f4", kN));
    game.play(parseMove("f8-f5/c5", kN));
    book.store(soundEntry(game.position(), "h3-h4/g5"));
    return book;
}

std::string botzoneLine(const std::string& move) {
    return formatBotzoneMove(fromMove(parseMove(move, kN)));
}

TEST(BotzoneBook, FirstTurnAsWhitePlaysTheBookMove) {
    const Book book = smallBook();
    BotzoneOptions options = testOptions();
    options.book = &book;
    const BotzoneRun run = runBotzoneWith(kFirstMover, testConfig(), options);
    ASSERT_EQ(run.lines.size(), 2u) << run.err;
    EXPECT_EQ(run.lines[0], botzoneLine("c1-c4/f4"));
    EXPECT_NE(run.err.find("botzone: book move c1-c4/f4"), std::string::npos) << run.err;
}

TEST(BotzoneBook, JsonDebugSaysItWasABookMove) {
    const Book book = smallBook();
    BotzoneOptions options = testOptions();
    options.book = &book;
    const BotzoneRun run = runBotzoneWith(kFirstMoverJson, testConfig(), options);
    ASSERT_EQ(run.lines.size(), 2u) << run.err;
    const auto j = nlohmann::json::parse(run.lines[0]);
    EXPECT_EQ(j["debug"].get<std::string>().rfind("book move c1-c4/f4 visits 1500 value 0.6", 0),
              0u)
        << run.lines[0];
}

TEST(BotzoneBook, OutOfBookOrWithoutABookItSearches) {
    const Book book = smallBook();
    // As Black after a White move the book does not have.
    const std::string json =
        R"({"requests":[{"x0":5,"y0":0,"x1":3,"y1":2,"x2":6,"y2":5}],"responses":[]})"
        "\n";
    for (const Book* b : {&book, static_cast<const Book*>(nullptr)}) {
        BotzoneOptions options = testOptions();
        options.book = b;
        const BotzoneRun run = runBotzoneWith(b ? json : kFirstMoverJson, testConfig(), options);
        ASSERT_EQ(run.lines.size(), 2u) << run.err;
        const std::string debug = nlohmann::json::parse(run.lines[0])["debug"];
        EXPECT_EQ(debug.rfind("visits ", 0), 0u) << debug;
        EXPECT_TRUE(run.err.empty()) << run.err;
    }
}

TEST(BotzoneBook, OnlyTheMctsPlayerUsesTheBook) {
    const Book book = smallBook();
    BotzoneOptions options = testOptions();
    options.book = &book;
    EngineConfig config = testConfig();
    config.player = "greedy";
    const BotzoneRun run = runBotzoneWith(kFirstMover, config, options);
    ASSERT_EQ(run.lines.size(), 2u) << run.err;
    EXPECT_EQ(run.err.find("book move"), std::string::npos) << run.err;
}

TEST(BotzoneBook, ABookOfAnotherSizeIsIgnored) {
    Book book(10);
    book.store(soundEntry(Position::start(10), "d1-d5/f3"));
    BotzoneOptions options = testOptions();
    options.book = &book;
    const BotzoneRun run = runBotzoneWith(kFirstMover, testConfig(), options);
    ASSERT_EQ(run.lines.size(), 2u) << run.err;
    Game game(Position::start(kN));
    expectLegalAnswer(game, run.lines[0]);
    EXPECT_NE(run.err.find("the book is for 10x10, not 8x8; playing without it"), std::string::npos)
        << run.err;
    EXPECT_EQ(run.err.find("book move"), std::string::npos) << run.err;
}

TEST(BotzoneBook, KeepRunningGoesOnFromBookMovesToSearches) {
    // Two book moves in a row, then a search of the game that continued from them.
    const Book book = smallBook();
    BotzoneOptions options = testOptions(30);
    options.book = &book;
    Game game(Position::start(kN));
    game.play(parseMove("c1-c4/f4", kN));
    game.play(parseMove("f8-f5/c5", kN));
    game.play(parseMove("h3-h4/g5", kN));
    MoveList replies;
    game.position().generateMoves(replies);
    game.play(replies.front());
    const std::string input = kFirstMover + botzoneLine("f8-f5/c5") + "\n" +
                              formatBotzoneMove(fromMove(replies.front())) + "\n";
    const BotzoneRun run = runBotzoneWith(input, testConfig(), options);
    ASSERT_EQ(run.lines.size(), 6u) << run.err;
    EXPECT_EQ(run.lines[0], botzoneLine("c1-c4/f4"));
    EXPECT_EQ(run.lines[2], botzoneLine("h3-h4/g5"));
    expectLegalAnswer(game, run.lines[4]);
    EXPECT_EQ(run.lines[5], kMarker);
    EXPECT_EQ(run.err,
              "botzone: book move c1-c4/f4 visits 1500 value 0.6000\n"
              "botzone: book move h3-h4/g5 visits 1500 value 0.6000\n");
}

TEST(BotzoneBook, TheShippedBookAnswersTheFirstTurn) {
    std::ostringstream err;
    const auto book =
        loadBotzoneBook(std::string(HIPPOLYTA_SOURCE_DIR) + "/opening-book/books/8x8.book", err);
    ASSERT_NE(book, nullptr) << err.str();
    EXPECT_TRUE(err.str().empty()) << err.str();
    const auto entry = book->lookup(Position::start(kN));
    ASSERT_TRUE(entry.has_value());
    BotzoneOptions options = testOptions();
    options.book = book.get();
    const BotzoneRun run = runBotzoneWith(kFirstMover, testConfig(), options);
    ASSERT_EQ(run.lines.size(), 2u) << run.err;
    EXPECT_NE(run.err.find("botzone: book move"), std::string::npos) << run.err;
    bool inEntry = false;
    for (const BookMove& bm : entry->moves)
        inEntry = inEntry || run.lines[0] == formatBotzoneMove(fromMove(bm.move));
    EXPECT_TRUE(inEntry) << run.lines[0];
}

TEST(BotzoneBook, Base64DecodesTheStandardVectors) {
    const std::pair<std::string, std::string> vectors[] = {
        {"", ""},
        {"Zg==", "f"},
        {"Zm8=", "fo"},
        {"Zm9v", "foo"},
        {"Zm9vYg==", "foob"},
        {"Zm9vYmE=", "fooba"},
        {"Zm9v\n YmFy\r\n", "foobar"},
        {"/+8A", std::string("\xff\xef\0", 3)},
    };
    for (const auto& [text, bytes] : vectors)
        EXPECT_EQ(decodeBase64(text), bytes) << text;
    for (const char* bad : {"Zm9", "Z", "Zm9v=", "Zg=a", "Zg===", "Zm9v!A==", "Zg=\"\""})
        EXPECT_EQ(decodeBase64(bad), std::nullopt) << bad;
}

// Base64 of bytes, for checking the decoder on a whole book.
std::string encodeBase64(const std::string& bytes) {
    const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (size_t i = 0; i < bytes.size(); i += 3) {
        uint32_t v = static_cast<unsigned char>(bytes[i]) << 16;
        if (i + 1 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
        if (i + 2 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 2]);
        for (size_t k = 0; k < 4; ++k)
            out += i + k <= bytes.size() ? digits[v >> (18 - 6 * k) & 63] : '=';
        if ((i / 3 + 1) % 25 == 0) out += '\n';  // line breaks, as in the embedded text
    }
    return out;
}

TEST(BotzoneBook, EmbeddedBooksDecodeOrAreRefused) {
    const Book book = smallBook();
    std::ostringstream err;
    const auto back = embeddedBotzoneBook(encodeBase64(serializeBook(book)), err);
    ASSERT_NE(back, nullptr) << err.str();
    EXPECT_EQ(back->entries(), book.entries());
    EXPECT_TRUE(err.str().empty()) << err.str();

    struct Case {
        std::string base64;
        const char* diagnostic;
    };
    Book tenByTen(10);
    tenByTen.store(soundEntry(Position::start(10), "d1-d5/f3"));
    std::string damaged = serializeBook(book);
    damaged[damaged.size() - 5] ^= 1;
    const Case cases[] = {
        {"not base64!", "the embedded book is not valid base64; playing without a book"},
        {encodeBase64("foobar"), "the embedded book: not a Hippolyta book"},
        {encodeBase64(damaged), "checksum mismatch"},
        {encodeBase64(serializeBook(tenByTen)), "is a 10x10 book, not 8x8"},
    };
    for (const Case& c : cases) {
        std::ostringstream e;
        EXPECT_EQ(embeddedBotzoneBook(c.base64, e), nullptr) << c.diagnostic;
        EXPECT_NE(e.str().find(c.diagnostic), std::string::npos) << e.str();
    }
    std::ostringstream e;
    EXPECT_EQ(loadBotzoneBook("/nonexistent/8x8.book", e), nullptr);
    EXPECT_NE(e.str().find("no such file"), std::string::npos) << e.str();
}

}  // namespace
}  // namespace hippolyta
