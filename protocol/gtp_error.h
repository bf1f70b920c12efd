// The failure a GTP handler throws: the session answers `?id message` and keeps its state.
#pragma once

#include <stdexcept>

namespace hippolyta {

class GtpError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace hippolyta
