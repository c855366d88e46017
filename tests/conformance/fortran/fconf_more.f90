! fconf_more: the calls of `use mpi` beyond MPI-1's core: one-sided
! (fence epochs with MPI_PUT, MPI_GET, MPI_ACCUMULATE; MPI_WIN_LOCK; an
! MPI_WIN_ALLOCATE window; a shared window; window attributes and
! MPI_TAG_UB; matched probes; MPI_REQUEST_GET_STATUS, type names and
! sizes; a distributed graph and neighbourhood collectives; error codes;
! atomics,
! lock_all and the
! flushes; a post/start/complete/wait epoch), every nonblocking collective
! (MPI_WAIT, MPI_TEST, MPI_WAITALL), persistent rings with MPI_STARTALL
! (standard, synchronous, ready, buffered), groups and their algebra,
! MPI_COMM_CREATE(_GROUP), Cartesian topologies, info objects and
! communicator names (CHARACTER in and out), a halo exchange with subarray
! and resized types, the h and indexed-block types, MPI_PACK/MPI_UNPACK,
! MPI_ALLOC_MEM.  Standard MPI
! only: built with mpchar-fc, mpif90.openmpi and mpif90.mpich alike
! (docs/runtime.md).  Windows are over heap memory: MPICH 4.0 loses
! passive-target updates to stack and MPI_WIN_ALLOCATE memory.
program fconf_more
  use mpi
  use, intrinsic :: iso_c_binding, only: c_ptr, c_f_pointer
  implicit none
  integer :: ierr, rank, nprocs, left, right, i, j, n, it
  integer :: req, reqs(2), res, grp, wgrp, grp2, evens
  ! buffers that MPI reads or writes after the call that names them
  ! returns: VOLATILE, so that the compiler neither caches nor drops them
  integer, volatile :: sendval, recvval, got, nsum, ivals(3), one, contrib
  integer, allocatable, volatile :: winbuf(:)
  double precision, volatile :: dput
  integer :: dims(2), coords(2), cart, row, src, dst, cdims(2), cndims
  integer :: info, info2, nkeys, vlen, resultlen, dup
  integer :: win, win2, rowtype, subtype, position, psize, psize2
  integer, allocatable :: ranks(:), wranks(:)
  integer :: ranges(3, 1), iback(3), expect
  logical :: flag, periods(2), cperiods(2), remain(2)
  double precision :: dvals(2), dback(2), u(0:5, 0:5), v(8)
  double precision, pointer :: dwin(:), dmem(:)
  integer(kind=MPI_ADDRESS_KIND) :: tdisp, wsize, attr, baseptr, lb, extent
  type(c_ptr) :: cp
  ! the second round: atomics, PSCW, every nonblocking collective, the other
  ! persistent sends, group algebra, the h/indexed-block types
  integer, allocatable, volatile :: abuf(:)
  integer, volatile :: fetched, swapped, peek, ga(8), gb(8), gc(8), gd(8), ge(8), gf(8)
  integer, volatile :: gg(8), gh(8), gi(8), gj(8), gk(8), gl(8), gm(8), gn(8)
  integer, volatile :: gq(8), gr(8), gs(8), gt(8)
  integer :: nreq(13), cnts(8), dsp(8), awin, origin, cmpv, lgrp, rgrp, g1, g2, g3
  integer :: t1, t2, t3, t4, t5, t6, tsize, bsbuf(200), bsize
  integer :: msg, mst(MPI_STATUS_SIZE), mtype, dgraph, cring, pair(2), nin, nout
  integer :: eclass, ecode, elen
  character(len=MPI_MAX_ERROR_STRING) :: estring
  character(len=MPI_MAX_OBJECT_NAME) :: tname
  integer(kind=MPI_ADDRESS_KIND) :: adisp(3)
  character(len=64) :: value, key
  character(len=MPI_MAX_OBJECT_NAME) :: cname
  character(len=1) :: packbuf(256)

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
  left = mod(rank - 1 + nprocs, nprocs)
  right = mod(rank + 1, nprocs)

  ! ---- one-sided: fence epochs over MPI_WIN_CREATE ----
  ! slots 0..nprocs-1 take puts, slot nprocs accumulates
  allocate (winbuf(0:nprocs))
  winbuf = -1
  winbuf(nprocs) = 0
  wsize = (nprocs + 1) * 4
  call MPI_WIN_CREATE(winbuf, wsize, 4, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  call ok(ierr, 'MPI_WIN_CREATE')
  call check(win /= MPI_WIN_NULL, 'a window handle')
  call MPI_WIN_GET_ATTR(win, MPI_WIN_SIZE, attr, flag, ierr)
  call check(flag .and. attr == wsize, 'MPI_WIN_SIZE')
  call MPI_WIN_GET_ATTR(win, MPI_WIN_DISP_UNIT, attr, flag, ierr)
  call check(flag .and. attr == 4, 'MPI_WIN_DISP_UNIT')
  ! a communicator's predefined attribute: its value, where C has a pointer
  call MPI_COMM_GET_ATTR(MPI_COMM_WORLD, MPI_TAG_UB, attr, flag, ierr)
  call ok(ierr, 'MPI_COMM_GET_ATTR')
  call check(flag .and. attr >= 32767, 'MPI_TAG_UB')
  call MPI_WIN_GET_GROUP(win, grp, ierr)
  call MPI_GROUP_SIZE(grp, n, ierr)
  call check(n == nprocs, 'MPI_WIN_GET_GROUP size')
  call MPI_GROUP_FREE(grp, ierr)
  call MPI_WIN_FENCE(0, win, ierr)
  call ok(ierr, 'MPI_WIN_FENCE')
  tdisp = rank
  call MPI_PUT(rank, 1, MPI_INTEGER, right, tdisp, 1, MPI_INTEGER, win, ierr)
  call ok(ierr, 'MPI_PUT')
  call MPI_WIN_FENCE(0, win, ierr)
  call check(winbuf(left) == left, 'MPI_PUT landed in the right slot')
  got = -5
  call MPI_GET(got, 1, MPI_INTEGER, right, tdisp, 1, MPI_INTEGER, win, ierr)
  call ok(ierr, 'MPI_GET')
  tdisp = nprocs
  contrib = rank + 1
  call MPI_ACCUMULATE(contrib, 1, MPI_INTEGER, 0, tdisp, 1, MPI_INTEGER, MPI_SUM, win, ierr)
  call ok(ierr, 'MPI_ACCUMULATE')
  call MPI_WIN_FENCE(0, win, ierr)
  call check(got == rank, 'MPI_GET read what MPI_PUT wrote')
  if (rank == 0) call check(winbuf(nprocs) == nprocs * (nprocs + 1) / 2, 'MPI_ACCUMULATE sum')
  ! the passive-target epochs below may begin at once on other ranks
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)

  ! ---- one-sided: passive target ----
  call MPI_WIN_LOCK(MPI_LOCK_EXCLUSIVE, 0, 0, win, ierr)
  call ok(ierr, 'MPI_WIN_LOCK')
  one = 1
  call MPI_ACCUMULATE(one, 1, MPI_INTEGER, 0, tdisp, 1, MPI_INTEGER, MPI_SUM, win, ierr)
  call MPI_WIN_UNLOCK(0, win, ierr)
  call ok(ierr, 'MPI_WIN_UNLOCK')
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  got = -5
  call MPI_WIN_LOCK(MPI_LOCK_SHARED, 0, 0, win, ierr)
  call MPI_GET(got, 1, MPI_INTEGER, 0, tdisp, 1, MPI_INTEGER, win, ierr)
  call MPI_WIN_UNLOCK(0, win, ierr)
  call check(got == nprocs * (nprocs + 1) / 2 + nprocs, 'accumulates under MPI_WIN_LOCK')
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  call MPI_WIN_FREE(win, ierr)
  call ok(ierr, 'MPI_WIN_FREE')
  call check(win == MPI_WIN_NULL, 'a freed window is MPI_WIN_NULL')
  deallocate (winbuf)

  ! ---- one-sided: MPI_WIN_ALLOCATE, its base as an address ----
  wsize = 2 * 8
  call MPI_WIN_ALLOCATE(wsize, 8, MPI_INFO_NULL, MPI_COMM_WORLD, baseptr, win2, ierr)
  call ok(ierr, 'MPI_WIN_ALLOCATE')
  call MPI_WIN_GET_ATTR(win2, MPI_WIN_BASE, attr, flag, ierr)
  call check(flag .and. attr == baseptr, 'MPI_WIN_BASE is baseptr')
  cp = transfer(baseptr, cp)
  call c_f_pointer(cp, dwin, (/ 2 /))
  dwin = -1d0
  call MPI_WIN_FENCE(0, win2, ierr)
  tdisp = 1
  dput = dble(rank) + 0.5d0
  call MPI_PUT(dput, 1, MPI_DOUBLE_PRECISION, right, tdisp, 1, &
               MPI_DOUBLE_PRECISION, win2, ierr)
  call MPI_WIN_FENCE(0, win2, ierr)
  call check(dwin(2) == dble(left) + 0.5d0 .and. dwin(1) == -1d0, 'put into allocated window')
  call MPI_WIN_FREE(win2, ierr)

  ! ---- a shared window: the left rank's segment through MPI_WIN_SHARED_QUERY ----
  wsize = 8
  call MPI_WIN_ALLOCATE_SHARED(wsize, 8, MPI_INFO_NULL, MPI_COMM_WORLD, baseptr, win2, ierr)
  call ok(ierr, 'MPI_WIN_ALLOCATE_SHARED')
  cp = transfer(baseptr, cp)
  call c_f_pointer(cp, dwin, (/ 1 /))
  dwin(1) = dble(rank) + 0.25d0
  call MPI_WIN_FENCE(0, win2, ierr)
  call MPI_WIN_SHARED_QUERY(win2, left, wsize, n, baseptr, ierr)
  call ok(ierr, 'MPI_WIN_SHARED_QUERY')
  call check(wsize == 8 .and. n == 8, 'the left segment''s size and unit')
  cp = transfer(baseptr, cp)
  call c_f_pointer(cp, dmem, (/ 1 /))
  call check(dmem(1) == dble(left) + 0.25d0, 'a load from the left rank''s segment')
  call MPI_WIN_GET_ATTR(win2, MPI_WIN_CREATE_FLAVOR, attr, flag, ierr)
  call check(flag .and. attr == MPI_WIN_FLAVOR_SHARED, 'MPI_WIN_CREATE_FLAVOR')
  call MPI_WIN_FENCE(0, win2, ierr)
  call MPI_WIN_FREE(win2, ierr)

  ! ---- MPI_ALLOC_MEM ----
  call MPI_ALLOC_MEM(int(4 * 8, MPI_ADDRESS_KIND), MPI_INFO_NULL, baseptr, ierr)
  call ok(ierr, 'MPI_ALLOC_MEM')
  cp = transfer(baseptr, cp)
  call c_f_pointer(cp, dmem, (/ 4 /))
  dmem = (/ 1d0, 2d0, 3d0, 4d0 /)
  call MPI_ALLREDUCE(MPI_IN_PLACE, dmem, 4, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call check(dmem(4) == 4d0 * nprocs, 'collective on MPI_ALLOC_MEM memory')
  call MPI_FREE_MEM(dmem, ierr)
  call ok(ierr, 'MPI_FREE_MEM')

  ! ---- matched probes: the message handle in and out ----
  sendval = rank + 40
  call MPI_ISEND(sendval, 1, MPI_INTEGER, right, 77, MPI_COMM_WORLD, req, ierr)
  call MPI_MPROBE(left, 77, MPI_COMM_WORLD, msg, mst, ierr)
  call ok(ierr, 'MPI_MPROBE')
  call check(msg /= MPI_MESSAGE_NULL .and. mst(MPI_TAG) == 77, 'MPI_MPROBE''s message')
  call MPI_MRECV(recvval, 1, MPI_INTEGER, msg, mst, ierr)
  call ok(ierr, 'MPI_MRECV')
  call check(recvval == left + 40 .and. msg == MPI_MESSAGE_NULL, 'MPI_MRECV of the probed message')
  call MPI_WAIT(req, MPI_STATUS_IGNORE, ierr)
  call MPI_IMPROBE(MPI_PROC_NULL, 0, MPI_COMM_WORLD, flag, msg, mst, ierr)
  call check(flag .and. msg == MPI_MESSAGE_NO_PROC, 'MPI_MESSAGE_NO_PROC')
  call MPI_IMRECV(recvval, 1, MPI_INTEGER, msg, req, ierr)
  call MPI_WAIT(req, mst, ierr)
  call check(mst(MPI_SOURCE) == MPI_PROC_NULL, 'MPI_IMRECV of MPI_MESSAGE_NO_PROC')

  ! ---- a request's status kept, a type by size, names, the main thread ----
  sendval = rank + 60
  call MPI_IRECV(recvval, 1, MPI_INTEGER, left, 78, MPI_COMM_WORLD, req, ierr)
  call MPI_SEND(sendval, 1, MPI_INTEGER, right, 78, MPI_COMM_WORLD, ierr)
  flag = .false.
  do while (.not. flag)
    call MPI_REQUEST_GET_STATUS(req, flag, mst, ierr)
    call ok(ierr, 'MPI_REQUEST_GET_STATUS')
  end do
  call check(req /= MPI_REQUEST_NULL .and. mst(MPI_SOURCE) == left, 'MPI_REQUEST_GET_STATUS keeps the request')
  call MPI_WAIT(req, mst, ierr)
  call check(recvval == left + 60, 'the received value')
  call MPI_TYPE_MATCH_SIZE(MPI_TYPECLASS_REAL, 8, mtype, ierr)
  call ok(ierr, 'MPI_TYPE_MATCH_SIZE')
  call MPI_TYPE_SIZE(mtype, n, ierr)
  call check(n == 8, 'a REAL of 8 bytes')
  call MPI_TYPE_GET_NAME(MPI_DOUBLE_PRECISION, tname, n, ierr)
  call check(tname(1:n) == 'MPI_DOUBLE_PRECISION', 'MPI_TYPE_GET_NAME')
  call MPI_IS_THREAD_MAIN(flag, ierr)
  call check(flag, 'MPI_IS_THREAD_MAIN')

  ! ---- neighbourhood collectives: a ring as a graph and as a periodic grid ----
  call MPI_DIST_GRAPH_CREATE_ADJACENT(MPI_COMM_WORLD, 1, (/ left /), MPI_UNWEIGHTED, &
                                      1, (/ right /), MPI_UNWEIGHTED, MPI_INFO_NULL, &
                                      .false., dgraph, ierr)
  call ok(ierr, 'MPI_DIST_GRAPH_CREATE_ADJACENT')
  call MPI_DIST_GRAPH_NEIGHBORS_COUNT(dgraph, nin, nout, flag, ierr)
  call check(nin == 1 .and. nout == 1 .and. .not. flag, 'MPI_DIST_GRAPH_NEIGHBORS_COUNT')
  sendval = rank + 70
  call MPI_NEIGHBOR_ALLGATHER(sendval, 1, MPI_INTEGER, recvval, 1, MPI_INTEGER, dgraph, ierr)
  call ok(ierr, 'MPI_NEIGHBOR_ALLGATHER')
  call check(recvval == left + 70, 'MPI_NEIGHBOR_ALLGATHER on the graph')
  call MPI_COMM_FREE(dgraph, ierr)
  call MPI_CART_CREATE(MPI_COMM_WORLD, 1, (/ nprocs /), (/ .true. /), .false., cring, ierr)
  pair = -1
  call MPI_NEIGHBOR_ALLGATHER(rank, 1, MPI_INTEGER, pair, 1, MPI_INTEGER, cring, ierr)
  call check(pair(1) == left .and. pair(2) == right, 'MPI_NEIGHBOR_ALLGATHER on the ring')
  call MPI_COMM_FREE(cring, ierr)

  ! ---- error classes, codes and strings added at run time ----
  call MPI_ADD_ERROR_CLASS(eclass, ierr)
  call ok(ierr, 'MPI_ADD_ERROR_CLASS')
  call MPI_ADD_ERROR_CODE(eclass, ecode, ierr)
  call MPI_ADD_ERROR_STRING(ecode, 'diverged', ierr)
  call ok(ierr, 'MPI_ADD_ERROR_STRING')
  call MPI_ERROR_STRING(ecode, estring, elen, ierr)
  call check(estring(1:elen) == 'diverged', 'the new code''s string')
  call MPI_ERROR_CLASS(ecode, n, ierr)
  call check(n == eclass, 'the new code''s class')

  ! ---- nonblocking collectives ----
  call MPI_IALLREDUCE(rank, nsum, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, req, ierr)
  call ok(ierr, 'MPI_IALLREDUCE')
  call MPI_WAIT(req, MPI_STATUS_IGNORE, ierr)
  call check(req == MPI_REQUEST_NULL, 'a completed request is MPI_REQUEST_NULL')
  call check(nsum == nprocs * (nprocs - 1) / 2, 'MPI_IALLREDUCE sum')
  ivals = -1
  if (rank == 0) ivals = (/ 7, 8, 9 /)
  call MPI_IBCAST(ivals, 3, MPI_INTEGER, 0, MPI_COMM_WORLD, req, ierr)
  call ok(ierr, 'MPI_IBCAST')
  flag = .false.
  do while (.not. flag)
    call MPI_TEST(req, flag, MPI_STATUS_IGNORE, ierr)
  end do
  call check(req == MPI_REQUEST_NULL, 'a tested request is MPI_REQUEST_NULL')
  call check(all(ivals == (/ 7, 8, 9 /)), 'MPI_IBCAST data')

  ! ---- persistent requests: a ring started three times ----
  call MPI_RECV_INIT(recvval, 1, MPI_INTEGER, left, 5, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_SEND_INIT(sendval, 1, MPI_INTEGER, right, 5, MPI_COMM_WORLD, reqs(2), ierr)
  call ok(ierr, 'MPI_SEND_INIT')
  do it = 1, 3
    sendval = rank * 10 + it
    recvval = -1
    call MPI_STARTALL(2, reqs, ierr)
    call ok(ierr, 'MPI_STARTALL')
    call MPI_WAITALL(2, reqs, MPI_STATUSES_IGNORE, ierr)
    call check(recvval == left * 10 + it, 'persistent ring data')
    call check(reqs(1) /= MPI_REQUEST_NULL, 'a persistent request stays')
  end do
  call MPI_START(reqs(1), ierr)
  call MPI_START(reqs(2), ierr)
  call MPI_WAIT(reqs(1), MPI_STATUS_IGNORE, ierr)
  call MPI_WAIT(reqs(2), MPI_STATUS_IGNORE, ierr)
  call MPI_REQUEST_FREE(reqs(1), ierr)
  call MPI_REQUEST_FREE(reqs(2), ierr)
  call check(all(reqs == MPI_REQUEST_NULL), 'freed persistent requests')

  ! ---- groups ----
  evens = (nprocs + 1) / 2
  allocate (ranks(evens), wranks(evens))
  ranks = (/ (2 * i, i = 0, evens - 1) /)
  call MPI_COMM_GROUP(MPI_COMM_WORLD, wgrp, ierr)
  call ok(ierr, 'MPI_COMM_GROUP')
  call MPI_GROUP_INCL(wgrp, evens, ranks, grp, ierr)
  call ok(ierr, 'MPI_GROUP_INCL')
  ranges(:, 1) = (/ 0, nprocs - 1, 2 /)
  call MPI_GROUP_RANGE_INCL(wgrp, 1, ranges, grp2, ierr)
  call MPI_GROUP_COMPARE(grp, grp2, res, ierr)
  call check(res == MPI_IDENT, 'MPI_GROUP_RANGE_INCL equals MPI_GROUP_INCL')
  call MPI_GROUP_FREE(grp2, ierr)
  call check(grp2 == MPI_GROUP_NULL, 'a freed group is MPI_GROUP_NULL')
  call MPI_GROUP_SIZE(grp, n, ierr)
  call check(n == evens, 'MPI_GROUP_SIZE')
  call MPI_GROUP_RANK(grp, n, ierr)
  if (mod(rank, 2) == 0) then
    call check(n == rank / 2, 'MPI_GROUP_RANK')
  else
    call check(n == MPI_UNDEFINED, 'MPI_GROUP_RANK outside')
  end if
  ranks = (/ (i, i = 0, evens - 1) /)
  call MPI_GROUP_TRANSLATE_RANKS(grp, evens, ranks, wgrp, wranks, ierr)
  call ok(ierr, 'MPI_GROUP_TRANSLATE_RANKS')
  call check(all(wranks == 2 * ranks), 'translated ranks')
  call MPI_COMM_CREATE(MPI_COMM_WORLD, grp, n, ierr)
  call ok(ierr, 'MPI_COMM_CREATE')
  if (mod(rank, 2) == 0) then
    call MPI_ALLREDUCE(1, j, 1, MPI_INTEGER, MPI_SUM, n, ierr)
    call check(j == evens, 'a collective on the created communicator')
    call MPI_COMM_FREE(n, ierr)
  else
    call check(n == MPI_COMM_NULL, 'MPI_COMM_CREATE outside the group')
  end if
  call MPI_GROUP_FREE(grp, ierr)
  call MPI_GROUP_FREE(wgrp, ierr)
  deallocate (ranks, wranks)

  ! ---- Cartesian topology ----
  dims = 0
  call MPI_DIMS_CREATE(nprocs, 2, dims, ierr)
  call ok(ierr, 'MPI_DIMS_CREATE')
  call check(dims(1) * dims(2) == nprocs .and. dims(1) >= dims(2), 'MPI_DIMS_CREATE dims')
  periods = (/ .true., .false. /)
  call MPI_CART_CREATE(MPI_COMM_WORLD, 2, dims, periods, .false., cart, ierr)
  call ok(ierr, 'MPI_CART_CREATE')
  call MPI_TOPO_TEST(cart, n, ierr)
  call check(n == MPI_CART, 'MPI_TOPO_TEST')
  call MPI_CARTDIM_GET(cart, cndims, ierr)
  call check(cndims == 2, 'MPI_CARTDIM_GET')
  call MPI_CART_COORDS(cart, rank, 2, coords, ierr)
  call ok(ierr, 'MPI_CART_COORDS')
  call check(rank == coords(1) * dims(2) + coords(2), 'row-major coordinates')
  call MPI_CART_GET(cart, 2, cdims, cperiods, coords, ierr)
  call check(all(cdims == dims) .and. cperiods(1) .and. .not. cperiods(2), 'MPI_CART_GET')
  call MPI_CART_RANK(cart, coords, n, ierr)
  call check(n == rank, 'MPI_CART_RANK')
  call MPI_CART_SHIFT(cart, 0, 1, src, dst, ierr)
  call check(dst == mod(coords(1) + 1, dims(1)) * dims(2) + coords(2), 'periodic shift dest')
  call check(src == mod(coords(1) - 1 + dims(1), dims(1)) * dims(2) + coords(2), &
             'periodic shift source')
  call MPI_CART_SHIFT(cart, 1, 1, src, dst, ierr)
  if (coords(2) == dims(2) - 1) then
    call check(dst == MPI_PROC_NULL, 'non-periodic edge is MPI_PROC_NULL')
  else
    call check(dst == rank + 1, 'non-periodic shift dest')
  end if
  remain = (/ .false., .true. /)
  call MPI_CART_SUB(cart, remain, row, ierr)
  call ok(ierr, 'MPI_CART_SUB')
  call MPI_COMM_SIZE(row, n, ierr)
  call MPI_COMM_RANK(row, j, ierr)
  call check(n == dims(2) .and. j == coords(2), 'MPI_CART_SUB row')
  call MPI_COMM_FREE(row, ierr)
  call MPI_COMM_FREE(cart, ierr)

  ! ---- info objects: CHARACTER keys and values ----
  call MPI_INFO_CREATE(info, ierr)
  call ok(ierr, 'MPI_INFO_CREATE')
  call MPI_INFO_SET(info, 'mpchar_key', 'some value', ierr)
  call ok(ierr, 'MPI_INFO_SET')
  value = 'x'
  call MPI_INFO_GET(info, 'mpchar_key', MPI_MAX_INFO_VAL, value, flag, ierr)
  call ok(ierr, 'MPI_INFO_GET')
  call check(flag .and. value == 'some value', 'MPI_INFO_GET value')
  call MPI_INFO_GET(info, 'absent', MPI_MAX_INFO_VAL, value, flag, ierr)
  call check(.not. flag, 'MPI_INFO_GET of an absent key')
  call MPI_INFO_GET_VALUELEN(info, 'mpchar_key', vlen, flag, ierr)
  call check(flag .and. vlen == 10, 'MPI_INFO_GET_VALUELEN')
  call MPI_INFO_GET_NKEYS(info, nkeys, ierr)
  call check(nkeys == 1, 'MPI_INFO_GET_NKEYS')
  call MPI_INFO_GET_NTHKEY(info, 0, key, ierr)
  call check(key == 'mpchar_key', 'MPI_INFO_GET_NTHKEY')
  call MPI_INFO_DUP(info, info2, ierr)
  call MPI_INFO_DELETE(info, 'mpchar_key', ierr)
  call MPI_INFO_GET_NKEYS(info, nkeys, ierr)
  call check(nkeys == 0, 'MPI_INFO_DELETE')
  call MPI_INFO_GET(info2, 'mpchar_key', MPI_MAX_INFO_VAL, value, flag, ierr)
  call check(flag .and. value == 'some value', 'MPI_INFO_DUP kept the key')
  call MPI_INFO_FREE(info, ierr)
  call MPI_INFO_FREE(info2, ierr)
  call check(info == MPI_INFO_NULL .and. info2 == MPI_INFO_NULL, 'freed infos')

  ! ---- communicator names ----
  call MPI_COMM_DUP(MPI_COMM_WORLD, dup, ierr)
  call MPI_COMM_SET_NAME(dup, 'fconf ring   ', ierr)
  call ok(ierr, 'MPI_COMM_SET_NAME')
  cname = 'x'
  call MPI_COMM_GET_NAME(dup, cname, resultlen, ierr)
  call ok(ierr, 'MPI_COMM_GET_NAME')
  call check(cname == 'fconf ring' .and. resultlen == 10, 'MPI_COMM_GET_NAME name')

  ! ---- halo exchange: rows of u are strided, a subarray type resized to
  ! one element so that consecutive rows follow each other ----
  do j = 0, 5
    do i = 0, 5
      u(i, j) = rank * 100 + i * 10 + j
    end do
  end do
  call MPI_TYPE_CREATE_SUBARRAY(2, (/ 6, 6 /), (/ 1, 4 /), (/ 0, 1 /), MPI_ORDER_FORTRAN, &
                                MPI_DOUBLE_PRECISION, subtype, ierr)
  call ok(ierr, 'MPI_TYPE_CREATE_SUBARRAY')
  call MPI_TYPE_CREATE_RESIZED(subtype, int(0, MPI_ADDRESS_KIND), int(8, MPI_ADDRESS_KIND), &
                               rowtype, ierr)
  call ok(ierr, 'MPI_TYPE_CREATE_RESIZED')
  call MPI_TYPE_COMMIT(rowtype, ierr)
  call MPI_TYPE_GET_EXTENT(rowtype, lb, extent, ierr)
  call check(lb == 0 .and. extent == 8, 'resized extent')
  ! row 1 up, row 4 down; rows 0 and 5 are the halo
  call MPI_SENDRECV(u(1, 0), 1, rowtype, left, 1, u(5, 0), 1, rowtype, right, 1, &
                    dup, MPI_STATUS_IGNORE, ierr)
  call MPI_SENDRECV(u(4, 0), 1, rowtype, right, 2, u(0, 0), 1, rowtype, left, 2, &
                    dup, MPI_STATUS_IGNORE, ierr)
  call ok(ierr, 'halo MPI_SENDRECV')
  do j = 1, 4
    call check(u(5, j) == right * 100 + 10 + j, 'lower halo row')
    call check(u(0, j) == left * 100 + 40 + j, 'upper halo row')
  end do
  call check(u(5, 0) == rank * 100 + 50 .and. u(0, 5) == rank * 100 + 5, 'halo corners untouched')
  ! two rows with count 2: the resized extent steps one row down
  call MPI_SENDRECV(u(1, 0), 2, rowtype, 0, 3, v, 8, MPI_DOUBLE_PRECISION, 0, 3, &
                    MPI_COMM_SELF, MPI_STATUS_IGNORE, ierr)
  call check(all(v(1:4) == u(1, 1:4)) .and. all(v(5:8) == u(2, 1:4)), 'count 2 of resized rows')
  call MPI_TYPE_FREE(rowtype, ierr)
  call MPI_TYPE_FREE(subtype, ierr)

  ! ---- MPI_PACK / MPI_UNPACK around the ring ----
  call MPI_PACK_SIZE(3, MPI_INTEGER, dup, psize, ierr)
  call MPI_PACK_SIZE(2, MPI_DOUBLE_PRECISION, dup, psize2, ierr)
  call check(psize >= 12 .and. psize2 >= 16 .and. psize + psize2 <= 256, 'MPI_PACK_SIZE')
  ivals = (/ rank, rank + 1, rank + 2 /)
  dvals = (/ rank * 0.25d0, -1.5d0 /)
  position = 0
  call MPI_PACK(ivals, 3, MPI_INTEGER, packbuf, 256, position, dup, ierr)
  call ok(ierr, 'MPI_PACK')
  call MPI_PACK(dvals, 2, MPI_DOUBLE_PRECISION, packbuf, 256, position, dup, ierr)
  call check(position > 0 .and. position <= psize + psize2, 'MPI_PACK position')
  expect = position
  call MPI_SENDRECV_REPLACE(packbuf, 256, MPI_PACKED, right, 4, left, 4, dup, &
                            MPI_STATUS_IGNORE, ierr)
  position = 0
  call MPI_UNPACK(packbuf, 256, position, iback, 3, MPI_INTEGER, dup, ierr)
  call ok(ierr, 'MPI_UNPACK')
  call MPI_UNPACK(packbuf, 256, position, dback, 2, MPI_DOUBLE_PRECISION, dup, ierr)
  call check(position == expect, 'MPI_UNPACK position')
  call check(all(iback == (/ left, left + 1, left + 2 /)), 'unpacked INTEGERs')
  call check(dback(1) == left * 0.25d0 .and. dback(2) == -1.5d0, 'unpacked DOUBLE PRECISION')
  call MPI_COMM_FREE(dup, ierr)

  ! ---- one-sided atomics on a heap window ----
  allocate (abuf(0:1))
  abuf = 0
  call MPI_WIN_CREATE(abuf, int(8, MPI_ADDRESS_KIND), 4, MPI_INFO_NULL, MPI_COMM_WORLD, awin, ierr)
  call MPI_WIN_FENCE(MPI_MODE_NOPRECEDE, awin, ierr)
  one = 1
  tdisp = 0
  call MPI_FETCH_AND_OP(one, fetched, MPI_INTEGER, 0, tdisp, MPI_SUM, awin, ierr)
  call ok(ierr, 'MPI_FETCH_AND_OP')
  call MPI_WIN_FENCE(MPI_MODE_NOSUCCEED, awin, ierr)
  call check(fetched >= 0 .and. fetched < nprocs, 'MPI_FETCH_AND_OP fetched an old value')
  call MPI_ALLREDUCE(fetched, n, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call check(n == nprocs * (nprocs - 1) / 2, 'MPI_FETCH_AND_OP values are distinct')
  if (rank == 0) call check(abuf(0) == nprocs, 'MPI_FETCH_AND_OP sum')
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  ! one compare-and-swap wins
  origin = 100 + rank
  cmpv = nprocs
  call MPI_WIN_LOCK(MPI_LOCK_EXCLUSIVE, 0, 0, awin, ierr)
  call MPI_COMPARE_AND_SWAP(origin, cmpv, swapped, MPI_INTEGER, 0, tdisp, awin, ierr)
  call ok(ierr, 'MPI_COMPARE_AND_SWAP')
  call MPI_WIN_UNLOCK(0, awin, ierr)
  j = 0
  if (swapped == nprocs) j = 1
  call check(swapped == nprocs .or. (swapped >= 100 .and. swapped < 100 + nprocs), &
             'MPI_COMPARE_AND_SWAP result')
  call MPI_ALLREDUCE(j, n, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call check(n == 1, 'exactly one MPI_COMPARE_AND_SWAP wins')
  call MPI_WIN_LOCK_ALL(0, awin, ierr)
  call ok(ierr, 'MPI_WIN_LOCK_ALL')
  peek = -1
  call MPI_GET_ACCUMULATE(one, 1, MPI_INTEGER, peek, 1, MPI_INTEGER, 0, tdisp, 1, MPI_INTEGER, &
                          MPI_NO_OP, awin, ierr)
  call ok(ierr, 'MPI_GET_ACCUMULATE')
  call MPI_WIN_FLUSH(0, awin, ierr)
  call ok(ierr, 'MPI_WIN_FLUSH')
  call check(peek >= 100 .and. peek < 100 + nprocs, 'MPI_GET_ACCUMULATE with MPI_NO_OP')
  call MPI_WIN_FLUSH_LOCAL(0, awin, ierr)
  call MPI_WIN_FLUSH_ALL(awin, ierr)
  call MPI_WIN_FLUSH_LOCAL_ALL(awin, ierr)
  call MPI_WIN_SYNC(awin, ierr)
  call ok(ierr, 'MPI_WIN_SYNC')
  call MPI_WIN_UNLOCK_ALL(awin, ierr)
  call ok(ierr, 'MPI_WIN_UNLOCK_ALL')
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  ! post/start/complete/wait: each rank puts into its right neighbour's
  ! slot 1, exposed to its left neighbour only
  call MPI_COMM_GROUP(MPI_COMM_WORLD, wgrp, ierr)
  call MPI_GROUP_INCL(wgrp, 1, (/ left /), lgrp, ierr)
  call MPI_GROUP_INCL(wgrp, 1, (/ right /), rgrp, ierr)
  call MPI_WIN_POST(lgrp, 0, awin, ierr)
  call ok(ierr, 'MPI_WIN_POST')
  call MPI_WIN_START(rgrp, 0, awin, ierr)
  call ok(ierr, 'MPI_WIN_START')
  origin = 1000 + rank
  tdisp = 1
  call MPI_PUT(origin, 1, MPI_INTEGER, right, tdisp, 1, MPI_INTEGER, awin, ierr)
  call MPI_WIN_COMPLETE(awin, ierr)
  call ok(ierr, 'MPI_WIN_COMPLETE')
  flag = .false.
  do while (.not. flag)
    call MPI_WIN_TEST(awin, flag, ierr)
  end do
  call check(abuf(1) == 1000 + left, 'a PSCW epoch')
  call MPI_WIN_POST(lgrp, 0, awin, ierr)
  call MPI_WIN_START(rgrp, 0, awin, ierr)
  call MPI_WIN_COMPLETE(awin, ierr)
  call MPI_WIN_WAIT(awin, ierr)
  call ok(ierr, 'MPI_WIN_WAIT')
  call MPI_GROUP_FREE(lgrp, ierr)
  call MPI_GROUP_FREE(rgrp, ierr)
  call MPI_WIN_FREE(awin, ierr)
  deallocate (abuf)

  ! ---- every nonblocking collective at once ----
  ga = rank
  gb = -1
  call MPI_IGATHER(ga, 1, MPI_INTEGER, gb, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, nreq(1), ierr)
  gc = -1
  if (rank == 0) gc = (/ (10 * i, i = 0, 7) /)
  gd = -1
  call MPI_ISCATTER(gc, 1, MPI_INTEGER, gd, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, nreq(2), ierr)
  ge = -1
  call MPI_IALLGATHER(ga, 1, MPI_INTEGER, ge, 1, MPI_INTEGER, MPI_COMM_WORLD, nreq(3), ierr)
  gf = (/ (rank * 10 + i, i = 0, 7) /)
  gg = -1
  call MPI_IALLTOALL(gf, 1, MPI_INTEGER, gg, 1, MPI_INTEGER, MPI_COMM_WORLD, nreq(4), ierr)
  gh = -1
  call MPI_IREDUCE(ga, gh, 2, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD, nreq(5), ierr)
  gi = -1
  call MPI_ISCAN(ga, gi, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, nreq(6), ierr)
  gj = -1
  call MPI_IEXSCAN(ga, gj, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, nreq(7), ierr)
  gk = -1
  call MPI_IREDUCE_SCATTER_BLOCK(gf, gk, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, nreq(8), ierr)
  cnts = 1
  dsp = (/ (i, i = 0, 7) /)
  gl = -1
  call MPI_IGATHERV(ga, 1, MPI_INTEGER, gl, cnts, dsp, MPI_INTEGER, 0, MPI_COMM_WORLD, nreq(9), ierr)
  gm = -1
  call MPI_ISCATTERV(gc, cnts, dsp, MPI_INTEGER, gm, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, nreq(10), ierr)
  gn = -1
  call MPI_IALLGATHERV(ga, 1, MPI_INTEGER, gn, cnts, dsp, MPI_INTEGER, MPI_COMM_WORLD, nreq(11), ierr)
  gq = -1
  call MPI_IALLTOALLV(gf, cnts, dsp, MPI_INTEGER, gq, cnts, dsp, MPI_INTEGER, MPI_COMM_WORLD, &
                      nreq(12), ierr)
  gr = -1
  call MPI_IREDUCE_SCATTER(gf, gr, cnts, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, nreq(13), ierr)
  call ok(ierr, 'MPI_IREDUCE_SCATTER')
  call MPI_WAITALL(13, nreq, MPI_STATUSES_IGNORE, ierr)
  call ok(ierr, 'MPI_WAITALL of 13 collectives')
  if (rank == 0) then
    call check(all(gb(1:nprocs) == (/ (i, i = 0, nprocs - 1) /)), 'MPI_IGATHER')
    call check(all(gl(1:nprocs) == (/ (i, i = 0, nprocs - 1) /)), 'MPI_IGATHERV')
    call check(all(gh(1:2) == nprocs * (nprocs - 1) / 2), 'MPI_IREDUCE')
  end if
  call check(gd(1) == 10 * rank .and. gm(1) == 10 * rank, 'MPI_ISCATTER(V)')
  call check(all(ge(1:nprocs) == (/ (i, i = 0, nprocs - 1) /)), 'MPI_IALLGATHER')
  call check(all(gn(1:nprocs) == (/ (i, i = 0, nprocs - 1) /)), 'MPI_IALLGATHERV')
  call check(all(gg(1:nprocs) == (/ (i * 10 + rank, i = 0, nprocs - 1) /)), 'MPI_IALLTOALL')
  call check(all(gq(1:nprocs) == (/ (i * 10 + rank, i = 0, nprocs - 1) /)), 'MPI_IALLTOALLV')
  call check(gi(1) == rank * (rank + 1) / 2, 'MPI_ISCAN')
  if (rank > 0) call check(gj(1) == rank * (rank - 1) / 2, 'MPI_IEXSCAN')
  call check(gk(1) == 10 * nprocs * (nprocs - 1) / 2 + nprocs * rank, 'MPI_IREDUCE_SCATTER_BLOCK')
  call check(gr(1) == gk(1), 'MPI_IREDUCE_SCATTER')

  ! ---- the other persistent sends ----
  call MPI_RECV_INIT(recvval, 1, MPI_INTEGER, left, 6, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_SSEND_INIT(sendval, 1, MPI_INTEGER, right, 6, MPI_COMM_WORLD, reqs(2), ierr)
  call ok(ierr, 'MPI_SSEND_INIT')
  sendval = rank + 7
  call MPI_STARTALL(2, reqs, ierr)
  call MPI_WAITALL(2, reqs, MPI_STATUSES_IGNORE, ierr)
  call check(recvval == left + 7, 'MPI_SSEND_INIT ring')
  call MPI_REQUEST_FREE(reqs(2), ierr)
  ! a ready send needs its receive started first
  call MPI_START(reqs(1), ierr)
  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  call MPI_RSEND_INIT(sendval, 1, MPI_INTEGER, right, 6, MPI_COMM_WORLD, reqs(2), ierr)
  call ok(ierr, 'MPI_RSEND_INIT')
  sendval = rank + 8
  call MPI_START(reqs(2), ierr)
  call MPI_WAITALL(2, reqs, MPI_STATUSES_IGNORE, ierr)
  call check(recvval == left + 8, 'MPI_RSEND_INIT ring')
  call MPI_REQUEST_FREE(reqs(2), ierr)
  bsize = 200 * 4
  call MPI_BUFFER_ATTACH(bsbuf, bsize, ierr)
  call MPI_BSEND_INIT(sendval, 1, MPI_INTEGER, right, 6, MPI_COMM_WORLD, reqs(2), ierr)
  call ok(ierr, 'MPI_BSEND_INIT')
  sendval = rank + 9
  call MPI_STARTALL(2, reqs, ierr)
  call MPI_WAITALL(2, reqs, MPI_STATUSES_IGNORE, ierr)
  call check(recvval == left + 9, 'MPI_BSEND_INIT ring')
  call MPI_REQUEST_FREE(reqs(1), ierr)
  call MPI_REQUEST_FREE(reqs(2), ierr)
  call MPI_BUFFER_DETACH(bsbuf, bsize, ierr)

  ! ---- group algebra, MPI_COMM_CREATE_GROUP ----
  call MPI_GROUP_EXCL(wgrp, 1, (/ 0 /), g1, ierr)
  call ok(ierr, 'MPI_GROUP_EXCL')
  call MPI_GROUP_SIZE(g1, n, ierr)
  call check(n == nprocs - 1, 'MPI_GROUP_EXCL size')
  ranges(:, 1) = (/ 0, 0, 1 /)
  call MPI_GROUP_RANGE_EXCL(wgrp, 1, ranges, g2, ierr)
  call MPI_GROUP_COMPARE(g1, g2, res, ierr)
  call check(res == MPI_IDENT, 'MPI_GROUP_RANGE_EXCL')
  call MPI_GROUP_FREE(g2, ierr)
  call MPI_GROUP_INCL(wgrp, 1, (/ 0 /), g2, ierr)
  call MPI_GROUP_UNION(g2, g1, g3, ierr)
  call MPI_GROUP_COMPARE(g3, wgrp, res, ierr)
  call check(res == MPI_IDENT, 'MPI_GROUP_UNION')
  call MPI_GROUP_FREE(g3, ierr)
  call MPI_GROUP_INTERSECTION(g2, g1, g3, ierr)
  call MPI_GROUP_COMPARE(g3, MPI_GROUP_EMPTY, res, ierr)
  call check(res == MPI_IDENT, 'MPI_GROUP_INTERSECTION is empty')
  call MPI_GROUP_FREE(g3, ierr)
  call MPI_GROUP_DIFFERENCE(wgrp, g1, g3, ierr)
  call MPI_GROUP_COMPARE(g3, g2, res, ierr)
  call check(res == MPI_IDENT, 'MPI_GROUP_DIFFERENCE')
  call MPI_GROUP_FREE(g3, ierr)
  call MPI_GROUP_FREE(g2, ierr)
  if (rank /= 0) then
    call MPI_COMM_CREATE_GROUP(MPI_COMM_WORLD, g1, 9, n, ierr)
    call ok(ierr, 'MPI_COMM_CREATE_GROUP')
    call MPI_COMM_SIZE(n, j, ierr)
    call check(j == nprocs - 1, 'MPI_COMM_CREATE_GROUP size')
    call MPI_COMM_FREE(n, ierr)
  end if
  call MPI_GROUP_FREE(g1, ierr)
  call MPI_GROUP_FREE(wgrp, ierr)

  ! ---- the h and indexed-block types ----
  call MPI_TYPE_CREATE_HVECTOR(2, 1, int(12, MPI_ADDRESS_KIND), MPI_INTEGER, t1, ierr)
  call MPI_TYPE_HVECTOR(2, 1, 12, MPI_INTEGER, t2, ierr)
  adisp = (/ 0, 12, 20 /) * 1_MPI_ADDRESS_KIND
  call MPI_TYPE_CREATE_HINDEXED(2, (/ 1, 2 /), adisp, MPI_INTEGER, t3, ierr)
  call MPI_TYPE_CREATE_INDEXED_BLOCK(3, 1, (/ 0, 2, 5 /), MPI_INTEGER, t4, ierr)
  call MPI_TYPE_CREATE_HINDEXED_BLOCK(3, 1, adisp, MPI_INTEGER, t5, ierr)
  call MPI_TYPE_DUP(t4, t6, ierr)
  call ok(ierr, 'MPI_TYPE_DUP')
  call MPI_TYPE_GET_EXTENT(t1, lb, extent, ierr)
  call check(extent == 16, 'MPI_TYPE_CREATE_HVECTOR extent')
  call MPI_TYPE_GET_EXTENT(t2, lb, extent, ierr)
  call check(extent == 16, 'MPI_TYPE_HVECTOR extent')
  call MPI_TYPE_SIZE(t3, tsize, ierr)
  call check(tsize == 12, 'MPI_TYPE_CREATE_HINDEXED size')
  call MPI_TYPE_GET_EXTENT(t5, lb, extent, ierr)
  call check(extent == 24, 'MPI_TYPE_CREATE_HINDEXED_BLOCK extent')
  call MPI_TYPE_COMMIT(t6, ierr)
  gs = (/ (i, i = 1, 8) /)
  gt = -1
  call MPI_SENDRECV(gs, 1, t6, 0, 7, gt, 3, MPI_INTEGER, 0, 7, MPI_COMM_SELF, &
                    MPI_STATUS_IGNORE, ierr)
  call check(gt(1) == 1 .and. gt(2) == 3 .and. gt(3) == 6, 'a dup of an indexed-block type')
  call MPI_TYPE_FREE(t1, ierr)
  call MPI_TYPE_FREE(t2, ierr)
  call MPI_TYPE_FREE(t3, ierr)
  call MPI_TYPE_FREE(t4, ierr)
  call MPI_TYPE_FREE(t5, ierr)
  call MPI_TYPE_FREE(t6, ierr)
  call check(t6 == MPI_DATATYPE_NULL, 'freed dup')
  call MPI_INFO_GET_NKEYS(MPI_INFO_ENV, nkeys, ierr)
  call check(ierr == MPI_SUCCESS .and. nkeys >= 0, 'MPI_INFO_ENV')

  call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,i0,a)', 'fconf_more: passed on ', nprocs, ' processes'
  call MPI_FINALIZE(ierr)

contains

  include 'fconf_check.inc'

end program fconf_more
