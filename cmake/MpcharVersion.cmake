# The version and git revision that meta.json and --version report.
execute_process(COMMAND git rev-parse --short=12 HEAD
                WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                OUTPUT_VARIABLE MPCHAR_GIT_REVISION
                OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT MPCHAR_GIT_REVISION)
  set(MPCHAR_GIT_REVISION "unknown")
endif()
configure_file(${CMAKE_SOURCE_DIR}/include/mpchar/version.h.in
               ${CMAKE_BINARY_DIR}/include/mpchar/version.h @ONLY)
