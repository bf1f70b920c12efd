// The pattern prior's file: one board size class's weights (pattern_prior.h), in a versioned
// text file with a checksum, like the weights file (weights_file.h):
//
//   hippolyta-pattern-prior 1
//   # comment lines: how the file was made (command, data, seed)
//   boards small                  (small: boards up to 8 wide; large: wider ones)
//   prior.arrow.class3 0.25       (the scalar weights, by name; all of them)
//   pattern.from_to2 -0.5
//   land ..#o.x.. 0.125           (a pattern class by its smallest ring code, pattern_prior.h's
//   arrow o.......  -0.75          ringText; classes left out weigh 0)
//   checksum 89ab01cd23ef4567
//
// A file with another first line, another version, a missing or repeated name, a ring that is
// not its class's smallest code, a malformed or out-of-range value or a wrong or missing
// checksum is refused whole (CheckedTextError, engine/core/checked_text.h, says why). Pure
// text in, text out.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/search/pattern_prior.h"

namespace hippolyta {

constexpr int kPatternPriorFormatVersion = 1;

struct PatternPriorFile {
    std::vector<std::string> comments;  // without the leading "# "
    bool large = true;                  // which board size class
    PatternWeights weights = zeroPatternWeights();
};

// Parses and checks a file's text; `name` is for messages. Throws CheckedTextError.
PatternPriorFile parsePatternPrior(std::string_view text, const std::string& name);
// The file's text, checksum line included.
std::string formatPatternPrior(const PatternPriorFile& file);

// The packed form of the weights, for compiling them in: every weight in PatternLayout's order,
// separated by spaces, each in the fewest digits that read back as it, and a run of N zero
// weights (most of the pattern classes) as "zN". About a third of the file's size, which counts
// in the Botzone single file. unpackPatternWeights() throws CheckedTextError unless it gets
// exactly PatternLayout::kCount weights, each within the file's limits.
std::string packPatternWeights(const PatternWeights& weights);
PatternWeights unpackPatternWeights(std::string_view packed);

// The compiled-in weights: the committed files engine/weights/pattern8.prior (small) and
// pattern10.prior (large), packed (pattern_prior_data.cpp, tools/embed-pattern-prior.sh).
PatternPriors builtInPatternPriors();
// The packed weights of one file ("" in a build without them).
std::string_view builtInPackedPatternPrior(bool large);

}  // namespace hippolyta
