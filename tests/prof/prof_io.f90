! MPI-IO data accesses through the Fortran bindings (the `mpi` module),
! whose bytes the profiler records as prof_calls.c's section o does in C
! (tests/prof/profile_calls.sh, section g): on DIR/prof_io_f.dat (DIR the
! second argument), each of 2 ranks writes 16 integers at its own offset
! (File_write_at), then 4 doubles after them (File_iwrite_at + Wait), and
! reads both back (File_read_at_all, File_iread_at + Wait), the data
! checked.  Usage: prof_io SECTIONS DIR (SECTIONS: the checker's).
program prof_io
  use mpi
  implicit none
  integer :: ierr, rank, fh, req, i, e
  integer :: out(16), in(16)
  double precision :: dout(4), din(4)
  integer(kind=MPI_OFFSET_KIND) :: offset
  character(len=4096) :: dir

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call get_command_argument(2, dir)
  do i = 1, 16
    out(i) = rank * 100 + i
  end do
  dout = dble(rank) + 0.5d0
  call MPI_FILE_OPEN(MPI_COMM_WORLD, trim(dir) // '/prof_io_f.dat', &
                     MPI_MODE_CREATE + MPI_MODE_RDWR, MPI_INFO_NULL, fh, ierr)
  offset = rank * 96
  call MPI_FILE_WRITE_AT(fh, offset, out, 16, MPI_INTEGER, MPI_STATUS_IGNORE, ierr)
  call MPI_FILE_IWRITE_AT(fh, offset + 64, dout, 4, MPI_DOUBLE_PRECISION, req, ierr)
  call MPI_WAIT(req, MPI_STATUS_IGNORE, ierr)
  call MPI_FILE_READ_AT_ALL(fh, offset, in, 16, MPI_INTEGER, MPI_STATUS_IGNORE, ierr)
  call MPI_FILE_IREAD_AT(fh, offset + 64, din, 4, MPI_DOUBLE_PRECISION, req, ierr)
  call MPI_WAIT(req, MPI_STATUS_IGNORE, ierr)
  call MPI_FILE_CLOSE(fh, ierr)
  if (any(in /= out) .or. any(din /= dout)) then
    write (0, '(a,i0,a)') 'prof_io: rank ', rank, ': wrong data read back'
    call MPI_ABORT(MPI_COMM_WORLD, 1, e)
  end if
  call MPI_FINALIZE(ierr)
end program prof_io
