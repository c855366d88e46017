! The Fortran program of runtime.findmpi's project (FindMPI's MPI::MPI_Fortran
! with mpchar-fc) and of runtime.wrapper (mpchar-fc): a sum over the ranks.
program fhello
  use mpi
  implicit none
  integer :: rank, nprocs, s, ierr
  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
  call MPI_ALLREDUCE(rank, s, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,i0,a,i0)', 'findmpi fortran: sum ', s, ' of ', nprocs
  call MPI_FINALIZE(ierr)
end program fhello
