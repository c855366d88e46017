! fconf_mpif: a Fortran MPI program in the style of older codes,
! `include 'mpif.h'`: point-to-point (blocking, nonblocking, status fields,
! wildcards, MPI_PROC_NULL, MPI_STATUS(ES)_IGNORE, probe, test), reductions
! on INTEGER, REAL, DOUBLE PRECISION and LOGICAL (MPI_IN_PLACE at the root),
! CHARACTER results with hidden lengths, MPI_ATTR_GET of MPI_TAG_UB,
! MPI_ALLOC_MEM through a Cray
! pointer (-fcray-pointer) under a fence epoch with MPI_PUT and
! MPI_ACCUMULATE.  Standard MPI only: built with mpchar-fc, mpif90.openmpi
! and mpif90.mpich alike (docs/runtime.md).
program fconf_mpif
  implicit none
  include 'mpif.h'
  integer :: ierr, rank, nprocs, left, right, i, n, idx
  integer :: st(MPI_STATUS_SIZE), sts(MPI_STATUS_SIZE, 4), reqs(4), req
  integer :: ibuf(100), ibuf2(100), isum
  double precision :: dsend(50), drecv(50), dsum(3)
  real :: rmax(2)
  logical :: flag, land, lor
  character(len=MPI_MAX_PROCESSOR_NAME) :: pname
  character(len=MPI_MAX_ERROR_STRING) :: estr
  integer :: version, subversion, bsbuf(1024), idxs(2)
  integer :: win
  integer(kind=MPI_ADDRESS_KIND) :: memsize, tdisp
  double precision :: mem(4), dval
  pointer (pmem, mem)

  call MPI_INIT(ierr)
  call ok(ierr, 'MPI_INIT')
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
  left = mod(rank - 1 + nprocs, nprocs)
  right = mod(rank + 1, nprocs)

  ! character results: the hidden length, blank padding, resultlen
  pname = 'x'
  call MPI_GET_PROCESSOR_NAME(pname, n, ierr)
  call ok(ierr, 'MPI_GET_PROCESSOR_NAME')
  call check(n > 0 .and. n <= MPI_MAX_PROCESSOR_NAME, 'processor name length')
  call check(len_trim(pname) == n, 'processor name blank-padded to its length')
  call MPI_ERROR_STRING(MPI_ERR_TRUNCATE, estr, n, ierr)
  call ok(ierr, 'MPI_ERROR_STRING')
  call check(n > 0 .and. len_trim(estr) == n, 'error string blank-padded')
  call MPI_GET_VERSION(version, subversion, ierr)
  call check(version >= 3, 'MPI_GET_VERSION')

  ! MPI-1's attribute query, as older codes ask for the largest tag
  call MPI_ATTR_GET(MPI_COMM_WORLD, MPI_TAG_UB, n, flag, ierr)
  call ok(ierr, 'MPI_ATTR_GET')
  call check(flag .and. n >= 32767, 'MPI_TAG_UB through MPI_ATTR_GET')

  ! blocking receive with wildcards from a nonblocking send round the ring
  do i = 1, 100
    ibuf(i) = rank * 1000 + i
  end do
  call MPI_ISEND(ibuf, 100, MPI_INTEGER, right, 7, MPI_COMM_WORLD, req, ierr)
  call ok(ierr, 'MPI_ISEND')
  call MPI_RECV(ibuf2, 100, MPI_INTEGER, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, st, ierr)
  call ok(ierr, 'MPI_RECV')
  call check(st(MPI_SOURCE) == left, 'status MPI_SOURCE')
  call check(st(MPI_TAG) == 7, 'status MPI_TAG')
  call MPI_GET_COUNT(st, MPI_INTEGER, n, ierr)
  call check(n == 100, 'MPI_GET_COUNT of the wildcard receive')
  do i = 1, 100
    call check(ibuf2(i) == left * 1000 + i, 'ring data')
  end do
  call MPI_WAIT(req, MPI_STATUS_IGNORE, ierr)
  call ok(ierr, 'MPI_WAIT')
  call check(req == MPI_REQUEST_NULL, 'completed request is MPI_REQUEST_NULL')
  ! no later message may meet the wildcard receive of a slower rank
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)

  ! nonblocking both ways, Waitall with statuses; DOUBLE PRECISION data
  do i = 1, 50
    dsend(i) = rank + i / 4.0d0
  end do
  call MPI_IRECV(drecv, 50, MPI_DOUBLE_PRECISION, left, 11, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_IRECV(ibuf2, 100, MPI_INTEGER, right, 12, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_ISEND(dsend, 50, MPI_DOUBLE_PRECISION, right, 11, MPI_COMM_WORLD, reqs(3), ierr)
  call MPI_ISEND(ibuf, 100, MPI_INTEGER, left, 12, MPI_COMM_WORLD, reqs(4), ierr)
  call MPI_WAITALL(4, reqs, sts, ierr)
  call ok(ierr, 'MPI_WAITALL')
  call check(sts(MPI_SOURCE, 1) == left .and. sts(MPI_TAG, 1) == 11, 'Waitall status 1')
  call check(sts(MPI_SOURCE, 2) == right .and. sts(MPI_TAG, 2) == 12, 'Waitall status 2')
  call MPI_GET_COUNT(sts(1, 1), MPI_DOUBLE_PRECISION, n, ierr)
  call check(n == 50, 'count of doubles')
  do i = 1, 4
    call check(reqs(i) == MPI_REQUEST_NULL, 'Waitall frees the requests')
  end do
  do i = 1, 50
    call check(drecv(i) == left + i / 4.0d0, 'double data')
  end do
  call check(ibuf2(100) == right * 1000 + 100, 'integer data')

  ! Waitany: a 1-based index; Test until done; Iprobe + Probe
  call MPI_IRECV(ibuf2, 100, MPI_INTEGER, MPI_ANY_SOURCE, 21, MPI_COMM_WORLD, reqs(1), ierr)
  reqs(2) = MPI_REQUEST_NULL
  call MPI_SEND(ibuf, 3, MPI_INTEGER, right, 21, MPI_COMM_WORLD, ierr)
  call MPI_WAITANY(2, reqs, idx, st, ierr)
  call ok(ierr, 'MPI_WAITANY')
  call check(idx == 1, 'Waitany index is 1-based')
  call check(st(MPI_SOURCE) == left, 'Waitany status')
  call MPI_ISEND(ibuf, 5, MPI_INTEGER, right, 22, MPI_COMM_WORLD, req, ierr)
  call MPI_PROBE(MPI_ANY_SOURCE, 22, MPI_COMM_WORLD, st, ierr)
  call MPI_GET_COUNT(st, MPI_INTEGER, n, ierr)
  call check(n == 5 .and. st(MPI_SOURCE) == left, 'MPI_PROBE')
  flag = .false.
  do while (.not. flag)
    call MPI_IPROBE(left, 22, MPI_COMM_WORLD, flag, st, ierr)
  end do
  call MPI_RECV(ibuf2, 5, MPI_INTEGER, left, 22, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  flag = .false.
  do while (.not. flag)
    call MPI_TEST(req, flag, st, ierr)
  end do
  call check(req == MPI_REQUEST_NULL, 'MPI_TEST completes the request')

  ! buffered and synchronous sends, Sendrecv_replace, Waitsome's indices
  call MPI_BUFFER_ATTACH(bsbuf, 4096, ierr)
  call ok(ierr, 'MPI_BUFFER_ATTACH')
  call MPI_BSEND(ibuf, 10, MPI_INTEGER, right, 31, MPI_COMM_WORLD, ierr)
  call ok(ierr, 'MPI_BSEND')
  call MPI_RECV(ibuf2, 10, MPI_INTEGER, left, 31, MPI_COMM_WORLD, st, ierr)
  call check(ibuf2(10) == left * 1000 + 10, 'bsend data')
  call MPI_BUFFER_DETACH(bsbuf, n, ierr)
  call check(ierr == MPI_SUCCESS .and. n == 4096, 'MPI_BUFFER_DETACH size')
  n = rank
  call MPI_SENDRECV_REPLACE(n, 1, MPI_INTEGER, right, 32, left, 32, MPI_COMM_WORLD, st, ierr)
  call check(n == left .and. st(MPI_SOURCE) == left, 'MPI_SENDRECV_REPLACE')
  reqs(1) = MPI_REQUEST_NULL
  call MPI_IRECV(ibuf2, 1, MPI_INTEGER, left, 33, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_SSEND(rank, 1, MPI_INTEGER, right, 33, MPI_COMM_WORLD, ierr)
  call ok(ierr, 'MPI_SSEND')
  call MPI_WAITSOME(2, reqs, n, idxs, sts, ierr)
  call ok(ierr, 'MPI_WAITSOME')
  call check(n == 1 .and. idxs(1) == 2 .and. ibuf2(1) == left, 'Waitsome: 1-based index')
  call check(sts(MPI_TAG, 1) == 33, 'Waitsome status')

  ! MPI_PROC_NULL
  call MPI_RECV(ibuf2, 100, MPI_INTEGER, MPI_PROC_NULL, 1, MPI_COMM_WORLD, st, ierr)
  call check(st(MPI_SOURCE) == MPI_PROC_NULL .and. st(MPI_TAG) == MPI_ANY_TAG, 'PROC_NULL status')

  ! reductions: INTEGER, REAL, DOUBLE PRECISION, LOGICAL
  call MPI_ALLREDUCE(rank + 1, isum, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call ok(ierr, 'MPI_ALLREDUCE INTEGER')
  call check(isum == nprocs * (nprocs + 1) / 2, 'INTEGER sum')
  rmax(1) = real(rank)
  rmax(2) = -real(rank)
  call MPI_ALLREDUCE(MPI_IN_PLACE, rmax, 2, MPI_REAL, MPI_MAX, MPI_COMM_WORLD, ierr)
  call check(rmax(1) == real(nprocs - 1) .and. rmax(2) == 0.0, 'REAL max in place')
  dsum = (/ 0.5d0, dble(rank), 1.0d0 /)
  if (rank == 0) then
    call MPI_REDUCE(MPI_IN_PLACE, dsum, 3, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
    call check(dsum(1) == 0.5d0 * nprocs, 'DOUBLE PRECISION sum 1')
    call check(dsum(2) == dble(nprocs * (nprocs - 1) / 2), 'DOUBLE PRECISION sum 2')
  else
    call MPI_REDUCE(dsum, dsum, 3, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  end if
  call ok(ierr, 'MPI_REDUCE')
  call MPI_ALLREDUCE(rank == 0, lor, 1, MPI_LOGICAL, MPI_LOR, MPI_COMM_WORLD, ierr)
  call MPI_ALLREDUCE(rank == 0, land, 1, MPI_LOGICAL, MPI_LAND, MPI_COMM_WORLD, ierr)
  call ok(ierr, 'MPI_ALLREDUCE LOGICAL')
  call check(lor, 'LOGICAL or')
  call check(land .eqv. (nprocs == 1), 'LOGICAL and')
  call MPI_ALLREDUCE(.true., flag, 1, MPI_LOGICAL, MPI_LXOR, MPI_COMM_WORLD, ierr)
  call check(flag .eqv. (mod(nprocs, 2) == 1), 'LOGICAL xor')

  ! MPI_ALLOC_MEM into a Cray pointer, exposed as a window
  memsize = 4 * 8
  call MPI_ALLOC_MEM(memsize, MPI_INFO_NULL, pmem, ierr)
  call ok(ierr, 'MPI_ALLOC_MEM')
  mem = 0d0
  call MPI_WIN_CREATE(mem, memsize, 8, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  call ok(ierr, 'MPI_WIN_CREATE')
  call MPI_WIN_FENCE(0, win, ierr)
  dval = rank + 1
  tdisp = 1
  call MPI_PUT(dval, 1, MPI_DOUBLE_PRECISION, right, tdisp, 1, MPI_DOUBLE_PRECISION, win, ierr)
  call ok(ierr, 'MPI_PUT')
  tdisp = 3
  call MPI_ACCUMULATE(dval, 1, MPI_DOUBLE_PRECISION, 0, tdisp, 1, MPI_DOUBLE_PRECISION, &
                      MPI_SUM, win, ierr)
  call MPI_WIN_FENCE(0, win, ierr)
  call check(mem(2) == left + 1 .and. mem(1) == 0d0, 'MPI_PUT into MPI_ALLOC_MEM memory')
  if (rank == 0) call check(mem(4) == nprocs * (nprocs + 1) / 2, 'MPI_ACCUMULATE')
  call MPI_WIN_FREE(win, ierr)
  call check(win == MPI_WIN_NULL, 'MPI_WIN_FREE')
  call MPI_FREE_MEM(mem, ierr)
  call ok(ierr, 'MPI_FREE_MEM')

  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,i0,a)', 'fconf_mpif: passed on ', nprocs, ' processes'
  call MPI_FINALIZE(ierr)

contains

  include 'fconf_check.inc'

end program fconf_mpif
