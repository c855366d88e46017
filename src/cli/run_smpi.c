/* `mpchar run` on simulated clusters: SimGrid's SMPI as the MPI library
 * "smpi" (docs/scale.md).  --platform names a SimGrid platform file, or
 * cluster:HOSTS:LAT:BW, a homogeneous cluster (SimGrid's <cluster> tag:
 * one full-duplex link of latency LAT and bandwidth BW per host to a
 * switch that adds nothing), written into the results directory as
 * platform.xml with a host file placing rank r on host r mod HOSTS.
 * smpirun then runs with the settings of smpi_settings[], which make the
 * platform's latency and bandwidth exactly what the network does (no
 * SMPI correction factors), and with the collective selector and forced
 * algorithms (--smpi-coll-selector, --smpi-coll: variants
 * smpi@<coll>:<alg> of the algorithm table, as --algorithms makes). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mpchar/fileio.h"
#include "mpchar/parse.h"
#include "run.h"

#define CLUSTER_PREFIX "cluster:"
#define CLUSTER_HOSTS_MAX 100000
#define PLATFORM_FILE "platform.xml"
#define HOST_FILE "hosts.txt"
#define HOST_PREFIX "node-"

/* Why each: docs/scale.md, "What the fit recovers". */
static const char *const smpi_settings[] = {
    "--cfg=network/model:CM02",           /* latency and bandwidth as given */
    "--cfg=network/crosstraffic:0",       /* no acknowledgement traffic */
    "--cfg=network/TCP-gamma:0",          /* no window limit on a flow's rate */
    "--cfg=smpi/simulate-computation:no", /* time is the network's */
    "--cfg=smpi/wtime:0",                 /* reading the clock costs nothing */
    "--log=root.thres:warning",           /* stderr: failures only */
    NULL,
};

/* SimGrid 3.32's smpi/coll-selector values. */
static const char *const selectors[] = {
    "default", "ompi", "mpich", "mvapich2", "impi", "automatic", NULL};

/* A unit of a --platform cluster spec: its suffix, and its size in
 * seconds or bytes per second. */
typedef struct unit {
    const char *suffix;
    double scale;
} unit;

static const unit latency_units[] = {
    {"ps", 1e-12}, {"ns", 1e-9}, {"us", 1e-6},
    {"ms", 1e-3},  {"s", 1.0},   {NULL, 0.0},
};

static const unit bandwidth_units[] = {
    {"bps", 1.0 / 8},        {"kbps", 1e3 / 8},  {"Mbps", 1e6 / 8},
    {"Gbps", 1e9 / 8},       {"Tbps", 1e12 / 8}, {"Bps", 1.0},
    {"kBps", 1e3},           {"MBps", 1e6},      {"GBps", 1e9},
    {"TBps", 1e12},          {"KiBps", 1024.0},  {"MiBps", 1048576.0},
    {"GiBps", 1073741824.0}, {NULL, 0.0},
};

typedef struct cluster_spec {
    long hosts;
    char lat[64], bw[64]; /* as typed, which SimGrid reads */
    double lat_s, bw_Bps;
} cluster_spec;

/* text is a number followed by one of units' suffixes. */
static int parse_quantity(const char *text, const unit *units, double min,
                          double *value_p)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || errno != 0 || !(v >= min))
        return -1;
    for (const unit *u = units; u->suffix; u++)
        if (strcmp(end, u->suffix) == 0) {
            *value_p = v * u->scale;
            return 0;
        }
    return -1;
}

static int parse_cluster(const char *spec, cluster_spec *c, mpchar_error *err)
{
    char copy[256], *save = NULL;
    const char *body = spec + strlen(CLUSTER_PREFIX);
    if (strlen(body) >= sizeof copy)
        return mpchar_error_set(err, "'%s' is too long", spec);
    snprintf(copy, sizeof copy, "%s", body);
    char *hosts = strtok_r(copy, ":", &save);
    char *lat = strtok_r(NULL, ":", &save);
    char *bw = strtok_r(NULL, ":", &save);
    mpchar_error e;
    if (!hosts || !lat || !bw || strtok_r(NULL, ":", &save))
        return mpchar_error_set(err,
                                "'%s' is not cluster:HOSTS:LAT:BW "
                                "(e.g. cluster:256:1us:10Gbps)",
                                spec);
    if (mpchar_parse_long(hosts, 1, CLUSTER_HOSTS_MAX, &c->hosts, &e) != 0)
        return mpchar_error_set(err,
                                "'%s': HOSTS '%s' is not a count of 1 to %d",
                                spec, hosts, CLUSTER_HOSTS_MAX);
    if (parse_quantity(lat, latency_units, 0.0, &c->lat_s) != 0)
        return mpchar_error_set(err,
                                "'%s': LAT '%s' is not a latency such as "
                                "1us (units ps, ns, us, ms, s)",
                                spec, lat);
    if (parse_quantity(bw, bandwidth_units, 1e-300, &c->bw_Bps) != 0)
        return mpchar_error_set(err,
                                "'%s': BW '%s' is not a bandwidth such as "
                                "10Gbps (units bps, kbps, Mbps, Gbps, Tbps, "
                                "Bps, kBps, MBps, GBps, TBps, KiBps, MiBps, "
                                "GiBps)",
                                spec, bw);
    snprintf(c->lat, sizeof c->lat, "%s", lat);
    snprintf(c->bw, sizeof c->bw, "%s", bw);
    return 0;
}

static bool is_cluster(const char *spec)
{
    return strncmp(spec, CLUSTER_PREFIX, strlen(CLUSTER_PREFIX)) == 0;
}

/* ---- the options table's checks ---------------------------------------- */

int run_smpi_check_platform(const char *value, mpchar_error *err)
{
    cluster_spec c;
    if (!value[0])
        return 0;
    if (is_cluster(value))
        return parse_cluster(value, &c, err);
    if (access(value, R_OK) != 0)
        return mpchar_error_set(err,
                                "'%s' is no readable SimGrid platform file "
                                "(%s), nor cluster:HOSTS:LAT:BW",
                                value, strerror(errno));
    return 0;
}

/* Each item COLL:ALG an SMPI algorithm of the table. */
int run_smpi_check_colls(const char *value, mpchar_error *err)
{
    char copy[RUN_VALUE_MAX], *save = NULL;
    snprintf(copy, sizeof copy, "%s", value);
    for (char *t = strtok_r(copy, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        char *colon = strchr(t, ':');
        if (!colon)
            return mpchar_error_set(err, "'%s' is not COLL:ALG", t);
        *colon = '\0';
        if (!mpchar_lib_algorithm_find("smpi", t, colon + 1))
            return mpchar_error_set(err,
                                    "'%s:%s' is no SMPI algorithm of a "
                                    "collective mpchar measures "
                                    "(docs/scale.md lists them)",
                                    t, colon + 1);
    }
    return 0;
}

int run_smpi_check_selector(const char *value, mpchar_error *err)
{
    int index;
    return mpchar_parse_choice_in(value, selectors, &index, err);
}

/* ---- the platform ------------------------------------------------------- */

static int write_cluster_xml(const char *path, const char *spec,
                             const cluster_spec *c, mpchar_error *err)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return mpchar_error_set(err, "%s: cannot write: %s", path,
                                strerror(errno));
    /* A FATPIPE backbone of the links' own bandwidth and no latency
     * neither slows nor shares a flow: hosts meet at an ideal switch.
     * SPLITDUPLEX links send and receive at full bandwidth at once. */
    fprintf(f,
            "<?xml version='1.0'?>\n"
            "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
            "<!-- mpchar run --platform %s (docs/scale.md) -->\n"
            "<platform version=\"4.1\">\n"
            "  <cluster id=\"cluster\" prefix=\"" HOST_PREFIX "\" "
            "suffix=\"\" radical=\"0-%ld\" speed=\"1Gf\"\n"
            "           bw=\"%s\" lat=\"%s\" sharing_policy=\"SPLITDUPLEX\"\n"
            "           bb_bw=\"%s\" bb_lat=\"0s\" "
            "bb_sharing_policy=\"FATPIPE\"/>\n"
            "</platform>\n",
            spec, c->hosts - 1, c->bw, c->lat, c->bw);
    if (fclose(f) != 0)
        return mpchar_error_set(err, "%s: cannot write: %s", path,
                                strerror(errno));
    return 0;
}

static int write_hostfile(const char *path, long hosts, mpchar_error *err)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return mpchar_error_set(err, "%s: cannot write: %s", path,
                                strerror(errno));
    for (long h = 0; h < hosts; h++)
        fprintf(f, HOST_PREFIX "%ld\n", h);
    if (fclose(f) != 0)
        return mpchar_error_set(err, "%s: cannot write: %s", path,
                                strerror(errno));
    return 0;
}

static int copy_file(const char *from, const char *to, mpchar_error *err)
{
    FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
    char buf[65536];
    size_t n;
    int rc = 0;
    if (!in || !out)
        rc = mpchar_error_set(err, "%s: cannot copy to %s: %s", from, to,
                              strerror(errno));
    while (rc == 0 && (n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            rc = mpchar_error_set(err, "%s: cannot write: %s", to,
                                  strerror(errno));
    if (in)
        fclose(in);
    if (out && fclose(out) != 0 && rc == 0)
        rc = mpchar_error_set(err, "%s: cannot write: %s", to, strerror(errno));
    return rc;
}

/* The plans read a cluster spec's platform from a temporary file: the
 * results directory is only made once everything is checked. */
static int make_plan_platform(run_state *st, const char *spec,
                              mpchar_error *err)
{
    cluster_spec c;
    const char *tmp = getenv("TMPDIR");
    snprintf(st->smpi.plan_platform, sizeof st->smpi.plan_platform,
             "%s/mpchar-platform-XXXXXX.xml", tmp && tmp[0] ? tmp : "/tmp");
    if (parse_cluster(spec, &c, err) != 0)
        return mpchar_error_prefix(err, "--platform");
    int fd = mkstemps(st->smpi.plan_platform, 4);
    if (fd < 0)
        return mpchar_error_set(err, "%s: cannot create: %s",
                                st->smpi.plan_platform, strerror(errno));
    close(fd);
    st->smpi.plan_is_temporary = true;
    return write_cluster_xml(st->smpi.plan_platform, spec, &c, err);
}

/* ---- setup ---------------------------------------------------------------- */

static const char *const smpi_only_options[] = {"platform", "smpi-coll",
                                                "smpi-coll-selector", NULL};

static int check_combination(const run_state *st, mpchar_error *err)
{
    if (!st->smpi.used) {
        for (const char *const *o = smpi_only_options; *o; o++)
            if (run_given(&st->opt, *o))
                return mpchar_error_set(err,
                                        "--%s is for simulated runs: add "
                                        "--mpi smpi",
                                        *o);
        return 0;
    }
    if (!run_value(&st->opt, "platform")[0])
        return mpchar_error_set(err, "--mpi smpi needs --platform FILE or "
                                     "cluster:HOSTS:LAT:BW (e.g. "
                                     "cluster:256:1us:10Gbps)");
    if (st->launcher[0])
        return mpchar_error_set(err, "--launcher: a simulated library is "
                                     "launched by smpirun only");
    return 0;
}

static void set_library_platform(const run_state *st, run_library *lib)
{
    const char *spec = run_value(&st->opt, "platform");
    snprintf(lib->platform, sizeof lib->platform, "%s/" PLATFORM_FILE, st->out);
    lib->hostfile[0] = '\0';
    if (is_cluster(spec))
        snprintf(lib->hostfile, sizeof lib->hostfile, "%s/" HOST_FILE, st->out);
    snprintf(lib->coll_selector, sizeof lib->coll_selector, "%s",
             run_value(&st->opt, "smpi-coll-selector"));
}

/* --smpi-coll COLL:ALG,... as --algorithms smpi@COLL:ALG,... */
static int add_forced(run_state *st, mpchar_error *err)
{
    char spec[2 * RUN_VALUE_MAX] = "", copy[RUN_VALUE_MAX], *save = NULL;
    snprintf(copy, sizeof copy, "%s", run_value(&st->opt, "smpi-coll"));
    for (char *t = strtok_r(copy, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        size_t len = strlen(spec);
        snprintf(spec + len, sizeof spec - len, "%ssmpi@%s", len ? "," : "", t);
    }
    if (!spec[0])
        return 0;
    return run_libraries_add_algorithms(spec, &st->libs, &st->nlibs, err);
}

int run_smpi_setup(run_state *st, bool resume, mpchar_error *err)
{
    st->smpi.used = false;
    for (size_t i = 0; i < st->nlibs; i++)
        st->smpi.used |= st->libs[i].simulated;
    if (check_combination(st, err) != 0)
        return -1;
    if (!st->smpi.used)
        return 0;
    for (size_t i = 0; i < st->nlibs; i++)
        if (st->libs[i].simulated)
            set_library_platform(st, &st->libs[i]);
    const char *spec = run_value(&st->opt, "platform");
    char kept[4200];
    snprintf(kept, sizeof kept, "%s/" PLATFORM_FILE, st->out);
    st->smpi.platform_kept = resume && access(kept, R_OK) == 0;
    if (st->smpi.platform_kept)
        snprintf(st->smpi.plan_platform, sizeof st->smpi.plan_platform, "%s",
                 kept);
    else if (is_cluster(spec)) {
        if (make_plan_platform(st, spec, err) != 0)
            return -1;
    } else
        snprintf(st->smpi.plan_platform, sizeof st->smpi.plan_platform, "%s",
                 spec);
    return add_forced(st, err);
}

int run_smpi_write_platform(run_state *st, mpchar_error *err)
{
    char platform[4200], hosts[4200];
    const char *spec = run_value(&st->opt, "platform");
    if (!st->smpi.used || st->smpi.platform_kept)
        return 0;
    snprintf(platform, sizeof platform, "%s/" PLATFORM_FILE, st->out);
    snprintf(hosts, sizeof hosts, "%s/" HOST_FILE, st->out);
    int rc = copy_file(st->smpi.plan_platform, platform, err);
    if (rc == 0 && is_cluster(spec)) {
        cluster_spec c;
        rc = parse_cluster(spec, &c, err) != 0 ||
                     write_hostfile(hosts, c.hosts, err) != 0
                 ? -1
                 : 0;
    }
    run_smpi_cleanup(st);
    return rc;
}

void run_smpi_cleanup(run_state *st)
{
    if (st->smpi.plan_is_temporary)
        unlink(st->smpi.plan_platform);
    st->smpi.plan_is_temporary = false;
}

/* ---- launching ------------------------------------------------------------ */

void run_smpi_push_launcher(run_args *b, const run_library *lib, long p,
                            const char *plan_platform)
{
    char num[32], selector[MPCHAR_NAME_MAX + 32];
    snprintf(num, sizeof num, "%ld", plan_platform ? 1L : p);
    run_args_push(b, lib->launcher);
    run_args_push(b, "-np");
    run_args_push(b, num);
    run_args_push(b, "-platform");
    run_args_push(b, plan_platform ? plan_platform : lib->platform);
    if (!plan_platform && lib->hostfile[0]) {
        run_args_push(b, "-hostfile");
        run_args_push(b, lib->hostfile);
    }
    for (const char *const *s = smpi_settings; *s; s++)
        run_args_push(b, *s);
    snprintf(selector, sizeof selector, "--cfg=smpi/coll-selector:%s",
             lib->coll_selector);
    run_args_push(b, selector);
    for (size_t i = 0; i < lib->nenv; i++)
        run_args_push(b, lib->env[i]);
}

/* ---- meta.json ------------------------------------------------------------ */

json_t *run_smpi_meta_json(const run_state *st)
{
    if (!st->smpi.used)
        return NULL;
    const char *spec = run_value(&st->opt, "platform");
    json_t *settings = json_array();
    for (const char *const *s = smpi_settings; *s; s++)
        json_array_append_new(settings, json_string(*s));
    json_t *sim = json_pack(
        "{s:s, s:s, s:s, s:o, s:s, s:s, s:s}", "engine", "SimGrid SMPI",
        "platform", spec, "platform_file", PLATFORM_FILE, "host_file",
        is_cluster(spec) ? json_string(HOST_FILE) : json_null(),
        "coll_selector", run_value(&st->opt, "smpi-coll-selector"),
        "forced_collectives", run_value(&st->opt, "smpi-coll"), "time",
        "simulated: MPI_Wtime and clock_gettime read the simulator's clock; "
        "no process shares a core (none is oversubscribed)");
    json_object_set_new(sim, "settings", settings);
    cluster_spec c;
    mpchar_error err;
    if (is_cluster(spec) && parse_cluster(spec, &c, &err) == 0)
        json_object_set_new(
            sim, "cluster",
            json_pack("{s:I, s:f, s:f, s:s}", "hosts", (json_int_t)c.hosts,
                      "link_latency_us", c.lat_s * 1e6, "link_bw_MBps",
                      c.bw_Bps / 1e6, "placement",
                      "rank r on host r mod hosts (" HOST_FILE ")"));
    return sim;
}
