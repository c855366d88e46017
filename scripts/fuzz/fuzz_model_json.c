/* libFuzzer harness for the model.json reader: any input is rejected with
 * a message or read into a model that writes back, reads again, predicts
 * and prints its tables without a fault. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void exercise(const mpchar_model *m)
{
    for (size_t i = 0; i < m->nentries && i < 8; i++) {
        const mpchar_entry *e = &m->entries[i];
        static const double ns[] = {0, 1, 1000, 1e6, 1e12};
        static const long ps[] = {1, 2, 3, 64};
        for (int f = MPCHAR_FAMILY_BEST; f < MPCHAR_FAMILY_COUNT; f++)
            for (size_t a = 0; a < 5; a++)
                for (size_t b = 0; b < 4; b++) {
                    mpchar_prediction r;
                    mpchar_entry_predict(e, (mpchar_family)f, ns[a], ps[b], &r,
                                         NULL);
                }
        mpchar_peaks pk;
        mpchar_entry_peaks(e, MPCHAR_FAMILY_BEST, NULL, 0, &pk, NULL);
    }
    FILE *null = fopen("/dev/null", "w");
    if (null) {
        mpchar_model_print_tables(m, null, MPCHAR_FORMAT_TEXT,
                                  MPCHAR_UNITS_DEFAULT, NULL);
        fclose(null);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mpchar_model m, back;
    mpchar_error err;
    if (mpchar_model_parse((const char *)data, size, "fuzz.json", &m, &err))
        return 0;
    exercise(&m);
    char *text;
    if (mpchar_model_dump(&m, &text, &err) == 0) {
        if (mpchar_model_parse(text, strlen(text), "dump", &back, &err) != 0) {
            fprintf(stderr, "round trip failed: %s\n", err.msg);
            abort();
        }
        mpchar_model_free(&back);
        free(text);
    }
    mpchar_model_free(&m);
    return 0;
}
