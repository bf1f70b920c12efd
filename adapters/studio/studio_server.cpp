#include "adapters/studio/studio_server.h"

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <condition_variable>
#include <csignal>
#include <deque>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "adapters/studio/static_files.h"
#include "adapters/studio/studio_probe.h"

namespace hippolyta {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using Json = nlohmann::json;
using Text = std::shared_ptr<const std::string>;

namespace {

constexpr std::size_t kMaxHeaderBytes = 8 * 1024;
constexpr std::size_t kMaxRequestBody = 8 * 1024;
constexpr std::size_t kMaxStaticFile = 16 << 20;

Text errorText(const std::string& code, const std::string& message) {
    return std::make_shared<const std::string>(
        Json{{"type", "error"}, {"code", code}, {"message", message}}.dump());
}

// ASCII lower case: ::tolower of a negative char (a header byte >= 0x80) is undefined.
std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

}  // namespace

// Messages from the pages for the session's thread, with a cap on each page's share.
class StudioInbox {
  public:
    bool push(int client, std::string text, std::size_t cap) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (pending_[client] >= cap) return false;
        ++pending_[client];
        items_.emplace_back(client, std::move(text));
        ready_.notify_one();
        return true;
    }
    // Waits up to `wait` for a message or a wake(); nothing on timeout, wake or when stopping.
    std::optional<std::pair<int, std::string>> pop(std::chrono::milliseconds wait) {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait_for(lock, wait, [&] { return stopping_ || woken_ || !items_.empty(); });
        woken_ = false;
        if (stopping_ || items_.empty()) return std::nullopt;
        auto item = std::move(items_.front());
        items_.pop_front();
        if (--pending_[item.first] == 0) pending_.erase(item.first);
        return item;
    }
    // The number of pages connected changed: the session's thread is told at once.
    void setPages(int pages) {
        std::lock_guard<std::mutex> lock(mutex_);
        pages_ = pages;
        woken_ = true;
        ready_.notify_one();
    }
    int pages() {
        std::lock_guard<std::mutex> lock(mutex_);
        return pages_;
    }
    // An engine wrote something: the session's thread takes it now, not at its next tick.
    void wake() {
        std::lock_guard<std::mutex> lock(mutex_);
        woken_ = true;
        ready_.notify_one();
    }
    void stop() {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
        ready_.notify_all();
    }
    bool stopping() {
        std::lock_guard<std::mutex> lock(mutex_);
        return stopping_;
    }

  private:
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::pair<int, std::string>> items_;
    std::map<int, std::size_t> pending_;
    bool stopping_ = false;
    bool woken_ = false;
    int pages_ = 0;
};

class WsConnection;

struct StudioServer::Impl {
    StudioServerOptions opt;
    StudioOptions sessionOptions;
    net::io_context ioc{1};
    tcp::acceptor acceptor{ioc};
    unsigned short boundPort = 0;
    std::vector<std::string> origins;
    std::map<int, std::weak_ptr<WsConnection>> clients;  // the network thread's
    int nextClient = 0;
    StudioInbox inbox;
    bool stopping = false;                       // the network thread's
    std::optional<net::signal_set> stopSignals;  // SIGINT and SIGTERM, once caught

    void accept();
    bool originAllowed(const std::string& origin) const;
    int add(const std::shared_ptr<WsConnection>& c) {
        clients[nextClient] = c;
        inbox.setPages(static_cast<int>(clients.size()));
        return nextClient++;
    }
    void remove(int id) {
        clients.erase(id);
        inbox.setPages(static_cast<int>(clients.size()));
    }
    void deliver(const Recipients& to, const Text& text);
    void sessionLoop();
    void shutdownNetwork();
};

class WsConnection : public std::enable_shared_from_this<WsConnection> {
  public:
    WsConnection(tcp::socket socket, StudioServer::Impl& server)
        : ws_(std::move(socket)), server_(server), tokens_(server.opt.burst) {}

    void accept(http::request<http::string_body> req) {
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.read_message_max(server_.opt.closeFrameBytes);
        ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) {
            if (ec || self->server_.stopping) return;
            self->id_ = self->server_.add(self);
            self->read();
        });
    }

    void send(const Text& text) {
        if (closed_) return;
        if (out_.size() >= server_.opt.maxOutgoingPerConnection) {
            std::cerr << "hippolyta-studio: a page reads no more of its messages: dropped\n";
            closed_ = true;
            beast::get_lowest_layer(ws_).close();
            return;
        }
        out_.push_back(text);
        if (out_.size() == 1) writeNext();
    }

    void close() {
        if (closed_) return;
        closed_ = true;
        ws_.async_close(websocket::close_code::going_away,
                        [self = shared_from_this()](beast::error_code) {});
    }

  private:
    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            self->onRead(ec);
        });
    }

    void onRead(beast::error_code ec) {
        if (ec) {  // closed, or a frame over the hard cap (Beast closes with 1009)
            closed_ = true;
            server_.remove(id_);
            return;
        }
        std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        if (!ws_.got_text())
            send(errorText("bad_message", "binary frames are not accepted"));
        else if (text.size() > server_.opt.maxFrameBytes)
            send(errorText("too_large", "message of " + std::to_string(text.size()) +
                                            " bytes, over the cap of " +
                                            std::to_string(server_.opt.maxFrameBytes)));
        else if (!takeToken())
            send(errorText("rate_limited", "too many messages: slow down"));
        else if (!server_.inbox.push(id_, std::move(text), server_.opt.maxQueuedPerConnection))
            send(errorText("rate_limited", "too many messages waiting: slow down"));
        read();
    }

    bool takeToken() {
        const auto now = std::chrono::steady_clock::now();
        const double elapsed = std::chrono::duration<double>(now - last_).count();
        last_ = now;
        tokens_ = std::min(server_.opt.burst, tokens_ + elapsed * server_.opt.messagesPerSecond);
        if (tokens_ < 1) return false;
        tokens_ -= 1;
        return true;
    }

    void writeNext() {
        ws_.text(true);
        ws_.async_write(net::buffer(*out_.front()),
                        [self = shared_from_this()](beast::error_code ec, std::size_t) {
                            self->out_.pop_front();
                            if (ec) {
                                self->closed_ = true;
                                self->out_.clear();
                                return;
                            }
                            if (!self->out_.empty()) self->writeNext();
                        });
    }

    websocket::stream<beast::tcp_stream> ws_;
    StudioServer::Impl& server_;
    beast::flat_buffer buffer_;
    std::deque<Text> out_;
    int id_ = -1;
    bool closed_ = false;
    double tokens_;
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

class HttpConnection : public std::enable_shared_from_this<HttpConnection> {
  public:
    HttpConnection(tcp::socket socket, StudioServer::Impl& server)
        : stream_(std::move(socket)), server_(server) {}

    void read() {
        parser_.emplace();
        parser_->header_limit(kMaxHeaderBytes);
        parser_->body_limit(kMaxRequestBody);
        stream_.expires_after(std::chrono::seconds(30));
        http::async_read(
            stream_, buffer_, *parser_,
            [self = shared_from_this()](beast::error_code ec, std::size_t) { self->onRead(ec); });
    }

  private:
    void onRead(beast::error_code ec) {
        if (ec == http::error::header_limit || ec == http::error::body_limit)
            return reply(http::status::payload_too_large, "request too large\n", true);
        if (ec == http::error::end_of_stream || ec) return closeSocket();
        http::request<http::string_body> req = parser_->release();
        if (websocket::is_upgrade(req)) return upgrade(std::move(req));
        if (req.method() != http::verb::get && req.method() != http::verb::head)
            return reply(http::status::method_not_allowed, "GET only\n", true);
        // A second start asks what holds its port (studio_probe.h).
        if (req.method() == http::verb::get && req.target() == kStudioIdentityPath)
            return reply(http::status::ok, studioIdentity(), !req.keep_alive());
        const std::optional<std::string> name =
            staticFileName(std::string_view(req.target().data(), req.target().size()));
        std::optional<std::string> body;
        if (name) body = readStaticFile(server_.opt.studioDir, *name, kMaxStaticFile);
        if (!body) return reply(http::status::not_found, "not found\n", !req.keep_alive());
        auto res =
            std::make_shared<http::response<http::string_body>>(http::status::ok, req.version());
        res->set(http::field::content_type, contentType(*name));
        res->set(http::field::cache_control, "no-cache");
        res->set("X-Content-Type-Options", "nosniff");
        res->keep_alive(req.keep_alive());
        if (req.method() == http::verb::head) {
            res->content_length(body->size());
        } else {
            res->body() = std::move(*body);
            res->prepare_payload();
        }
        write(res, !req.keep_alive());
    }

    void upgrade(http::request<http::string_body> req) {
        if (req.target() != "/ws") return reply(http::status::not_found, "not found\n", true);
        const std::string origin(req[http::field::origin]);
        if (!server_.originAllowed(origin)) {
            std::cerr << "hippolyta-studio: WebSocket from origin '" << origin.substr(0, 80)
                      << "' refused\n";
            return reply(http::status::forbidden, "cross-origin WebSocket refused\n", true);
        }
        stream_.expires_never();
        std::make_shared<WsConnection>(stream_.release_socket(), server_)->accept(std::move(req));
    }

    void reply(http::status status, const std::string& text, bool close) {
        auto res = std::make_shared<http::response<http::string_body>>(status, 11);
        res->set(http::field::content_type, "text/plain; charset=utf-8");
        res->body() = text;
        res->keep_alive(!close);
        res->prepare_payload();
        write(res, close);
    }

    void write(const std::shared_ptr<http::response<http::string_body>>& res, bool close) {
        http::async_write(
            stream_, *res,
            [self = shared_from_this(), res, close](beast::error_code ec, std::size_t) {
                if (ec || close) return self->closeSocket();
                self->read();
            });
    }

    void closeSocket() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    }

    beast::tcp_stream stream_;
    StudioServer::Impl& server_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
};

void StudioServer::Impl::accept() {
    acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
        if (stopping) return;
        if (!ec) {
            // Small messages go out at once: Nagle's delay meets the browser's delayed ACK
            // (40 ms per answer otherwise).
            beast::error_code ignored;
            socket.set_option(tcp::no_delay(true), ignored);
            std::make_shared<HttpConnection>(std::move(socket), *this)->read();
        }
        accept();
    });
}

bool StudioServer::Impl::originAllowed(const std::string& origin) const {
    return std::find(origins.begin(), origins.end(), lower(origin)) != origins.end();
}

void StudioServer::Impl::deliver(const Recipients& to, const Text& text) {
    for (auto it = clients.begin(); it != clients.end();) {
        const std::shared_ptr<WsConnection> c = it->second.lock();
        if (!c) {
            it = clients.erase(it);
            inbox.setPages(static_cast<int>(clients.size()));
            continue;
        }
        if (to.includes(it->first)) c->send(text);
        ++it;
    }
}

// The session's thread: the pages' messages in order, and tick() between them and whenever an
// engine wrote something.
void StudioServer::Impl::sessionLoop() {
    const auto send = [this](const Recipients& to, const Json& message) {
        // Text from engines or pages may hold broken UTF-8: replaced, never thrown.
        Text text = std::make_shared<const std::string>(
            message.dump(-1, ' ', false, Json::error_handler_t::replace));
        net::post(ioc, [this, to, text] { deliver(to, text); });
    };
    StudioSession session(sessionOptions, send, [this] { inbox.wake(); });
    // Engines' output and the pages' messages wake the loop; with nothing that has a deadline
    // running it sleeps up to a second between ticks.
    while (!inbox.stopping()) {
        const auto wait = std::chrono::milliseconds(session.active() ? 5 : 1000);
        if (auto item = inbox.pop(wait)) session.handle(item->first, item->second);
        session.setWatchers(inbox.pages());
        session.tick();
    }
    session.shutdown();
}

void StudioServer::Impl::shutdownNetwork() {
    if (stopping) return;
    stopping = true;
    beast::error_code ignored;
    acceptor.close(ignored);
    for (auto& [id, weak] : clients)
        if (auto c = weak.lock()) c->close();
    inbox.stop();
}

StudioServer::StudioServer(StudioServerOptions server, StudioOptions session)
    : impl_(std::make_unique<Impl>()) {
    impl_->opt = std::move(server);
    impl_->sessionOptions = std::move(session);
    beast::error_code ec;
    const net::ip::address address = net::ip::make_address(impl_->opt.address, ec);
    if (ec) throw std::runtime_error("bad address '" + impl_->opt.address + "'");
    const tcp::endpoint endpoint(address, impl_->opt.port);
    auto& acceptor = impl_->acceptor;
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec) {
        const std::string why = "cannot listen on " + impl_->opt.address + ":" +
                                std::to_string(impl_->opt.port) + ": " + ec.message();
        // hippolyta-studio then looks for a Studio on that port (studio_launch.h).
        if (ec == net::error::address_in_use) throw StudioPortInUse(why);
        throw std::runtime_error(why);
    }
    impl_->boundPort = acceptor.local_endpoint().port();
    const std::string port = std::to_string(impl_->boundPort);
    impl_->origins = {"http://127.0.0.1:" + port, "http://localhost:" + port,
                      "http://[::1]:" + port};
    if (!address.is_loopback())
        impl_->origins.push_back(lower("http://" + impl_->opt.address + ":" + port));
}

StudioServer::~StudioServer() = default;

unsigned short StudioServer::port() const {
    return impl_->boundPort;
}

std::string StudioServer::url() const {
    const bool v6 = impl_->opt.address.find(':') != std::string::npos;
    const std::string host = v6 ? "[" + impl_->opt.address + "]" : impl_->opt.address;
    return "http://" + host + ":" + std::to_string(impl_->boundPort) + "/";
}

void StudioServer::catchStopSignals() {
    Impl& s = *impl_;
    if (s.stopSignals) return;
    s.stopSignals.emplace(s.ioc, SIGINT, SIGTERM);
    s.stopSignals->async_wait([this](beast::error_code ec, int) {
        if (!ec) stop();
    });
}

void StudioServer::run() {
    Impl& s = *impl_;
    s.accept();
    auto busy = net::make_work_guard(s.ioc);  // until the session is done with its engines
    std::thread session([&s] {
        s.sessionLoop();
        net::post(s.ioc, [&s] { s.ioc.stop(); });
    });
    s.ioc.run();
    s.inbox.stop();  // ioc.run() may end early only if it failed
    session.join();
    s.stopSignals.reset();  // the signals' default actions again, as before
}

void StudioServer::stop() {
    net::post(impl_->ioc, [this] { impl_->shutdownNetwork(); });
}

}  // namespace hippolyta
