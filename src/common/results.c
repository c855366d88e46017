/* Reading and writing the rows of a results directory.  Reading is strict:
 * users hand-edit and generate these files, and a silently misread row
 * would poison every model fitted on it. */
#include "mpchar/results.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "mpchar/csv.h"
#include "mpchar/fileio.h"
#include "mpchar/grow.h"
#include "mpchar/parse.h"

const char *mpchar_set_name(mpchar_set set)
{
    return set == MPCHAR_SET_VALIDATION ? "validation" : "fit";
}

const char *mpchar_key_placement(const mpchar_point_key *k)
{
    return k->placement[0] ? k->placement : MPCHAR_PLACEMENT_NONE;
}

void mpchar_placement_name(long nodes, long ppn, char *buf, size_t len)
{
    snprintf(buf, len, "%ldx%ld", nodes, ppn);
}

int mpchar_key_equal(const mpchar_point_key *a, const mpchar_point_key *b)
{
    return a->p == b->p && a->n_bytes == b->n_bytes && a->set == b->set &&
           strcmp(a->library, b->library) == 0 &&
           strcmp(a->pattern, b->pattern) == 0 &&
           strcmp(a->variant, b->variant) == 0 && strcmp(a->op, b->op) == 0 &&
           strcmp(a->datatype, b->datatype) == 0 &&
           strcmp(mpchar_key_placement(a), mpchar_key_placement(b)) == 0;
}

size_t mpchar_key_hash(const mpchar_point_key *k)
{
    /* FNV-1a over the fields that make up the identity. */
    uint64_t h = 1469598103934665603ULL;
    const char *strings[] = {k->library, k->pattern,  k->variant,
                             k->op,      k->datatype, mpchar_key_placement(k)};
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++)
        for (const char *c = strings[i];; c++) {
            h = (h ^ (unsigned char)*c) * 1099511628211ULL;
            if (!*c)
                break;
        }
    uint64_t nums[] = {(uint64_t)k->p, k->n_bytes, (uint64_t)k->set};
    for (size_t i = 0; i < 3; i++)
        h = (h ^ nums[i]) * 1099511628211ULL;
    return (size_t)h;
}

int mpchar_name_valid(const char *name)
{
    size_t len = strlen(name);
    if (len == 0 || len >= MPCHAR_NAME_MAX)
        return 0;
    for (const char *c = name; *c; c++) {
        if (!(*c >= 'a' && *c <= 'z') && !(*c >= 'A' && *c <= 'Z') &&
            !(*c >= '0' && *c <= '9') && !strchr("_.+-@:", *c))
            return 0;
    }
    return 1;
}

/* ---- writing ---------------------------------------------------------- */

static int format_key(const mpchar_point_key *k, char *buf, size_t len,
                      mpchar_error *err)
{
    int n = snprintf(buf, len, "%s,%s,%s,%s,%s,%ld,%llu,%s", k->library,
                     k->pattern, k->variant, k->op, k->datatype, k->p,
                     (unsigned long long)k->n_bytes, mpchar_set_name(k->set));
    if (n < 0 || (size_t)n >= len)
        return mpchar_error_set(err, "CSV line longer than %zu bytes", len);
    return n;
}

/* Times are written with 0.1 ns resolution. */
#define TIME_FORMAT "%.4f"

double mpchar_time_as_written(double t_us)
{
    char text[64];
    snprintf(text, sizeof text, TIME_FORMAT, t_us);
    return strtod(text, NULL);
}

int mpchar_measurement_format(const mpchar_measurement *m, char *buf,
                              size_t len, mpchar_error *err)
{
    int k = format_key(&m->key, buf, len, err);
    if (k < 0)
        return -1;
    int n = snprintf(buf + k, len - (size_t)k,
                     ",%ld," TIME_FORMAT "," TIME_FORMAT "," TIME_FORMAT
                     "," TIME_FORMAT "," TIME_FORMAT ",%s,%s\n",
                     m->reps, m->t_min_us, m->t_median_us, m->t_mean_us,
                     m->t_max_us, m->t_stddev_us,
                     m->oversubscribed ? "true" : "false",
                     mpchar_key_placement(&m->key));
    if (n < 0 || (size_t)n >= len - (size_t)k)
        return mpchar_error_set(err, "CSV line longer than %zu bytes", len);
    return 0;
}

int mpchar_failure_format(const mpchar_failure *f, char *buf, size_t len,
                          mpchar_error *err)
{
    int k = format_key(&f->key, buf, len, err);
    if (k < 0)
        return -1;
    size_t pos = (size_t)k;
    if (pos + 2 >= len)
        return mpchar_error_set(err, "CSV line longer than %zu bytes", len);
    buf[pos++] = ',';
    if (mpchar_csv_put(buf, len - 1, &pos, f->reason, err) != 0)
        return -1;
    int n =
        snprintf(buf + pos, len - pos, ",%s\n", mpchar_key_placement(&f->key));
    if (n < 0 || (size_t)n >= len - pos)
        return mpchar_error_set(err, "CSV line longer than %zu bytes", len);
    return 0;
}

int mpchar_raw_format(const mpchar_point_key *key, long rep, double t_us,
                      char *buf, size_t len, mpchar_error *err)
{
    int k = format_key(key, buf, len, err);
    if (k < 0)
        return -1;
    int n = snprintf(buf + k, len - (size_t)k, ",%ld," TIME_FORMAT ",%s\n", rep,
                     t_us, mpchar_key_placement(key));
    if (n < 0 || (size_t)n >= len - (size_t)k)
        return mpchar_error_set(err, "CSV line longer than %zu bytes", len);
    return 0;
}

int mpchar_process_times_format(const mpchar_process_times *t, char *buf,
                                size_t len, mpchar_error *err)
{
    int k = format_key(&t->key, buf, len, err);
    if (k < 0)
        return -1;
    size_t used = (size_t)k;
    int n = snprintf(buf + used, len - used, ",%d,%ld", t->rank, t->reps);
    for (int ph = 0;
         n >= 0 && (size_t)n < len - used && ph < MPCHAR_PHASE_COUNT; ph++) {
        used += (size_t)n;
        n = snprintf(buf + used, len - used, "," TIME_FORMAT "," TIME_FORMAT,
                     t->min_us[ph], t->mean_us[ph]);
    }
    if (n >= 0 && (size_t)n < len - used) {
        used += (size_t)n;
        n = snprintf(buf + used, len - used, ",%s\n",
                     mpchar_key_placement(&t->key));
    }
    if (n < 0 || (size_t)n >= len - used)
        return mpchar_error_set(err, "CSV line longer than %zu bytes", len);
    return 0;
}

/* Writes both pieces with one writev(), so a header never lands without
 * its first row; retries the rest after a short write. */
static int write_both(int fd, const char *a, size_t alen, const char *b,
                      size_t blen)
{
    struct iovec iov[2] = {{(void *)a, alen}, {(void *)b, blen}};
    int first = alen ? 0 : 1;
    while (first < 2) {
        ssize_t w = writev(fd, iov + first, 2 - first);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        for (size_t left = (size_t)w; first < 2 && left > 0;) {
            size_t take = left < iov[first].iov_len ? left : iov[first].iov_len;
            iov[first].iov_base = (char *)iov[first].iov_base + take;
            iov[first].iov_len -= take;
            left -= take;
            if (iov[first].iov_len == 0)
                first++;
        }
        while (first < 2 && iov[first].iov_len == 0)
            first++;
    }
    return 0;
}

int mpchar_append_line(const char *path, const char *header, const char *text,
                       mpchar_error *err)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0)
        return mpchar_error_set(err, "%s: cannot open for appending: %s", path,
                                strerror(errno));
    char head[MPCHAR_LINE_MAX];
    size_t head_len = 0;
    if (lseek(fd, 0, SEEK_END) == 0)
        head_len = (size_t)snprintf(head, sizeof head, "%s\n", header);
    if (head_len >= sizeof head ||
        write_both(fd, head, head_len, text, strlen(text)) != 0) {
        int e = errno;
        close(fd);
        return mpchar_error_set(err, "%s: write failed: %s", path, strerror(e));
    }
    if (close(fd) != 0)
        return mpchar_error_set(err, "%s: close failed: %s", path,
                                strerror(errno));
    return 0;
}

/* ---- reading ---------------------------------------------------------- */

typedef struct line_reader {
    const char *path;
    char *data; /* whole file, NUL-terminated */
    size_t size;
    size_t pos;
    long lineno;
} line_reader;

static int reader_open(line_reader *r, const char *path, mpchar_error *err)
{
    memset(r, 0, sizeof *r);
    r->path = path;
    if (mpchar_read_file(path, SIZE_MAX - 1, &r->data, &r->size, err) != 0)
        return -1;
    if (memchr(r->data, '\0', r->size)) {
        free(r->data);
        return mpchar_error_set(err, "%s: binary file (a NUL byte)", path);
    }
    return 0;
}

/* Next line without its newline (CR LF accepted); NULL at the end.
 * *complete_p says whether it ended with a newline. */
static char *reader_next(line_reader *r, int *complete_p)
{
    if (r->pos >= r->size)
        return NULL;
    char *line = r->data + r->pos;
    char *nl = memchr(line, '\n', r->size - r->pos);
    r->lineno++;
    if (nl) {
        *nl = '\0';
        r->pos = (size_t)(nl - r->data) + 1;
        *complete_p = 1;
    } else {
        r->pos = r->size;
        *complete_p = 0;
    }
    size_t len = strlen(line);
    if (len > 0 && line[len - 1] == '\r')
        line[len - 1] = '\0';
    return line;
}

typedef struct field_ctx {
    const char *path;
    long lineno;
    char **fields;
    const char *const *names;
    mpchar_error *err;
} field_ctx;

static int field_error(const field_ctx *c, size_t i, const char *what)
{
    return mpchar_error_set(c->err, "%s:%ld: column '%s': %s", c->path,
                            c->lineno, c->names[i], what);
}

static int get_name(const field_ctx *c, size_t i, char *out)
{
    if (!mpchar_name_valid(c->fields[i]))
        return field_error(c, i,
                           "expected a name of letters, digits and "
                           "_.+-@: (at most 63 characters)");
    strcpy(out, c->fields[i]);
    return 0;
}

static int get_long(const field_ctx *c, size_t i, long min, long *out)
{
    mpchar_error sub;
    if (mpchar_parse_long(c->fields[i], min, 100000000L, out, &sub) != 0)
        return field_error(c, i, sub.msg);
    return 0;
}

static int get_time(const field_ctx *c, size_t i, double *out)
{
    mpchar_error sub;
    if (mpchar_parse_double(c->fields[i], 0.0, 1e15, out, &sub) != 0)
        return field_error(c, i,
                           "expected a finite time >= 0 in "
                           "microseconds");
    return 0;
}

static int get_key(const field_ctx *c, mpchar_point_key *k)
{
    mpchar_error sub;
    if (get_name(c, 0, k->library) || get_name(c, 1, k->pattern) ||
        get_name(c, 2, k->variant) || get_name(c, 3, k->op) ||
        get_name(c, 4, k->datatype) || get_long(c, 5, 1, &k->p))
        return -1;
    if (mpchar_parse_size(c->fields[6], &k->n_bytes, &sub) != 0 ||
        strspn(c->fields[6], "0123456789") != strlen(c->fields[6]))
        return field_error(c, 6, "expected a whole number of bytes");
    if (strcmp(c->fields[7], "fit") == 0)
        k->set = MPCHAR_SET_FIT;
    else if (strcmp(c->fields[7], "validation") == 0)
        k->set = MPCHAR_SET_VALIDATION;
    else
        return field_error(c, 7, "expected fit or validation");
    return 0;
}

/* The required columns, then the optional placement column. */
static const char *const measurement_columns[] = {
    "library",  "pattern",     "variant",        "op",
    "datatype", "p",           "n_bytes",        "set",
    "reps",     "t_min_us",    "t_median_us",    "t_mean_us",
    "t_max_us", "t_stddev_us", "oversubscribed", "placement",
};
#define MEASUREMENT_FIELDS 15

static int parse_measurement(const field_ctx *c, void *row)
{
    mpchar_measurement *m = row;
    mpchar_error sub;
    if (get_key(c, &m->key) || get_long(c, 8, 1, &m->reps) ||
        get_time(c, 9, &m->t_min_us) || get_time(c, 10, &m->t_median_us) ||
        get_time(c, 11, &m->t_mean_us) || get_time(c, 12, &m->t_max_us) ||
        get_time(c, 13, &m->t_stddev_us))
        return -1;
    if (mpchar_parse_bool(c->fields[14], &m->oversubscribed, &sub) != 0)
        return field_error(c, 14, "expected true or false");
    /* The printed values are rounded, so allow for the last digit. */
    double slack = 1e-3;
    if (m->t_min_us > m->t_median_us + slack ||
        m->t_median_us > m->t_max_us + slack ||
        m->t_min_us > m->t_mean_us + slack ||
        m->t_mean_us > m->t_max_us + slack)
        return field_error(c, 9,
                           "times are not ordered min <= median, "
                           "mean <= max");
    return 0;
}

static int parse_failure(const field_ctx *c, void *row)
{
    mpchar_failure *f = row;
    if (get_key(c, &f->key) != 0)
        return -1;
    snprintf(f->reason, sizeof f->reason, "%s", c->fields[8]);
    return 0;
}

static const char *const process_columns[] = {
    "library",        "pattern",
    "variant",        "op",
    "datatype",       "p",
    "n_bytes",        "set",
    "rank",           "reps",
    "t_send_min_us",  "t_send_mean_us",
    "t_wait_min_us",  "t_wait_mean_us",
    "t_total_min_us", "t_total_mean_us",
    "placement",
};

static int parse_process_times(const field_ctx *c, void *row)
{
    mpchar_process_times *t = row;
    long rank;
    if (get_key(c, &t->key) || get_long(c, 8, 0, &rank) ||
        get_long(c, 9, 0, &t->reps))
        return -1;
    t->rank = (int)rank;
    for (int ph = 0; ph < MPCHAR_PHASE_COUNT; ph++)
        if (get_time(c, 10 + 2 * (size_t)ph, &t->min_us[ph]) ||
            get_time(c, 11 + 2 * (size_t)ph, &t->mean_us[ph]))
            return -1;
    return 0;
}

/* The generic table reader: checks the header, splits and parses each
 * line with parse_row into a growing array of row_size elements. */
typedef int (*row_parser)(const field_ctx *c, void *row);

typedef struct table_spec {
    const char *const *columns;
    size_t ncolumns;
    size_t row_size;
    row_parser parse_row;
    size_t key_offset;
    bool repeats; /* a key has several rows (not an error) */
} table_spec;

/* Checks the required columns; *placement_p tells whether the optional
 * placement column follows them. */
static int check_header(line_reader *r, char *line, const table_spec *spec,
                        bool *placement_p, mpchar_error *err)
{
    char *fields[MPCHAR_CSV_MAX_FIELDS];
    size_t count;
    if (mpchar_csv_split(line, fields, &count, err) != 0)
        return mpchar_error_prefix(err, "%s:1: header", r->path);
    for (size_t i = 0; i < spec->ncolumns; i++) {
        if (i >= count)
            return mpchar_error_set(err,
                                    "%s:1: header: column '%s' is "
                                    "missing",
                                    r->path, spec->columns[i]);
        if (strcmp(fields[i], spec->columns[i]) != 0)
            return mpchar_error_set(err,
                                    "%s:1: header: column %zu is '%s', "
                                    "expected '%s'",
                                    r->path, i + 1, fields[i],
                                    spec->columns[i]);
    }
    *placement_p =
        count > spec->ncolumns &&
        strcmp(fields[spec->ncolumns], spec->columns[spec->ncolumns]) == 0;
    return 0;
}

/* The placement column of a row (a file without it: "-"), folded into
 * the library's name when an analysis reads the file. */
static int get_placement(const field_ctx *c, size_t col, size_t nfields,
                         bool has_column, const mpchar_read_options *opt,
                         mpchar_point_key *k)
{
    snprintf(k->placement, sizeof k->placement, "%s", MPCHAR_PLACEMENT_NONE);
    if (has_column) {
        if (col >= nfields)
            return field_error(c, col, "missing");
        if (get_name(c, col, k->placement) != 0)
            return -1;
    }
    if (!opt || !opt->placement_as_library ||
        strcmp(k->placement, MPCHAR_PLACEMENT_NONE) == 0)
        return 0;
    char joined[2 * MPCHAR_NAME_MAX + 2];
    snprintf(joined, sizeof joined, "%s%c%s", k->library, MPCHAR_PLACEMENT_JOIN,
             k->placement);
    if (strlen(joined) >= sizeof k->library)
        return field_error(c, col,
                           "library and placement together are longer "
                           "than 63 characters");
    memcpy(k->library, joined, strlen(joined) + 1);
    snprintf(k->placement, sizeof k->placement, "%s", MPCHAR_PLACEMENT_NONE);
    return 0;
}

static const mpchar_point_key *row_key(const char *rows, size_t i,
                                       const table_spec *s)
{
    return (const mpchar_point_key *)(rows + i * s->row_size + s->key_offset);
}

/* Finds an earlier row with the same key through an open-addressing
 * table of row indices (+1; 0 is empty), rebuilt when it fills up, so
 * large merged files stay linear to read. */
typedef struct key_index {
    size_t *slots;
    size_t nslots;
} key_index;

static size_t index_probe(const key_index *ix, const char *rows,
                          const table_spec *s, const mpchar_point_key *key,
                          int *found_p)
{
    size_t h = mpchar_key_hash(key) & (ix->nslots - 1);
    while (ix->slots[h] != 0) {
        if (mpchar_key_equal(row_key(rows, ix->slots[h] - 1, s), key)) {
            *found_p = 1;
            return h;
        }
        h = (h + 1) & (ix->nslots - 1);
    }
    *found_p = 0;
    return h;
}

static int index_grow(key_index *ix, const char *rows, size_t count,
                      const table_spec *s)
{
    size_t n = ix->nslots ? 2 * ix->nslots : 1024;
    size_t *slots = calloc(n, sizeof *slots);
    if (!slots)
        return -1;
    free(ix->slots);
    ix->slots = slots;
    ix->nslots = n;
    for (size_t i = 0; i < count; i++) {
        int found;
        size_t h = index_probe(ix, rows, s, row_key(rows, i, s), &found);
        ix->slots[h] = i + 1;
    }
    return 0;
}

static int read_table(const char *path, const mpchar_read_options *opt,
                      const table_spec *spec, void **rows_p, size_t *count_p,
                      bool *placement_p, long *valid_bytes_p, mpchar_error *err)
{
    line_reader r;
    if (reader_open(&r, path, err) != 0)
        return -1;
    int complete;
    char *line = reader_next(&r, &complete);
    char *rows = NULL;
    size_t count = 0, cap = 0, lines_cap = 0;
    long *line_of_row = NULL;
    key_index index = {NULL, 0};
    if (!line)
        goto err_empty;
    if (!complete)
        goto err_truncated;
    if (check_header(&r, line, spec, placement_p, err) != 0)
        goto err_free;
    size_t valid = r.pos;
    while ((line = reader_next(&r, &complete)) != NULL) {
        if (!complete) {
            if (opt && opt->allow_truncated_tail)
                break;
            goto err_truncated;
        }
        if (line[0] == '\0')
            goto err_blank;
        char *fields[MPCHAR_CSV_MAX_FIELDS];
        size_t nfields;
        if (mpchar_csv_split(line, fields, &nfields, err) != 0) {
            mpchar_error_prefix(err, "%s:%ld", path, r.lineno);
            goto err_free;
        }
        if (nfields < spec->ncolumns) {
            mpchar_error_set(err,
                             "%s:%ld: column '%s': missing (the line "
                             "has %zu of %zu fields)",
                             path, r.lineno, spec->columns[nfields], nfields,
                             spec->ncolumns);
            goto err_free;
        }
        char *grown = mpchar_grow(rows, &cap, count + 1, spec->row_size);
        if (grown)
            rows = grown;
        long *grown_lines = mpchar_grow(line_of_row, &lines_cap, count + 1,
                                        sizeof *grown_lines);
        if (grown_lines)
            line_of_row = grown_lines;
        if (!grown || !grown_lines) {
            mpchar_error_set(err, "%s: out of memory", path);
            goto err_free;
        }
        char *row = rows + count * spec->row_size;
        memset(row, 0, spec->row_size);
        field_ctx ctx = {path, r.lineno, fields, spec->columns, err};
        if (spec->parse_row(&ctx, row) != 0 ||
            get_placement(&ctx, spec->ncolumns, nfields, *placement_p, opt,
                          (mpchar_point_key *)(row + spec->key_offset)) != 0)
            goto err_free;
        if (spec->repeats) {
            line_of_row[count++] = r.lineno;
            valid = r.pos;
            continue;
        }
        if (2 * (count + 1) > index.nslots &&
            index_grow(&index, rows, count, spec) != 0) {
            mpchar_error_set(err, "%s: out of memory", path);
            goto err_free;
        }
        int found;
        size_t h =
            index_probe(&index, rows, spec, row_key(rows, count, spec), &found);
        if (found) {
            mpchar_error_set(err, "%s:%ld: the point repeats line %ld", path,
                             r.lineno, line_of_row[index.slots[h] - 1]);
            goto err_free;
        }
        index.slots[h] = count + 1;
        line_of_row[count++] = r.lineno;
        valid = r.pos;
    }
    free(index.slots);
    free(line_of_row);
    free(r.data);
    *rows_p = rows;
    *count_p = count;
    if (valid_bytes_p)
        *valid_bytes_p = (long)valid;
    return 0;
err_empty:
    mpchar_error_set(err, "%s: empty file (no header line)", path);
    goto err_free;
err_blank:
    mpchar_error_set(err, "%s:%ld: blank line", path, r.lineno);
    goto err_free;
err_truncated:
    mpchar_error_set(err,
                     "%s:%ld: truncated last line (no newline at the "
                     "end of the file)",
                     path, r.lineno);
err_free:
    free(index.slots);
    free(line_of_row);
    free(rows);
    free(r.data);
    return -1;
}

static const char *const failure_columns[] = {
    "library", "pattern", "variant", "op",     "datatype",
    "p",       "n_bytes", "set",     "reason", "placement",
};

static const table_spec measurement_spec = {measurement_columns,
                                            MEASUREMENT_FIELDS,
                                            sizeof(mpchar_measurement),
                                            parse_measurement,
                                            offsetof(mpchar_measurement, key),
                                            false};
static const table_spec failure_spec = {
    failure_columns,
    sizeof failure_columns / sizeof failure_columns[0] - 1,
    sizeof(mpchar_failure),
    parse_failure,
    offsetof(mpchar_failure, key),
    false};
static const table_spec process_spec = {
    process_columns,
    sizeof process_columns / sizeof process_columns[0] - 1,
    sizeof(mpchar_process_times),
    parse_process_times,
    offsetof(mpchar_process_times, key),
    true};

/* Defines mpchar_<table>_read and mpchar_<table>_free (results.h) for a
 * table type whose rows read_table reads by spec. */
#define TABLE_FUNCTIONS(table, spec)                                           \
    int mpchar_##table##_read(                                                 \
        const char *path, const mpchar_read_options *opt, mpchar_##table *out, \
        long *valid_bytes_p, mpchar_error *err)                                \
    {                                                                          \
        void *rows = NULL;                                                     \
        int rc = read_table(path, opt, &spec, &rows, &out->count,              \
                            &out->has_placement, valid_bytes_p, err);          \
        if (rc == 0)                                                           \
            out->rows = rows;                                                  \
        return rc;                                                             \
    }                                                                          \
                                                                               \
    void mpchar_##table##_free(mpchar_##table *t)                              \
    {                                                                          \
        free(t->rows);                                                         \
        t->rows = NULL;                                                        \
        t->count = 0;                                                          \
    }

TABLE_FUNCTIONS(measurements, measurement_spec)
TABLE_FUNCTIONS(failures, failure_spec)
TABLE_FUNCTIONS(process_rows, process_spec)
