// HttpServer over cpp-httplib (Debian's libcpp-httplib 0.11.4). The only file that sees
// <httplib.h>; swapping the HTTP library means another factory behind http.h.
//
// Threading model and the trade-off it implies:
// - cpp-httplib serves each connection on one thread for the connection's whole life
//   (keep-alive included), and a streaming body blocks that thread while it waits for
//   events. So N concurrent streams need N threads. We make that affordable instead of
//   avoiding it: the pool is elastic (min..max threads, idle extras exit), a waiting
//   stream's thread sleeps on a condition variable (no CPU), and its memory is the touched
//   part of its stack (tens of KB, the 8 MB reservation is virtual). 2,000 waiting streams
//   thus cost ~2,000 threads and file descriptors: max_worker_threads must exceed the
//   stream count, and the open-files limit is raised to fit (raise_open_files_limit).
//   An event-loop server would need another library; this seam (http.h) allows that
//   later without touching routes.
// - We run cpp-httplib's request parsing and response writing, but own the per-connection
//   loop (Server::process_and_close_socket is overridden) so that (a) a stream can poll its
//   socket to notice a vanished client before the next write, (b) idle keep-alive
//   connections end as soon as Stop() begins, and (c) socket waits use poll(), not
//   select(), so descriptors above 1024 work.
//
// Thread-safety: Handle/HandleStream before Start only; Start/Stop from one owner thread;
// port() from any thread.
#pragma once

#include <memory>

#include "askdb/server/http.h"

namespace askdb::server {

std::unique_ptr<HttpServer> MakeHttplibServer(const HttpServerOptions& options);

}  // namespace askdb::server
