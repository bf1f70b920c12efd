#include "adapters/studio/studio_probe.h"

// Before Asio: Boost 1.74's awaitable.hpp uses std::exchange and leaves <utility> to others.
#include <utility>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace hippolyta {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

namespace {

net::ip::address parseAddress(const std::string& address) {
    beast::error_code ec;
    const net::ip::address ip = net::ip::make_address(address, ec);
    if (ec) throw std::invalid_argument("bad address '" + address + "'");
    return ip;
}

std::string hostPort(const std::string& address, unsigned short port) {
    const bool v6 = address.find(':') != std::string::npos;
    return (v6 ? "[" + address + "]" : address) + ":" + std::to_string(port);
}

// The port an acceptor got on ADDRESS:PORT (PORT 0: any), or 0 when it cannot listen there.
unsigned short tryListen(const net::ip::address& ip, unsigned short port) {
    net::io_context ioc;
    tcp::acceptor acceptor(ioc);
    const tcp::endpoint endpoint(ip, port);
    beast::error_code ec;
    acceptor.open(endpoint.protocol(), ec);
    // As StudioServer does, so that a port it could take counts as free.
    if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(1, ec);
    if (ec) return 0;
    const unsigned short bound = acceptor.local_endpoint(ec).port();
    return ec ? 0 : bound;
}

// One GET of the identity route on a stream, run by the caller's io_context.
class Probe {
  public:
    Probe(net::io_context& ioc, const std::string& address, unsigned short port)
        : stream_(ioc), request_(http::verb::get, kStudioIdentityPath, 11) {
        request_.set(http::field::host, hostPort(address, port));
        request_.keep_alive(false);
        parser_.header_limit(8 * 1024);
        parser_.body_limit(4 * 1024);
    }

    void start(const tcp::endpoint& endpoint, std::chrono::milliseconds limit) {
        stream_.expires_after(limit);  // for the whole exchange
        stream_.async_connect(endpoint, [this](beast::error_code ec) {
            if (ec) {
                holder_ =
                    ec == net::error::connection_refused ? PortHolder::nobody : PortHolder::other;
                return;
            }
            http::async_write(stream_, request_,
                              [this](beast::error_code e, std::size_t) { onWritten(e); });
        });
    }

    PortHolder holder() const { return holder_; }

  private:
    void onWritten(beast::error_code ec) {
        if (ec) return;
        http::async_read(stream_, buffer_, parser_, [this](beast::error_code e, std::size_t) {
            if (e) return;
            const auto& response = parser_.get();
            if (isStudioAnswer(response.result_int(), response.body()))
                holder_ = PortHolder::studio;
        });
    }

    beast::tcp_stream stream_;
    http::request<http::empty_body> request_;
    beast::flat_buffer buffer_;
    http::response_parser<http::string_body> parser_;
    PortHolder holder_ = PortHolder::other;
};

}  // namespace

std::string studioIdentity() {
    return "Hippolyta Studio\n";
}

bool isStudioAnswer(unsigned status, const std::string& body) {
    return status == 200 && body == studioIdentity();
}

const char* portHolderName(PortHolder holder) {
    switch (holder) {
        case PortHolder::studio:
            return "studio";
        case PortHolder::other:
            return "other";
        case PortHolder::nobody:
            return "nobody";
    }
    return "?";
}

PortHolder probePort(const std::string& address, unsigned short port,
                     std::chrono::milliseconds limit) {
    const net::ip::address ip = parseAddress(address);
    net::io_context ioc;
    Probe probe(ioc, address, port);
    probe.start(tcp::endpoint(ip, port), limit);
    ioc.run();
    return probe.holder();
}

std::string reachableAddress(const std::string& listenAddress) {
    const net::ip::address ip = parseAddress(listenAddress);
    if (!ip.is_unspecified()) return listenAddress;
    return ip.is_v6() ? "::1" : "127.0.0.1";
}

std::string studioUrl(const std::string& address, unsigned short port) {
    return "http://" + hostPort(address, port) + "/";
}

unsigned short freePortNear(const std::string& address, unsigned short taken) {
    const net::ip::address ip = parseAddress(address);
    for (unsigned next = taken + 1u; next <= 65535u && next <= taken + 20u; ++next)
        if (const unsigned short port = tryListen(ip, static_cast<unsigned short>(next)))
            return port;
    return tryListen(ip, 0);
}

std::string portInUseMessage(unsigned short port, unsigned short suggestion,
                             const std::string& listenAddress, bool listenGiven) {
    std::string text = "port " + std::to_string(port) + " is in use by another program";
    if (suggestion == 0) return text + "; no free port found to suggest";
    if (listenGiven) return text + "; start with --listen " + hostPort(listenAddress, suggestion);
    return text + "; start with --port " + std::to_string(suggestion);
}

}  // namespace hippolyta
