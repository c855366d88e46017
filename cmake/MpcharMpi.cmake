# Finds the MPI libraries to build the MPI programs against, so that one
# tree builds mpchar-bench for Open MPI and MPICH side by side.  A library
# is a short name, a compiler wrapper and a launcher; for each we ask the
# wrapper for its flags (Open MPI: --showme, MPICH: -show) and make an
# INTERFACE target mpchar_library_<name>.  MPCHAR_LIBRARY_NAMES lists the
# names found and MPCHAR_LIBRARY_<name>_LAUNCHER holds each launcher.
#
# MPCHAR_MPI_LIBRARIES overrides detection: "name:wrapper:launcher;..."
# e.g. "cray:cc:srun" on a cluster.  The default detects Debian's
# side-by-side installs, then falls back to a plain mpicc/mpiexec as "mpi".

set(MPCHAR_MPI_LIBRARIES "" CACHE STRING
    "MPI libraries to build against: name:wrapper:launcher;... (empty: detect)")
# The former name, still in users' build scripts.
if(DEFINED MPCHAR_MPI_FLAVORS)
  message(DEPRECATION "MPCHAR_MPI_FLAVORS is now MPCHAR_MPI_LIBRARIES; "
                      "using its value")
  if(NOT MPCHAR_MPI_LIBRARIES)
    set(MPCHAR_MPI_LIBRARIES "${MPCHAR_MPI_FLAVORS}")
  endif()
endif()

function(mpchar_wrapper_flags wrapper out_var)
  foreach(show_flag --showme -show)
    execute_process(COMMAND ${wrapper} ${show_flag}
                    OUTPUT_VARIABLE cmdline RESULT_VARIABLE rc
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(rc EQUAL 0 AND cmdline)
      separate_arguments(tokens UNIX_COMMAND "${cmdline}")
      list(POP_FRONT tokens)  # the underlying compiler
      set(${out_var} "${tokens}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out_var} "" PARENT_SCOPE)
endfunction()

function(mpchar_add_mpi_library name wrapper launcher)
  find_program(wrapper_path ${wrapper} NO_CACHE)
  find_program(launcher_path ${launcher} NO_CACHE)
  if(NOT wrapper_path OR NOT launcher_path)
    return()
  endif()
  mpchar_wrapper_flags(${wrapper_path} tokens)
  if(NOT tokens)
    message(WARNING "mpchar: ${wrapper_path} shows no flags; skipping ${name}")
    return()
  endif()
  set(target mpchar_library_${name})
  add_library(${target} INTERFACE)
  foreach(tok IN LISTS tokens)
    if(tok MATCHES "^-I(.+)")
      target_include_directories(${target} SYSTEM INTERFACE ${CMAKE_MATCH_1})
    elseif(tok MATCHES "^-D")
      target_compile_options(${target} INTERFACE ${tok})
    elseif(tok STREQUAL "-pthread")
      target_compile_options(${target} INTERFACE -pthread)
      target_link_options(${target} INTERFACE -pthread)
    elseif(tok MATCHES "^-L(.+)")
      target_link_directories(${target} INTERFACE ${CMAKE_MATCH_1})
    elseif(tok MATCHES "^-l.+")
      # Libraries go after the objects on the link line, options before.
      target_link_libraries(${target} INTERFACE ${tok})
    else()
      target_link_options(${target} INTERFACE ${tok})
    endif()
  endforeach()
  set(MPCHAR_LIBRARY_NAMES ${MPCHAR_LIBRARY_NAMES} ${name} PARENT_SCOPE)
  set(MPCHAR_LIBRARY_${name}_LAUNCHER ${launcher_path} PARENT_SCOPE)
  message(STATUS "mpchar: MPI library ${name}: ${wrapper_path}, ${launcher_path}")
endfunction()

set(MPCHAR_LIBRARY_NAMES "")
if(MPCHAR_MPI_LIBRARIES)
  foreach(spec IN LISTS MPCHAR_MPI_LIBRARIES)
    string(REPLACE ":" ";" parts "${spec}")
    list(LENGTH parts nparts)
    if(NOT nparts EQUAL 3)
      message(FATAL_ERROR "MPCHAR_MPI_LIBRARIES: '${spec}' is not name:wrapper:launcher")
    endif()
    list(GET parts 0 lname)
    list(GET parts 1 lwrapper)
    list(GET parts 2 llauncher)
    mpchar_add_mpi_library(${lname} ${lwrapper} ${llauncher})
  endforeach()
else()
  mpchar_add_mpi_library(openmpi mpicc.openmpi mpirun.openmpi)
  mpchar_add_mpi_library(mpich mpicc.mpich mpiexec.mpich)
  if(NOT MPCHAR_LIBRARY_NAMES)
    mpchar_add_mpi_library(mpi mpicc mpiexec)
  endif()
endif()
if(NOT MPCHAR_LIBRARY_NAMES)
  message(FATAL_ERROR "mpchar: no MPI library found (run scripts/setup.sh, "
                      "or set MPCHAR_MPI_LIBRARIES=name:wrapper:launcher)")
endif()
