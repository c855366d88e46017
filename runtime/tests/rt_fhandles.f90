! runtime.fhandles: the Fortran handle tables of libmpchar-rt.  Handles that
! name no object are clear MPI errors of their kind (never a crash), and a
! long run of requests reuses the slots of completed ones.  Prints one line
! per check; rt_test.sh compares them.
program rt_fhandles
  use mpi
  implicit none
  integer :: ierr, x(2), req, cls, i, biggest, comm
  call MPI_INIT(ierr)
  call MPI_COMM_SET_ERRHANDLER(MPI_COMM_WORLD, MPI_ERRORS_RETURN, ierr)
  call MPI_SEND(x, 1, MPI_INTEGER, 0, 0, 999, ierr)
  call MPI_ERROR_CLASS(ierr, cls, ierr)
  print '(a,l1)', 'bad comm: ', cls == MPI_ERR_COMM
  call MPI_SEND(x, 1, -5, 0, 0, MPI_COMM_WORLD, ierr)
  print '(a,l1)', 'bad datatype: ', ierr == MPI_ERR_TYPE
  call MPI_ALLREDUCE(x, x(2), 1, MPI_INTEGER, 77, MPI_COMM_WORLD, ierr)
  print '(a,l1)', 'bad op: ', ierr == MPI_ERR_OP
  req = 12345
  call MPI_WAIT(req, MPI_STATUS_IGNORE, ierr)
  print '(a,l1)', 'bad request: ', ierr == MPI_ERR_REQUEST
  call MPI_WAITALL(-1, x, MPI_STATUSES_IGNORE, ierr)
  print '(a,l1)', 'negative count: ', ierr == MPI_ERR_COUNT
  ! a freed communicator's number is no longer a handle
  call MPI_COMM_DUP(MPI_COMM_WORLD, comm, ierr)
  i = comm
  call MPI_COMM_FREE(comm, ierr)
  call MPI_BARRIER(i, ierr)
  print '(a,l1)', 'freed comm: ', ierr == MPI_ERR_COMM .and. comm == MPI_COMM_NULL
  biggest = 0
  do i = 1, 100000
    call MPI_ISEND(x, 1, MPI_INTEGER, 0, 1, MPI_COMM_WORLD, req, ierr)
    biggest = max(biggest, req)
    call MPI_RECV(x(2), 1, MPI_INTEGER, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_WAIT(req, MPI_STATUS_IGNORE, ierr)
  end do
  print '(a,l1)', 'slots reused: ', biggest <= 2
  call MPI_FINALIZE(ierr)
end program rt_fhandles
