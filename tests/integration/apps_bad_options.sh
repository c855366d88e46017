#!/usr/bin/env bash
# `mpchar apps`'s bad options (argument: a library): one line each on
# stderr naming the option or file at fault, exit status 2, nothing run.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
LIB=$1
A=(apps --mpi "$LIB" --kernels series --out "$WORK/a")
# The classes come from the kernels asked: JGF has C and no W, NPB the reverse.
expect_error "class" "--class: 'X' is not a class of the kernels asked (they have: SABC)" \
  "$M" "${A[@]}" --class X
expect_error "class W of JGF" "(they have: SABC)" "$M" "${A[@]}" --class W
expect_error "class C of NPB" "(they have: SWA)" \
  "$M" apps --mpi "$LIB" --kernels ep --out "$WORK/a" --class C
expect_error "p 0" "--p" "$M" "${A[@]}" --p 0
expect_error "p text" "--p" "$M" "${A[@]}" --p two
if chrt -f 1 true 2>/dev/null; then
  expect_error "p above cores under SCHED_FIFO" \
    "--p $((CORES + 1)) is more than the $CORES cores, under real-time scheduling (SCHED_FIFO" \
    chrt -f 1 "$M" "${A[@]}" --p 1,$((CORES + 1))
fi
expect_error "reps 0" "--reps" "$M" "${A[@]}" --reps 0
expect_error "reps huge" "--reps" "$M" "${A[@]}" --reps 99999999999999999999
expect_error "rounds 0" "--rounds" "$M" "${A[@]}" --rounds 0
expect_error "library" "--mpi: 'nosuch' is not an MPI library" \
  "$M" apps --mpi nosuch --out "$WORK/a"
expect_error "kernel" "--kernels: 'nosuch' is not a kernel" \
  "$M" apps --mpi "$LIB" --kernels series,nosuch --out "$WORK/a"
expect_error "no kernel" "--kernels: no kernel named" \
  "$M" apps --mpi "$LIB" --kernels , --out "$WORK/a"
expect_error "model folder" "--model: $WORK/none/model.json" \
  "$M" "${A[@]}" --model "$WORK/none"
mkdir -p "$WORK/bad" && echo '{"format": 3}' >"$WORK/bad/model.json"
expect_error "model file" "--model" "$M" "${A[@]}" --model "$WORK/bad"
expect_error "cold model folder" "--cold-model: $WORK/none/model.json" \
  "$M" "${A[@]}" --cold-model "$WORK/none"
mkdir -p "$WORK/cold" # a model of one ping-pong line
{
  echo "library,pattern,variant,op,datatype,p,n_bytes,set,reps,t_min_us,t_median_us,t_mean_us,t_max_us,t_stddev_us,oversubscribed"
  for n in 0 1024 65536 1048576; do
    t=$((1 + n / 1000))
    echo "$LIB,pingpong,-,-,byte,2,$n,fit,10,$t,$t,$t,$t,0,false"
  done
} >"$WORK/cold/measurements.csv"
# the state of a model's buffers is its run's meta.json's, which mpchar
# fit copies into model.json
echo '{"options": {"cache": 3}}' >"$WORK/cold/meta.json"
expect_error "cold run's meta.json" \
  "$WORK/cold/meta.json: field 'options.cache' is not \"warm\" or \"cold\"" \
  "$M" fit "$WORK/cold"
echo '{"options": {"cache": "cold"}}' >"$WORK/cold/meta.json"
expect_error "cold run's sweep" "$WORK/cold/meta.json: field 'options.cache_sweep'" \
  "$M" fit "$WORK/cold"
echo '{"options": ' >"$WORK/cold/meta.json"
expect_error "cold run's meta.json damaged" "$WORK/cold/meta.json:2: unexpected token" \
  "$M" fit "$WORK/cold"
echo '{"options": {"cache": "warm"}}' >"$WORK/cold/meta.json"
"$M" fit "$WORK/cold" >/dev/null || fail "fit of the warm model"
expect_error "warm model as cold" "--cold-model $WORK/cold: its model was fitted on warm buffers (model.json's source.cache, from mpchar run --cache): give it as --model" \
  "$M" "${A[@]}" --cold-model "$WORK/cold"
expect_error "measure-model state" "--measure-model: unknown value 'hot' (warm|cold)" \
  "$M" "${A[@]}" --measure-model hot
expect_error "measure-model empty" "--measure-model: no state named" \
  "$M" "${A[@]}" --measure-model ,
expect_error "measure-model and model" \
  "--measure-model warm and --model both give the warm model: keep one" \
  "$M" "${A[@]}" --model "$WORK/cold" --measure-model cold,warm
long=$(printf '%05000d' 0)
expect_error "out too long" "--out: longer than" \
  "$M" apps --mpi "$LIB" --kernels series --out "$WORK/$long"
expect_error "model too long" "--model: longer than" \
  "$M" "${A[@]}" --model "$WORK/$long"
expect_error "unknown option" "--fast" "$M" "${A[@]}" --fast
expect_error "operand" "unexpected argument" "$M" "${A[@]}" extra
mkdir -p "$WORK/c" && echo "library,kernel" >"$WORK/c/apps.csv"
expect_error "damaged apps.csv" "$WORK/c/apps.csv:1" \
  "$M" apps --mpi "$LIB" --kernels series --out "$WORK/c" --resume
# an earlier mpchar's apps.csv: the report reads it, resume does not append
mkdir -p "$WORK/e"
printf '%s\n' "library,kernel,suite,class,p,reps,t_total_s,t_comm_s,t_total_min_s,t_comm_min_s,verified,oversubscribed" \
  "$LIB,series,jgf,S,1,1,0.1,0.0,0.1,0.0,yes,no" >"$WORK/e/apps.csv"
expect_error "earlier apps.csv" "$WORK/e/apps.csv: written by an earlier mpchar" \
  "$M" apps --mpi "$LIB" --kernels series --p 2 --out "$WORK/e" --resume
[ "$(wc -l <"$WORK/e/apps.csv")" -eq 2 ] || fail "resume appended to an earlier apps.csv"
[ ! -e "$WORK/a" ] || fail "a bad option created $WORK/a"
echo "PASS: apps_bad_options"
