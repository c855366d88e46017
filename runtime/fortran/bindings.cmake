# The Fortran bindings of libmpchar-rt (included by runtime/CMakeLists.txt
# after the library target).  gen_bindings.py turns bindings.def into the
# C shims (compiled into libmpchar-rt, so Fortran programs link the same one
# library), mpif.h and mpi.f90; with a Fortran compiler, mpi.f90 becomes
# mpi.mod beside mpif.h in MPCHAR_RT_FORTRAN_INCLUDE_DIR, the directory
# mpchar-fc passes with -I.  Without one (check_language) the shims are
# still built, for C programs that mix in Fortran objects built elsewhere.

find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(MPCHAR_RT_FORTRAN_INCLUDE_DIR ${CMAKE_BINARY_DIR}/include/mpchar-rt-fortran)
set(fdir ${CMAKE_CURRENT_SOURCE_DIR}/fortran)
set(gen ${CMAKE_CURRENT_BINARY_DIR}/fortran)
add_custom_command(
  OUTPUT ${gen}/bindings.c ${MPCHAR_RT_FORTRAN_INCLUDE_DIR}/mpif.h ${gen}/mpi.f90
  COMMAND ${CMAKE_COMMAND} -E make_directory ${gen} ${MPCHAR_RT_FORTRAN_INCLUDE_DIR}
  COMMAND Python3::Interpreter ${fdir}/gen_bindings.py --def ${fdir}/bindings.def
          --cc ${CMAKE_C_COMPILER} --include ${MPCHAR_RT_INCLUDE_DIR}
          --c ${gen}/bindings.c --mpif ${MPCHAR_RT_FORTRAN_INCLUDE_DIR}/mpif.h
          --module ${gen}/mpi.f90
  DEPENDS ${fdir}/gen_bindings.py ${fdir}/bindings.def ${MPCHAR_RT_INCLUDE_DIR}/mpi.h
  COMMENT "Generating the Fortran bindings from bindings.def" VERBATIM)
target_sources(mpchar-rt PRIVATE ${gen}/bindings.c ${fdir}/handles.c ${fdir}/manual.c)
target_include_directories(mpchar-rt PRIVATE ${fdir})

include(CheckLanguage)
check_language(Fortran)
set(MPCHAR_RT_FORTRAN OFF)
set(MPCHAR_RT_DEFAULT_FC gfortran)
if(CMAKE_Fortran_COMPILER)
  enable_language(Fortran)
  set(MPCHAR_RT_FORTRAN ON)
  # CMake may have found gfortran as f95; the wrapper names it as users do
  if(CMAKE_Fortran_COMPILER_ID STREQUAL "GNU")
    set(MPCHAR_RT_DEFAULT_FC gfortran)
  else()
    get_filename_component(MPCHAR_RT_DEFAULT_FC ${CMAKE_Fortran_COMPILER} NAME)
  endif()
  # mpi.mod: an object library whose only product that matters is the module
  add_library(mpchar-rt-fortran-module OBJECT ${gen}/mpi.f90)
  set_target_properties(mpchar-rt-fortran-module PROPERTIES
    Fortran_MODULE_DIRECTORY ${MPCHAR_RT_FORTRAN_INCLUDE_DIR})
  add_dependencies(mpchar-rt mpchar-rt-fortran-module)
else()
  message(STATUS "mpchar: no Fortran compiler; mpchar-fc, mpif.h and mpi.mod are not built")
endif()
