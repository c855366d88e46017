/* RFC 4180 field splitting and quoting.  mpchar writes plain fields except
 * for free text (failure reasons); users' spreadsheets may quote anything,
 * so the reader accepts quotes everywhere. */
#include "mpchar/csv.h"

#include <string.h>

int mpchar_csv_split(char *line, char **fields, size_t *count_p,
                     mpchar_error *err)
{
    size_t count = 0;
    char *in = line;
    for (;;) {
        if (count == MPCHAR_CSV_MAX_FIELDS)
            return mpchar_error_set(err, "more than %d fields",
                                    MPCHAR_CSV_MAX_FIELDS);
        char *out = in;
        fields[count++] = out;
        if (*in == '"') {
            in++;
            for (;;) {
                if (*in == '\0')
                    return mpchar_error_set(err,
                                            "field %zu: unterminated "
                                            "quote",
                                            count);
                if (*in == '"' && in[1] == '"') {
                    *out++ = '"';
                    in += 2;
                } else if (*in == '"') {
                    in++;
                    break;
                } else {
                    *out++ = *in++;
                }
            }
            if (*in != ',' && *in != '\0')
                return mpchar_error_set(err,
                                        "field %zu: text after the "
                                        "closing quote",
                                        count);
        } else {
            while (*in != ',' && *in != '\0') {
                if (*in == '"')
                    return mpchar_error_set(err, "field %zu: stray quote",
                                            count);
                *out++ = *in++;
            }
        }
        char sep = *in;
        *out = '\0';
        if (sep == '\0')
            break;
        in++;
    }
    *count_p = count;
    return 0;
}

int mpchar_csv_put(char *buf, size_t len, size_t *pos, const char *field,
                   mpchar_error *err)
{
    int quote = strpbrk(field, ",\"\r\n") != NULL;
    size_t p = *pos;
    if (quote && p < len)
        buf[p++] = '"';
    for (const char *c = field; *c; c++) {
        char ch = (*c == '\r' || *c == '\n') ? ' ' : *c;
        if (ch == '"' && p < len)
            buf[p++] = '"';
        if (p < len)
            buf[p++] = ch;
    }
    if (quote && p < len)
        buf[p++] = '"';
    if (p >= len)
        return mpchar_error_set(err, "CSV line longer than %zu bytes", len);
    buf[p] = '\0';
    *pos = p;
    return 0;
}
