# The command that starts an MPI program under one MPI library of
# MPCHAR_LIBRARY_NAMES: its launcher with the options every test needs on
# this kind of machine (Open MPI refuses to oversubscribe or to run as root
# unless told; the runtime's launcher gets a timeout so that a hung job ends).
# Shared by the conformance suite and the application tests (tests/apps).

function(mpchar_launch_command library out_var)
  set(launcher ${MPCHAR_LIBRARY_${library}_LAUNCHER})
  get_filename_component(base ${launcher} NAME)
  if(base MATCHES "openmpi|orterun" OR library STREQUAL "openmpi")
    set(cmd ${launcher} --allow-run-as-root --oversubscribe)
  elseif(library STREQUAL "builtin")
    set(cmd ${launcher} --timeout 100)
  else()
    set(cmd ${launcher})
  endif()
  set(${out_var} ${cmd} PARENT_SCOPE)
endfunction()
