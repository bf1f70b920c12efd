// A second start of hippolyta-studio on a port that is taken: is a Studio there (then the user
// gets its address), or another program (then a clear message and a free port to use)? The
// server answers GET kStudioIdentityPath with studioIdentity(); probePort() asks for it.
#pragma once

#include <chrono>
#include <stdexcept>
#include <string>

namespace hippolyta {

// Thrown by StudioServer when its address and port are taken (bind: address in use).
class StudioPortInUse : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The identity route: a path no page file can have (no dot-names, see static_files.h).
inline constexpr const char* kStudioIdentityPath = "/.hippolyta-studio";
// Its body: "Hippolyta Studio\n".
std::string studioIdentity();
// True for an answer to the identity route that comes from a Studio.
bool isStudioAnswer(unsigned status, const std::string& body);

// Who holds a port: a Studio, something else (an answer that is not a Studio's, no answer in
// time, or not HTTP at all), or nobody (the connection is refused).
enum class PortHolder { studio, other, nobody };
const char* portHolderName(PortHolder holder);

// Asks ADDRESS:PORT for the identity route; the whole exchange within `limit`. Blocks.
PortHolder probePort(const std::string& address, unsigned short port,
                     std::chrono::milliseconds limit);

// The address a client reaches a listening address at: the wildcard 0.0.0.0 as 127.0.0.1 and
// :: as ::1, any other as it is.
std::string reachableAddress(const std::string& listenAddress);
// http://ADDRESS:PORT/, an IPv6 address in brackets (as StudioServer::url()).
std::string studioUrl(const std::string& address, unsigned short port);

// A port that `address` can listen on now: the first free one of the 20 above `taken`, else
// any free one. 0 when none can be bound at all.
unsigned short freePortNear(const std::string& address, unsigned short taken);

// "port N is in use by another program; start with --port M", or, when the user gave
// --listen, "... start with --listen ADDR:M".
std::string portInUseMessage(unsigned short port, unsigned short suggestion,
                             const std::string& listenAddress, bool listenGiven);

}  // namespace hippolyta
