# The HTTP core of `askdb serve` (issue #7): transport behind http.h, cpp-httplib adapter,
# SSE framing and buffering, the run executor, JSON request readers. Included by
# CMakeLists.txt in this folder.
askdb_module(server_core
  SOURCES
    http.cc
    httplib_server.cc
    json_request.cc
    router.cc
    run_executor.cc
    sse.cc
  DEPS
    askdb_common
    PkgConfig::CPP_HTTPLIB
    Threads::Threads)

askdb_test(server_core_test
  SOURCES
    http_test.cc
    json_request_test.cc
    router_test.cc
    run_executor_test.cc
    sse_test.cc
  DEPS askdb_server_core
  LABELS unit)

# Loopback tests: a real httplib::Client against the server on 127.0.0.1.
askdb_test(server_core_e2e_test
  SOURCES
    connection_limits_test.cc
    httplib_server_test.cc
  DEPS askdb_server_core
  LABELS e2e)
