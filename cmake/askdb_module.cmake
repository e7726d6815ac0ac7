# askdb_module(NAME SOURCES ... DEPS ...): one static library per module, named askdb_<NAME>.
# DEPS states the floor rule: a module links only modules on a lower floor.
function(askdb_module name)
  cmake_parse_arguments(M "" "" "SOURCES;DEPS" ${ARGN})
  add_library(askdb_${name} STATIC ${M_SOURCES})
  target_include_directories(askdb_${name} PUBLIC ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(askdb_${name} PUBLIC ${M_DEPS})
endfunction()

# askdb_test(NAME SOURCES ... DEPS ... LABELS ... [RESOURCE_LOCK LOCK]): a GoogleTest binary
# registered with ctest. Tests sharing a RESOURCE_LOCK never run at the same time (the
# real database servers: some tests end every session of the test role).
function(askdb_test name)
  cmake_parse_arguments(T "" "RESOURCE_LOCK" "SOURCES;DEPS;LABELS" ${ARGN})
  if(NOT ASKDB_BUILD_TESTS)
    return()
  endif()
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE ${T_DEPS} GTest::gtest GTest::gmock GTest::gtest_main rapidcheck)
  target_compile_definitions(${name} PRIVATE
    ASKDB_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    ASKDB_SHARED_DATA_DIR="${PROJECT_SOURCE_DIR}/../shared/data")
  if(NOT T_LABELS)
    set(T_LABELS unit)
  endif()
  set(properties LABELS "${T_LABELS}")
  if(T_RESOURCE_LOCK)
    list(APPEND properties RESOURCE_LOCK ${T_RESOURCE_LOCK})
  endif()
  gtest_discover_tests(${name} PROPERTIES ${properties} DISCOVERY_TIMEOUT 60)
endfunction()
