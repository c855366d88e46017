! The profiler's synthetic program in Fortran (tests/prof/profile.sh): the
! same as prof_synth.c -- rank 0 sends ITERS messages of N bytes with
! MPI_ISEND, computes C us, waits; rank 1 receives them with MPI_RECV;
! the loop is MPI_PCONTROL region 1 -- through the Fortran bindings.
program prof_synth
  use mpi
  implicit none
  integer :: ierr, rank, n, iters, i, req
  integer :: status(MPI_STATUS_SIZE)
  double precision :: c
  character(len=32) :: arg
  character, allocatable :: buf(:)

  call MPI_INIT(ierr)
  call get_command_argument(1, arg)
  read (arg, *) n
  call get_command_argument(2, arg)
  read (arg, *) c
  call get_command_argument(3, arg)
  read (arg, *) iters
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  allocate (buf(max(n, 1)))
  buf = 'x'
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  call MPI_PCONTROL(1)
  do i = 1, iters
    if (rank == 0) then
      call MPI_ISEND(buf, n, MPI_BYTE, 1, 7, MPI_COMM_WORLD, req, ierr)
      call compute_us(c)
      call MPI_WAIT(req, status, ierr)
    else if (rank == 1) then
      call MPI_RECV(buf, n, MPI_BYTE, 0, 7, MPI_COMM_WORLD, status, ierr)
    end if
  end do
  call MPI_PCONTROL(0)
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  deallocate (buf)
  call MPI_FINALIZE(ierr)

contains

  include 'prof_compute.inc'
end program prof_synth
