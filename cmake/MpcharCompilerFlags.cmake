# Warnings as errors for gcc and clang, and the MPCHAR_SANITIZE option
# (AddressSanitizer + UndefinedBehaviorSanitizer) that the test command
# exercises for the unit tests.
# (C only: the runtime's Fortran module is compiled with the same tree.)
add_compile_options("$<$<COMPILE_LANGUAGE:C>:-Wall;-Wextra;-Werror;-Wshadow;-Wstrict-prototypes;-Wmissing-prototypes;-Wformat=2;-Wvla>")
# snprintf truncation is how messages are bounded here, not a mistake.
if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
  add_compile_options($<$<COMPILE_LANGUAGE:C>:-Wno-format-truncation>)
endif()
add_compile_definitions(_POSIX_C_SOURCE=200809L _DEFAULT_SOURCE)

option(MPCHAR_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
if(MPCHAR_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
