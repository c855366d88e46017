/* The MPI libraries known at build time (generated flavors.c). */
#ifndef MPCHAR_CLI_FLAVORS_H
#define MPCHAR_CLI_FLAVORS_H

typedef struct mpchar_flavor {
    const char *name;
    const char *launcher;
} mpchar_flavor;

extern const mpchar_flavor mpchar_flavors[];

#endif
