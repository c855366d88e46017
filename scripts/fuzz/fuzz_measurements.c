/* libFuzzer harness for the measurements.csv reader, and for everything
 * downstream of it: whatever the reader accepts must fit (or fail with a
 * message), and a fitted model must survive a model.json round trip.
 * The first input byte picks the truncated-tail policy. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mpchar/model.h"
#include "mpchar/results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[256];

static int write_input(const uint8_t *data, size_t size)
{
    if (!path[0]) {
        const char *dir = getenv("TMPDIR");
        snprintf(path, sizeof path, "%s/mpchar_fuzz_%ld.csv",
                 dir && *dir ? dir : "/tmp", (long)getpid());
    }
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    int ok = fwrite(data, 1, size, f) == size;
    return fclose(f) == 0 && ok ? 0 : -1;
}

static void round_trip(const mpchar_model *m)
{
    char *text;
    mpchar_model back;
    mpchar_error err;
    if (mpchar_model_dump(m, &text, &err) != 0)
        return;
    if (mpchar_model_parse(text, strlen(text), "dump", &back, &err) != 0) {
        fprintf(stderr, "round trip failed: %s\n", err.msg);
        abort();
    }
    mpchar_model_free(&back);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || write_input(data + 1, size - 1) != 0)
        return 0;
    mpchar_read_options opt = {.allow_truncated_tail = data[0] & 1};
    mpchar_measurements m = {0};
    mpchar_error err;
    long valid;
    if (mpchar_measurements_read(path, &opt, &m, &valid, &err) != 0)
        return 0;
    if (m.count > 0 && m.count < 400) {
        mpchar_fit_options fo;
        mpchar_fit_options_default(&fo);
        fo.include_oversubscribed = data[0] & 2;
        mpchar_model model;
        if (mpchar_model_fit(&m, path, &fo, &model, &err) == 0) {
            round_trip(&model);
            mpchar_model_free(&model);
        }
    }
    mpchar_measurements_free(&m);
    return 0;
}
