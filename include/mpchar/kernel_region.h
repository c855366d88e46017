/* The Pcontrol levels of the kernels' communication brackets: the
 * kernels' harness (kernels/harness.c) enters one at the outermost
 * kernel_comm_begin and leaves it (level 0) at the matching
 * kernel_comm_end, so that a profile of a kernel tells the calls inside
 * the brackets (what t_comm_s times) from the harness's own barrier,
 * reduction and broadcast between repetitions; and the brackets of the
 * first of several repetitions (the warm-up: first-touch page faults,
 * the libraries' connections set up at the first message) from the
 * others.  `mpchar apps --model` predicts and splits the bracketed calls
 * of the repetitions after the first only (docs/apps.md).  Shared by the
 * kernels (MPI programs: libc-only header) and src/apps. */
#ifndef MPCHAR_KERNEL_REGION_H
#define MPCHAR_KERNEL_REGION_H

#define MPCHAR_KERNEL_COMM_REGION 1   /* the only or a later repetition */
#define MPCHAR_KERNEL_WARMUP_REGION 2 /* the first of several */

#endif
