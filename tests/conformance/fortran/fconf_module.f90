! fconf_module: a Fortran MPI program with `use mpi`: collectives with
! MPI_IN_PLACE, communicator split/dup/compare/free, derived datatypes
! (vector, struct addressed from MPI_BOTTOM), a user-defined operation
! written in Fortran, MAXLOC/MINLOC on Fortran pair types, error handlers
! and error classes, CHARACTER data.  Standard MPI only: built with
! mpchar-fc, mpif90.openmpi and mpif90.mpich alike (docs/runtime.md).
module fconf_ops
  implicit none
contains
  ! a commutative user operation: inout = in + inout on INTEGERs, which
  ! also checks that it is handed the caller's datatype
  subroutine add_ints(invec, inoutvec, len, datatype)
    use mpi
    integer, intent(in) :: len, datatype
    integer, intent(in) :: invec(len)
    integer, intent(inout) :: inoutvec(len)
    integer :: i, e
    if (datatype /= MPI_INTEGER) call MPI_ABORT(MPI_COMM_WORLD, 2, e)
    do i = 1, len
      inoutvec(i) = invec(i) + inoutvec(i)
    end do
  end subroutine add_ints
end module fconf_ops

program fconf_module
  use mpi
  use fconf_ops
  implicit none
  integer :: ierr, rank, nprocs, i, j, n, color
  integer :: sub, subrank, subsize, dup, res, eh, cls
  integer :: ivals(64), isum(64), gathered(16), a2a_in(16), a2a_out(16)
  double precision :: dv(20), dcol(10), dpair(2, 1), dout(2, 1)
  integer :: ipair(2, 1), iout(2, 1)
  integer :: vec, st, myop, tsize, blens(2), types(2)
  integer(kind=MPI_ADDRESS_KIND) :: disp(2), lb, extent
  integer :: sint
  double precision :: sdbl
  character(len=16) :: word

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)

  ! ---- communicators: split by parity, ranks reversed by the key ----
  color = mod(rank, 2)
  call MPI_COMM_SPLIT(MPI_COMM_WORLD, color, -rank, sub, ierr)
  call ok(ierr, 'MPI_COMM_SPLIT')
  call MPI_COMM_SIZE(sub, subsize, ierr)
  call MPI_COMM_RANK(sub, subrank, ierr)
  call check(subsize == (nprocs - color + 1) / 2, 'split size')
  call check(subrank == subsize - 1 - rank / 2, 'split rank order follows the key')
  call MPI_ALLREDUCE(rank, n, 1, MPI_INTEGER, MPI_SUM, sub, ierr)
  j = 0
  do i = color, nprocs - 1, 2
    j = j + i
  end do
  call check(n == j, 'allreduce on the split communicator')
  call MPI_COMM_DUP(MPI_COMM_WORLD, dup, ierr)
  call MPI_COMM_COMPARE(MPI_COMM_WORLD, dup, res, ierr)
  call check(res == MPI_CONGRUENT, 'dup is congruent')
  call MPI_COMM_COMPARE(dup, dup, res, ierr)
  call check(res == MPI_IDENT, 'ident')
  call MPI_COMM_FREE(sub, ierr)
  call check(sub == MPI_COMM_NULL, 'freed communicator is MPI_COMM_NULL')

  ! ---- collectives with MPI_IN_PLACE ----
  do i = 1, 64
    ivals(i) = rank + i
  end do
  call MPI_ALLREDUCE(MPI_IN_PLACE, ivals, 64, MPI_INTEGER, MPI_SUM, dup, ierr)
  call ok(ierr, 'MPI_ALLREDUCE in place')
  do i = 1, 64
    call check(ivals(i) == nprocs * (nprocs - 1) / 2 + nprocs * i, 'allreduce in place')
  end do
  gathered = -1
  gathered(rank + 1) = 10 * rank
  call MPI_ALLGATHER(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, gathered, 1, MPI_INTEGER, dup, ierr)
  call ok(ierr, 'MPI_ALLGATHER in place')
  do i = 1, nprocs
    call check(gathered(i) == 10 * (i - 1), 'allgather in place')
  end do
  gathered = -1
  if (rank == 0) then
    gathered(1) = 7
    call MPI_GATHER(MPI_IN_PLACE, 1, MPI_INTEGER, gathered, 1, MPI_INTEGER, 0, dup, ierr)
    do i = 2, nprocs
      call check(gathered(i) == i - 1, 'gather in place')
    end do
    call check(gathered(1) == 7, 'root block untouched')
  else
    call MPI_GATHER(rank, 1, MPI_INTEGER, gathered, 1, MPI_INTEGER, 0, dup, ierr)
  end if
  call ok(ierr, 'MPI_GATHER')
  do i = 1, nprocs
    a2a_in(i) = 100 * rank + i - 1
  end do
  call MPI_ALLTOALL(a2a_in, 1, MPI_INTEGER, a2a_out, 1, MPI_INTEGER, dup, ierr)
  do i = 1, nprocs
    call check(a2a_out(i) == 100 * (i - 1) + rank, 'alltoall')
  end do
  call MPI_SCAN(1, n, 1, MPI_INTEGER, MPI_SUM, dup, ierr)
  call check(n == rank + 1, 'scan')
  word = ' '
  if (rank == 0) word = 'hello, fortran'
  call MPI_BCAST(word, 16, MPI_CHARACTER, 0, dup, ierr)
  call check(word == 'hello, fortran', 'bcast of CHARACTER')

  ! ---- a user-defined operation in Fortran ----
  call MPI_OP_CREATE(add_ints, .true., myop, ierr)
  call ok(ierr, 'MPI_OP_CREATE')
  ivals(1:5) = (/ 1, 2, 3, 4, rank /)
  call MPI_ALLREDUCE(ivals, isum, 5, MPI_INTEGER, myop, dup, ierr)
  call ok(ierr, 'MPI_ALLREDUCE with the user op')
  call check(isum(1) == nprocs .and. isum(4) == 4 * nprocs, 'user op sums')
  call check(isum(5) == nprocs * (nprocs - 1) / 2, 'user op sums ranks')
  call MPI_REDUCE(ivals, isum, 5, MPI_INTEGER, myop, nprocs - 1, dup, ierr)
  if (rank == nprocs - 1) call check(isum(2) == 2 * nprocs, 'user op reduce')
  isum(1:5) = (/ 10, 20, 30, 40, 50 /)
  call MPI_REDUCE_LOCAL(ivals, isum, 5, MPI_INTEGER, myop, ierr)
  call ok(ierr, 'MPI_REDUCE_LOCAL with the user op')
  call check(isum(1) == 11 .and. isum(4) == 44 .and. isum(5) == 50 + rank, &
             'user op reduce_local')
  call MPI_OP_FREE(myop, ierr)
  call check(myop == MPI_OP_NULL, 'freed op is MPI_OP_NULL')

  ! ---- MAXLOC / MINLOC on Fortran pairs ----
  ipair(1, 1) = mod(rank * 7, 5)
  ipair(2, 1) = rank
  call MPI_ALLREDUCE(ipair, iout, 1, MPI_2INTEGER, MPI_MAXLOC, dup, ierr)
  call ok(ierr, 'MAXLOC 2INTEGER')
  n = -1
  j = -1
  do i = 0, nprocs - 1
    if (mod(i * 7, 5) > n) then
      n = mod(i * 7, 5)
      j = i
    end if
  end do
  call check(iout(1, 1) == n .and. iout(2, 1) == j, 'MAXLOC value and lowest index')
  dpair(1, 1) = dble(abs(rank - 1))
  dpair(2, 1) = dble(rank)
  call MPI_ALLREDUCE(dpair, dout, 1, MPI_2DOUBLE_PRECISION, MPI_MINLOC, dup, ierr)
  call ok(ierr, 'MINLOC 2DOUBLE_PRECISION')
  if (nprocs == 1) then
    call check(dout(1, 1) == 1d0 .and. dout(2, 1) == 0d0, 'MINLOC at p=1')
  else
    call check(dout(1, 1) == 0d0 .and. dout(2, 1) == 1d0, 'MINLOC')
  end if

  ! ---- derived datatypes: a strided column, a struct from MPI_BOTTOM ----
  do i = 1, 20
    dv(i) = rank * 100 + i
  end do
  call MPI_TYPE_VECTOR(10, 1, 2, MPI_DOUBLE_PRECISION, vec, ierr)
  call MPI_TYPE_COMMIT(vec, ierr)
  call ok(ierr, 'MPI_TYPE_COMMIT')
  call MPI_TYPE_SIZE(vec, tsize, ierr)
  call check(tsize == 80, 'vector size')
  call MPI_TYPE_GET_EXTENT(vec, lb, extent, ierr)
  call check(lb == 0 .and. extent == 19 * 8, 'vector extent')
  call MPI_SENDRECV(dv, 1, vec, mod(rank + 1, nprocs), 5, dcol, 10, MPI_DOUBLE_PRECISION, &
                    MPI_ANY_SOURCE, 5, dup, MPI_STATUS_IGNORE, ierr)
  call ok(ierr, 'MPI_SENDRECV of a vector')
  do i = 1, 10
    call check(dcol(i) == mod(rank - 1 + nprocs, nprocs) * 100 + 2 * i - 1, 'vector data')
  end do
  call MPI_TYPE_FREE(vec, ierr)
  call check(vec == MPI_DATATYPE_NULL, 'freed type is MPI_DATATYPE_NULL')
  sint = -1
  sdbl = -1d0
  if (rank == 0) then
    sint = 42
    sdbl = 2.5d0
  end if
  call MPI_GET_ADDRESS(sint, disp(1), ierr)
  call MPI_GET_ADDRESS(sdbl, disp(2), ierr)
  blens = (/ 1, 1 /)
  types = (/ MPI_INTEGER, MPI_DOUBLE_PRECISION /)
  call MPI_TYPE_CREATE_STRUCT(2, blens, disp, types, st, ierr)
  call MPI_TYPE_COMMIT(st, ierr)
  call ok(ierr, 'MPI_TYPE_CREATE_STRUCT')
  call MPI_BCAST(MPI_BOTTOM, 1, st, 0, dup, ierr)
  call ok(ierr, 'MPI_BCAST from MPI_BOTTOM')
  call check(sint == 42 .and. sdbl == 2.5d0, 'struct at absolute addresses')
  call MPI_TYPE_FREE(st, ierr)

  ! ---- error handlers and classes ----
  call MPI_COMM_SET_ERRHANDLER(dup, MPI_ERRORS_RETURN, ierr)
  call MPI_COMM_GET_ERRHANDLER(dup, eh, ierr)
  call check(eh == MPI_ERRORS_RETURN, 'MPI_COMM_GET_ERRHANDLER')
  call MPI_SEND(ivals, 1, MPI_INTEGER, nprocs + 5, 0, dup, ierr)
  call check(ierr /= MPI_SUCCESS, 'a send to a bad rank fails')
  call MPI_ERROR_CLASS(ierr, cls, n)
  call check(cls == MPI_ERR_RANK, 'its class is MPI_ERR_RANK')
  call MPI_COMM_FREE(dup, ierr)

  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,i0,a)', 'fconf_module: passed on ', nprocs, ' processes'
  call MPI_FINALIZE(ierr)

contains

  include 'fconf_check.inc'

end program fconf_module
