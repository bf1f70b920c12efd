// A network's ownership head scored on self-play squares as the territory model is
// (territory_fit.h): the side right on the empty squares that ended owned.
#pragma once

#include <string>
#include <vector>

#include "adapters/training/territory_fit.h"

namespace hippolyta {

class Network;

// Only the sign accuracy (and the counts) are filled: the head gives no third outcome.
OwnershipScore scoreNetOwnership(const Network& net, const std::vector<std::string>& files,
                                 TerritoryBoard board);

}  // namespace hippolyta
