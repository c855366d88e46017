! The Fortran twin of prof_calls.c's sections a, p, i and r
! (tests/prof/profile_calls.sh with sections "apirf"), through the Fortran
! bindings: Waitany; persistent requests (Startall + Waitall, Start +
! Wait, Request_free); Iallreduce overlapped with 2 ms of computation and
! an Ibarrier; Put, Get and Accumulate in a fence epoch.  Then section f,
! calls the profiler's table does not list (time-only wrappers generated
! from mpi.h): through `use mpi`, Comm_split, Comm_size, Type_contiguous,
! Type_commit, Type_size, Type_free, Comm_free; through mpif.h
! (manage_f77), Comm_rank, Comm_dup, Comm_set_name and Comm_get_name
! (character arguments: hidden lengths), Info_create, Info_set (two),
! Info_get_valuelen, Info_free, Type_vector, Type_commit, Type_size,
! Type_free, Comm_free.  2 ranks; the data received and the values the
! calls return are checked.
program prof_calls
  use mpi
  implicit none
  integer :: ierr, rank, other, i, it, round, index
  integer :: reqs(8), req
  ! volatile: MPI reads and writes them outside the calls that name them
  character, volatile :: cin(16384), cout(16384)
  double precision :: x(1024), total(1024)
  integer, volatile :: base(64), mine(32)
  integer :: win
  integer(kind=MPI_ADDRESS_KIND) :: win_bytes, disp
  integer :: split, ftype
  logical :: ok

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  other = 1 - rank

  ! a: 4 Irecv + 4 Isend of 1000 bytes, 8 Waitany
  do i = 1, 4
    cout((i - 1) * 1000 + 1:i * 1000) = achar(97 + rank + i)
    call MPI_IRECV(cin((i - 1) * 1000 + 1), 1000, MPI_BYTE, other, i, &
                   MPI_COMM_WORLD, reqs(i), ierr)
    call MPI_ISEND(cout((i - 1) * 1000 + 1), 1000, MPI_BYTE, other, i, &
                   MPI_COMM_WORLD, reqs(4 + i), ierr)
  end do
  do i = 1, 8
    call MPI_WAITANY(8, reqs, index, MPI_STATUS_IGNORE, ierr)
    call check(index >= 1 .and. index <= 8, 'Waitany index')
  end do
  do i = 1, 4
    call check(cin(i * 1000) == achar(97 + other + i), 'Waitany data')
  end do

  ! p: persistent requests of 1500 bytes
  call MPI_RECV_INIT(cin, 1500, MPI_BYTE, other, 5, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_SEND_INIT(cout, 1500, MPI_BYTE, other, 5, MPI_COMM_WORLD, reqs(2), ierr)
  do round = 0, 4
    cout(1:1500) = achar(65 + rank + round)
    if (round < 3) then
      call MPI_STARTALL(2, reqs, ierr)
      call MPI_WAITALL(2, reqs, MPI_STATUSES_IGNORE, ierr)
    else
      call MPI_START(reqs(1), ierr)
      call MPI_START(reqs(2), ierr)
      call MPI_WAIT(reqs(2), MPI_STATUS_IGNORE, ierr)
      call MPI_WAIT(reqs(1), MPI_STATUS_IGNORE, ierr)
    end if
    call check(cin(1500) == achar(65 + other + round), 'persistent data')
  end do
  call MPI_REQUEST_FREE(reqs(1), ierr)
  call MPI_REQUEST_FREE(reqs(2), ierr)

  ! i: 3 Iallreduce of 1024 doubles overlapped with 2 ms; an Ibarrier
  do it = 0, 2
    do i = 1, 1024
      x(i) = dble(rank + it + i - 1)
    end do
    call MPI_IALLREDUCE(x, total, 1024, MPI_DOUBLE_PRECISION, MPI_SUM, &
                        MPI_COMM_WORLD, req, ierr)
    call compute_us(2000d0)
    call MPI_WAIT(req, MPI_STATUS_IGNORE, ierr)
    call check(total(6) == dble(1 + 2 * (it + 5)), 'Iallreduce sum')
  end do
  call MPI_IBARRIER(MPI_COMM_WORLD, req, ierr)
  call MPI_WAIT(req, MPI_STATUS_IGNORE, ierr)

  ! r: Put 16 ints, Get 8, Accumulate 4 in a fence epoch
  do i = 1, 64
    base(i) = rank * 100 + i - 1
  end do
  mine = -1 - rank
  win_bytes = 64 * 4
  call MPI_WIN_CREATE(base, win_bytes, 4, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  call MPI_WIN_FENCE(0, win, ierr)
  disp = 0
  call MPI_PUT(mine, 16, MPI_INTEGER, other, disp, 16, MPI_INTEGER, win, ierr)
  disp = 32
  call MPI_GET(mine(17), 8, MPI_INTEGER, other, disp, 8, MPI_INTEGER, win, ierr)
  disp = 48
  call MPI_ACCUMULATE(mine, 4, MPI_INTEGER, other, disp, 4, MPI_INTEGER, &
                      MPI_SUM, win, ierr)
  call MPI_WIN_FENCE(0, win, ierr)
  call check(base(1) == -1 - other .and. mine(17) == other * 100 + 32 .and. &
             base(49) == rank * 100 + 48 - 1 - other, 'one-sided data')
  call MPI_WIN_FREE(win, ierr)

  ! f: management calls through the mpi module, then through mpif.h
  call MPI_COMM_SPLIT(MPI_COMM_WORLD, 0, -rank, split, ierr)
  call MPI_COMM_SIZE(split, i, ierr)
  call check(i == 2, 'Comm_split size')
  call MPI_TYPE_CONTIGUOUS(3, MPI_DOUBLE_PRECISION, ftype, ierr)
  call MPI_TYPE_COMMIT(ftype, ierr)
  call MPI_TYPE_SIZE(ftype, i, ierr)
  call check(i == 24, 'Type_contiguous size')
  call MPI_TYPE_FREE(ftype, ierr)
  call MPI_COMM_FREE(split, ierr)
  call manage_f77(rank, ok)
  call check(ok, 'mpif.h management calls')
  call MPI_FINALIZE(ierr)

contains

  subroutine check(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    integer :: e
    if (.not. ok) then
      write (0, '(a,i0,a,a)') 'prof_calls: rank ', rank, ': wrong ', what
      call MPI_ABORT(MPI_COMM_WORLD, 1, e)
    end if
  end subroutine check

  include 'prof_compute.inc'
end program prof_calls

! Section f's calls through mpif.h (an external procedure: mpif.h and the
! mpi module cannot share a scope); ok when every value returned is right.
subroutine manage_f77(rank, ok)
  implicit none
  include 'mpif.h'
  integer, intent(in) :: rank
  logical, intent(out) :: ok
  integer :: ierr, me, dup, info, vtype, nbytes, namelen, valuelen
  logical :: found
  character(len=MPI_MAX_OBJECT_NAME) :: name

  call MPI_COMM_RANK(MPI_COMM_WORLD, me, ierr)
  call MPI_COMM_DUP(MPI_COMM_WORLD, dup, ierr)
  call MPI_COMM_SET_NAME(dup, 'prof-dup', ierr)
  call MPI_COMM_GET_NAME(dup, name, namelen, ierr)
  call MPI_INFO_CREATE(info, ierr)
  call MPI_INFO_SET(info, 'prof_key', 'twelve chars', ierr)
  call MPI_INFO_GET_VALUELEN(info, 'prof_key', valuelen, found, ierr)
  call MPI_INFO_FREE(info, ierr)
  call MPI_TYPE_VECTOR(4, 2, 3, MPI_INTEGER, vtype, ierr)
  call MPI_TYPE_COMMIT(vtype, ierr)
  call MPI_TYPE_SIZE(vtype, nbytes, ierr)
  call MPI_TYPE_FREE(vtype, ierr)
  call MPI_COMM_FREE(dup, ierr)
  ok = me == rank .and. namelen == 8 .and. name(1:namelen) == 'prof-dup' &
       .and. found .and. valuelen == 12 .and. nbytes == 32
end subroutine manage_f77
