# The Fortran compiler wrapper of each MPI library, for the Fortran test
# programs built as users build them: fc_<library> (the wrapper's path) and
# deps_<library> (the targets it needs) in the caller's scope.  builtin:
# mpchar-fc, when the runtime's Fortran bindings are built; the others from
# MPCHAR_FORTRAN_WRAPPERS.  Shared by tests/conformance/fortran and
# tests/prof.
set(MPCHAR_FORTRAN_WRAPPERS "openmpi:mpif90.openmpi;mpich:mpif90.mpich" CACHE STRING
    "Fortran compiler wrappers of the MPI libraries: name:wrapper;...")

macro(mpchar_fortran_compilers)
  if(TARGET mpchar-rt-fortran-module)
    set(fc_builtin ${CMAKE_BINARY_DIR}/bin/mpchar-fc)
    set(deps_builtin mpchar-rt mpchar-rt-fortran-module)
  endif()
  foreach(spec IN LISTS MPCHAR_FORTRAN_WRAPPERS)
    string(REPLACE ":" ";" parts "${spec}")
    list(GET parts 0 name)
    list(GET parts 1 wrapper)
    find_program(fc_${name}_path ${wrapper} NO_CACHE)
    if(fc_${name}_path)
      set(fc_${name} ${fc_${name}_path})
    endif()
  endforeach()
endmacro()
