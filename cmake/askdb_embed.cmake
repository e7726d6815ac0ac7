# askdb_embed_file(TARGET NAME FILE [GENERATED]): links FILE's bytes into TARGET, readable in C++ as
#   #include "askdb/common/embedded.h"
#   ASKDB_DECLARE_EMBEDDED(NAME);      // at namespace scope
#   std::string_view bytes = ASKDB_EMBEDDED(NAME);
# Needs ASM among the project languages. The bytes come in through the assembler's .incbin, so large files (ECharts, ~1 MB) cost
# nothing at compile time; editing FILE rebuilds the target. GENERATED: FILE is the output of a
# custom command in the same directory (built before the target), so it need not exist yet.
function(askdb_embed_file target name file)
  cmake_parse_arguments(E "GENERATED" "" "" ${ARGN})
  get_filename_component(abs "${file}" ABSOLUTE)
  if(NOT E_GENERATED AND NOT EXISTS "${abs}")
    message(FATAL_ERROR "askdb_embed_file: ${abs} is missing. Run scripts/setup.sh "
                        "(it installs the front-end assets with npm) and configure again.")
  endif()
  set(asm "${CMAKE_CURRENT_BINARY_DIR}/askdb_embed_${name}.S")
  file(WRITE "${asm}.in"
    "    .section .rodata\n"
    "    .global askdb_embed_${name}_begin\n"
    "    .global askdb_embed_${name}_end\n"
    "    .balign 16\n"
    "askdb_embed_${name}_begin:\n"
    "    .incbin \"${abs}\"\n"
    "askdb_embed_${name}_end:\n"
    "    .byte 0\n"
    "    .section .note.GNU-stack,\"\",@progbits\n")
  configure_file("${asm}.in" "${asm}" COPYONLY)
  set_source_files_properties("${asm}" PROPERTIES LANGUAGE ASM OBJECT_DEPENDS "${abs}")
  target_sources(${target} PRIVATE "${asm}")
endfunction()
