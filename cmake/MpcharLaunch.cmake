# The command that starts an MPI program under one MPI library of
# MPCHAR_LIBRARY_NAMES: its launcher with the options every test needs on
# this kind of machine (Open MPI refuses to oversubscribe or to run as root
# unless told; the runtime's launcher gets a timeout so that a hung job ends),
# and the environment such a test runs in.  Shared by the conformance suite,
# the kernels' and the application tests (tests/kernels, tests/apps).

cmake_host_system_information(RESULT MPCHAR_HOST_CORES QUERY NUMBER_OF_PHYSICAL_CORES)

function(mpchar_launcher_kind library out_var)
  set(launcher ${MPCHAR_LIBRARY_${library}_LAUNCHER})
  get_filename_component(base ${launcher} NAME)
  if(base MATCHES "openmpi|orterun" OR library STREQUAL "openmpi")
    set(${out_var} openmpi PARENT_SCOPE)
  elseif(library STREQUAL "builtin")
    set(${out_var} builtin PARENT_SCOPE)
  else()
    set(${out_var} hydra PARENT_SCOPE)
  endif()
endfunction()

function(mpchar_launch_command library out_var)
  set(launcher ${MPCHAR_LIBRARY_${library}_LAUNCHER})
  mpchar_launcher_kind(${library} kind)
  if(kind STREQUAL "openmpi")
    set(cmd ${launcher} --allow-run-as-root --oversubscribe)
  elseif(kind STREQUAL "builtin")
    set(cmd ${launcher} --timeout 100)
  else()
    set(cmd ${launcher})
  endif()
  set(${out_var} ${cmd} PARENT_SCOPE)
endfunction()

# The environment of a test that runs P processes of LIBRARY: Open MPI may
# oversubscribe; above the cores MPICH's ranks yield when idle, as
# `mpchar run` makes them (src/yield, docs/timing.md); LeakSanitizer would
# report an MPI library's own allocations, and a preloaded library comes
# before a sanitized program's runtime.
function(mpchar_launch_env library p out_var)
  set(env "OMPI_MCA_rmaps_base_oversubscribe=1")
  mpchar_launcher_kind(${library} kind)
  if(kind STREQUAL "hydra" AND p GREATER MPCHAR_HOST_CORES)
    list(APPEND env "LD_PRELOAD=$<TARGET_FILE:mpchar-yield>")
  endif()
  if(NOT kind STREQUAL "builtin")
    list(APPEND env "ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0")
  endif()
  set(${out_var} ${env} PARENT_SCOPE)
endfunction()
