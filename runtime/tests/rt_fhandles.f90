! runtime.fhandles: the Fortran handle tables of libmpchar-rt.  Handles that
! name no object (or a freed one: communicator, window, group, info) are
! clear MPI errors of their kind, never a crash, and a long run of requests
! reuses the slots of completed ones.  Prints one line per check;
! rt_test.sh compares them.
program rt_fhandles
  use mpi
  implicit none
  integer :: ierr, x(2), req, cls, i, biggest, comm, win, grp, info
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
  ! windows, groups and infos: the kinds the one-sided, group and info
  ! bindings brought
  call MPI_WIN_FENCE(0, 4242, ierr)
  print '(a,l1)', 'bad window: ', ierr == MPI_ERR_WIN
  call MPI_WIN_CREATE(x, int(8, MPI_ADDRESS_KIND), 4, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  i = win
  call MPI_WIN_FREE(win, ierr)
  call MPI_WIN_FENCE(0, i, ierr)
  print '(a,l1)', 'freed window: ', ierr == MPI_ERR_WIN .and. win == MPI_WIN_NULL
  call MPI_COMM_GROUP(MPI_COMM_WORLD, grp, ierr)
  i = grp
  call MPI_GROUP_FREE(grp, ierr)
  call MPI_GROUP_SIZE(i, cls, ierr)
  print '(a,l1)', 'freed group: ', ierr == MPI_ERR_GROUP .and. grp == MPI_GROUP_NULL
  call MPI_INFO_CREATE(info, ierr)
  i = info
  call MPI_INFO_FREE(info, ierr)
  call MPI_INFO_SET(i, 'k', 'v', ierr)
  print '(a,l1)', 'freed info: ', ierr /= MPI_SUCCESS .and. info == MPI_INFO_NULL
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
