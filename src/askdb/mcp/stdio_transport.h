// The MCP stdio transport: newline-delimited JSON-RPC messages on an input stream, replies
// and notifications on an output stream (one line each), logs elsewhere (stderr). Calls
// (tools/call, resources/read) each run on their own thread, up to `max_concurrent` at once,
// so that a notifications/cancelled can reach a running one; beyond that reading waits.
// Everything else is handled in order as it is read (initialize before what follows it).
// A line longer than `max_message_bytes` is skipped with a -32600 error. Returns at the end
// of input once the calls still running have answered: a client that pipes a batch of
// requests and closes its end still reads every reply (it stops a long one with SIGTERM or
// notifications/cancelled).
#pragma once

#include <cstddef>
#include <istream>
#include <ostream>

#include "askdb/mcp/session.h"

namespace askdb::mcp {

struct StdioOptions {
  std::size_t max_message_bytes = 16u << 20;
  std::size_t max_concurrent = 8;
};

void ServeStdio(McpSession& session, std::istream& in, std::ostream& out,
                const StdioOptions& options = {});

}  // namespace askdb::mcp
