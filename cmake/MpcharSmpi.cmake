# SimGrid's SMPI as the simulated MPI library "smpi" (docs/scale.md): an
# MPI program built by smpicc runs, rank by rank, inside one simulator
# process on a simulated platform, with simulated time.  It is kept apart
# from MPCHAR_LIBRARY_NAMES, whose every program (conformance tests, the
# profiler, libmpchar-tune) runs on real processes: only mpchar-bench is
# built for it, and MPCHAR_SIMULATED_LIBRARY_NAMES lists it.
#
# How smpicc builds (SimGrid 3.32, `smpicc -show`): every source gets
# `-include smpi/smpi_helpers.h`, which maps sleep, nanosleep,
# clock_gettime and gettimeofday to the simulated clock; the program is
# linked `-fPIC -shared` against libsimgrid, because smpirun's default
# privatization of globals (smpi/privatization:dlopen) loads one copy of
# the program per rank with dlopen, which a position-independent
# executable refuses.  So mpchar-bench-smpi is a shared object that only
# smpirun can start.  Its static mpchar_common is already
# position-independent and is copied per rank with it, globals included.
# SMPI_NO_OVERRIDE_MALLOC keeps malloc and free libc's (the helpers would
# route them through SMPI's shared-malloc hooks, which the benchmark does
# not use and mpchar_common, compiled without the helpers, would bypass).

option(MPCHAR_SMPI "Build mpchar-bench for SimGrid SMPI when smpicc is found" ON)
set(MPCHAR_SIMULATED_LIBRARY_NAMES "")

function(mpchar_add_smpi_library)
  find_program(smpicc_path smpicc NO_CACHE)
  find_program(smpirun_path smpirun NO_CACHE)
  if(NOT smpicc_path OR NOT smpirun_path)
    message(STATUS "mpchar: no smpicc/smpirun; SimGrid SMPI is not built")
    return()
  endif()
  execute_process(COMMAND ${smpicc_path} -show
                  OUTPUT_VARIABLE cmdline RESULT_VARIABLE rc
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  separate_arguments(tokens UNIX_COMMAND "${cmdline}")
  if(NOT rc EQUAL 0 OR NOT tokens)
    message(WARNING "mpchar: ${smpicc_path} -show failed; skipping smpi")
    return()
  endif()
  list(POP_FRONT tokens) # the underlying compiler
  set(target mpchar_library_smpi)
  add_library(${target} INTERFACE)
  target_compile_definitions(${target} INTERFACE MPCHAR_BENCH_SIMULATED=1
                             SMPI_NO_OVERRIDE_MALLOC=1)
  set(include_next FALSE)
  foreach(tok IN LISTS tokens)
    if(include_next)
      target_compile_options(${target} INTERFACE "SHELL:-include ${tok}")
      set(include_next FALSE)
    elseif(tok STREQUAL "-include")
      set(include_next TRUE)
    elseif(tok MATCHES "^-I(.+)")
      if(NOT CMAKE_MATCH_1 STREQUAL "/usr/include")
        target_include_directories(${target} SYSTEM INTERFACE ${CMAKE_MATCH_1})
      endif()
    elseif(tok STREQUAL "-fPIC")
      target_compile_options(${target} INTERFACE -fPIC)
    elseif(tok MATCHES "^-L(.+)")
      target_link_directories(${target} INTERFACE ${CMAKE_MATCH_1})
    elseif(tok MATCHES "^-l.+")
      target_link_libraries(${target} INTERFACE ${tok})
    else() # -shared, -Wl,-z,defs
      target_link_options(${target} INTERFACE ${tok})
    endif()
  endforeach()
  # Started directly, a shared object without an entry point jumps to 0
  # and dies of SIGSEGV: the interpreter of this machine's programs and an
  # entry (src/bench/main.c) make mpchar-bench-smpi say how to run it.
  if(CMAKE_READELF)
    execute_process(COMMAND ${CMAKE_READELF} -p .interp ${CMAKE_COMMAND}
                    OUTPUT_VARIABLE interp ERROR_QUIET)
    if(interp MATCHES "\\] +(/[^ \n]+)")
      target_compile_definitions(
        ${target} INTERFACE "MPCHAR_BENCH_ELF_INTERP=\"${CMAKE_MATCH_1}\"")
      target_link_options(${target} INTERFACE -Wl,-e,bench_smpi_entry)
    endif()
  endif()
  set(MPCHAR_SIMULATED_LIBRARY_NAMES smpi PARENT_SCOPE)
  set(MPCHAR_LIBRARY_smpi_LAUNCHER ${smpirun_path} PARENT_SCOPE)
  message(STATUS "mpchar: simulated MPI library smpi: ${smpicc_path}, "
                 "${smpirun_path}")
endfunction()

# smpirun's simulator (smpimain) is not instrumented, and a sanitized
# shared object cannot be loaded into it (nor linked with -z defs).
if(MPCHAR_SMPI AND NOT MPCHAR_SANITIZE)
  mpchar_add_smpi_library()
endif()
