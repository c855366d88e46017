# Finds the MPI libraries to build the MPI programs against, one "flavor"
# each, so that one tree builds mpchar-bench for Open MPI and MPICH side by
# side.  A flavor is a short name, a compiler wrapper and a launcher; for
# each we ask the wrapper for its flags (Open MPI: --showme, MPICH: -show)
# and make an INTERFACE target mpchar_mpi_<name>.
#
# MPCHAR_MPI_FLAVORS overrides detection: "name:wrapper:launcher;..." e.g.
# "cray:cc:srun" on a cluster.  The default detects Debian's side-by-side
# installs, then falls back to a plain mpicc/mpiexec as "mpi".

set(MPCHAR_MPI_FLAVORS "" CACHE STRING
    "MPI libraries to build against: name:wrapper:launcher;... (empty: detect)")

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

function(mpchar_add_mpi_flavor name wrapper launcher)
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
  add_library(mpchar_mpi_${name} INTERFACE)
  foreach(tok IN LISTS tokens)
    if(tok MATCHES "^-I(.+)")
      target_include_directories(mpchar_mpi_${name} SYSTEM INTERFACE ${CMAKE_MATCH_1})
    elseif(tok MATCHES "^-D")
      target_compile_options(mpchar_mpi_${name} INTERFACE ${tok})
    elseif(tok STREQUAL "-pthread")
      target_compile_options(mpchar_mpi_${name} INTERFACE -pthread)
      target_link_options(mpchar_mpi_${name} INTERFACE -pthread)
    elseif(tok MATCHES "^-L(.+)")
      target_link_directories(mpchar_mpi_${name} INTERFACE ${CMAKE_MATCH_1})
    elseif(tok MATCHES "^-l.+")
      # Libraries go after the objects on the link line, options before.
      target_link_libraries(mpchar_mpi_${name} INTERFACE ${tok})
    else()
      target_link_options(mpchar_mpi_${name} INTERFACE ${tok})
    endif()
  endforeach()
  set(MPCHAR_MPI_NAMES ${MPCHAR_MPI_NAMES} ${name} PARENT_SCOPE)
  set(MPCHAR_MPI_${name}_LAUNCHER ${launcher_path} PARENT_SCOPE)
  message(STATUS "mpchar: MPI flavor ${name}: ${wrapper_path}, ${launcher_path}")
endfunction()

set(MPCHAR_MPI_NAMES "")
if(MPCHAR_MPI_FLAVORS)
  foreach(spec IN LISTS MPCHAR_MPI_FLAVORS)
    string(REPLACE ":" ";" parts "${spec}")
    list(LENGTH parts nparts)
    if(NOT nparts EQUAL 3)
      message(FATAL_ERROR "MPCHAR_MPI_FLAVORS: '${spec}' is not name:wrapper:launcher")
    endif()
    list(GET parts 0 fname)
    list(GET parts 1 fwrapper)
    list(GET parts 2 flauncher)
    mpchar_add_mpi_flavor(${fname} ${fwrapper} ${flauncher})
  endforeach()
else()
  mpchar_add_mpi_flavor(openmpi mpicc.openmpi mpirun.openmpi)
  mpchar_add_mpi_flavor(mpich mpicc.mpich mpiexec.mpich)
  if(NOT MPCHAR_MPI_NAMES)
    mpchar_add_mpi_flavor(mpi mpicc mpiexec)
  endif()
endif()
if(NOT MPCHAR_MPI_NAMES)
  message(FATAL_ERROR "mpchar: no MPI library found (run scripts/setup.sh, "
                      "or set MPCHAR_MPI_FLAVORS=name:wrapper:launcher)")
endif()
