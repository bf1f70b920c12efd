// hippolyta-studio: play and analyse Amazons in the browser (docs/studio.md). A local HTTP and
// WebSocket server for the page in share/hippolyta/studio; the engines are GTP child processes.
#include <iostream>
#include <regex>

#include "adapters/process/child_process.h"
#include "adapters/studio/static_files.h"
#include "adapters/studio/studio_launch.h"
#include "adapters/studio/studio_server.h"
#include "protocol/data_files.h"
#include "tools/common/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

namespace {

StudioEngine parseEngine(const std::string& text) {
    static const std::regex form("([A-Za-z0-9_.-]{1,32})=(.+)");
    std::smatch m;
    if (!std::regex_match(text, m, form))
        throw UsageError(
            "--engine wants NAME=COMMAND (NAME: letters, digits, '-', '_', '.'), got '" + text +
            "'");
    return {m[1], m[2], ""};
}

void parseListen(const std::string& text, StudioServerOptions& o) {
    const std::size_t colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == text.size())
        throw UsageError("--listen wants ADDR:PORT, got '" + text + "'");
    std::string address = text.substr(0, colon);
    if (address.front() == '[' && address.back() == ']')
        address = address.substr(1, address.size() - 2);
    o.address = address;
    try {
        const int port = std::stoi(text.substr(colon + 1));
        if (port < 0 || port > 65535) throw std::out_of_range("port");
        o.port = static_cast<unsigned short>(port);
    } catch (const std::exception&) {
        throw UsageError("--listen: bad port in '" + text + "'");
    }
}

// The default engine: hippolyta beside this program (however it was started), else on PATH.
// When there is none, the engine's entry says where it looked, for stderr and the page.
StudioEngine defaultEngine() {
    std::vector<std::string> looked;
    if (const auto path = findCompanionProgram("hippolyta", &looked))
        return {"hippolyta", "exec " + shellQuote(*path), ""};
    const std::string beside = executableDirectory();
    std::string onPath;
    for (const std::string& dir : looked)
        if (dir != beside) onPath += (onPath.empty() ? "" : ", ") + dir;
    return {"hippolyta", "",
            "the engine program hippolyta was not found beside hippolyta-studio (in " +
                (beside.empty() ? std::string("an unknown folder") : beside) + ") nor on PATH (" +
                (onPath.empty() ? std::string("no other folder") : onPath) +
                "); name it with --engine hippolyta=COMMAND"};
}

}  // namespace

int main(int argc, char** argv) {
    StudioServerOptions server;
    StudioOptions session;
    DesktopOptions desktop;
    int port = 8765;
    std::string listen, pageDir;
    std::vector<std::string> engines;
    ToolOptions cli("hippolyta-studio",
                    "Usage: hippolyta-studio [options]\n"
                    "Play and analyse Amazons in the browser: serves the Studio page on this "
                    "computer and plays GTP engines (docs/studio.md). If a Studio already runs "
                    "on the port, prints its address (and with --open opens it) and exits.\n"
                    "Options");
    // clang-format off
    cli.add()
        ("open", po::bool_switch(&desktop.open),
            "start the browser at the Studio's address (xdg-open); if a Studio already runs on "
            "the port, open that one")
        ("port", po::value(&port)->default_value(port)->value_name("N"),
            "port on 127.0.0.1 (0: any free port; the printed URL says which)")
        ("listen", po::value(&listen)->value_name("ADDR:PORT"),
            "listen on another address instead (other computers can then reach the Studio)")
        ("engine", po::value(&engines)->value_name("NAME=CMD"),
            "a GTP Amazons engine the page may play, run by /bin/sh (repeatable); the default, "
            "hippolyta (the program beside this one, else on PATH), comes first and analyses")
        ("page-dir", po::value(&pageDir)->value_name("DIR"),
            "the page's files (default: studio in the data directories)")
        ("engine-stderr", po::bool_switch(&session.engineStderr),
            "pass the engines' stderr (their logs) to ours")
        ("command-timeout", po::value(&session.commandTimeout)->default_value(session.commandTimeout)
            ->value_name("S"), "seconds an engine may take to answer any command but a move")
        ("move-timeout", po::value(&session.moveTimeout)->default_value(session.moveTimeout)
            ->value_name("S"), "seconds an engine may take for a move beyond its own budget");
    // clang-format on
    const auto check = [&] {
        if (port < 0 || port > 65535) throw UsageError("--port must be 0..65535");
        server.port = static_cast<unsigned short>(port);
        if (!listen.empty()) parseListen(listen, server);
        desktop.listenGiven = !listen.empty();
        session.engines.push_back(defaultEngine());
        for (const std::string& text : engines) {
            StudioEngine e = parseEngine(text);
            auto same = std::find_if(session.engines.begin(), session.engines.end(),
                                     [&](const StudioEngine& s) { return s.name == e.name; });
            if (same != session.engines.end())
                *same = e;
            else
                session.engines.push_back(e);
        }
        if (session.commandTimeout <= 0 || session.moveTimeout <= 0)
            throw UsageError("timeouts must be positive");
    };
    return runTool(cli, argc, argv, check, [&] {
        std::string searched;
        const std::optional<std::string> dir = findStudioDirectory(pageDir, &searched);
        if (!dir) throw std::runtime_error("the page (studio/index.html) not found in " + searched);
        server.studioDir = *dir;
        for (const StudioEngine& e : session.engines)
            if (!e.missing.empty()) std::cerr << "hippolyta-studio: " << e.missing << std::endl;
        return serveStudio(server, session, desktop);
    });
}
