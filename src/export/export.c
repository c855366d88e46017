/* `mpchar export`'s formats: one table of {name, writer} that the
 * command's help, its parsing and its dispatch read. */
#include <string.h>

#include "export_internal.h"

static const struct {
    const char *name;
    mpchar__export_writer write;
} formats[] = {
    {"openmpi-rules", mpchar__export_openmpi_rules},
    {"mpich-cvars", mpchar__export_mpich_cvars},
    {"mpich-json", mpchar__export_mpich_json},
    {"smpi", mpchar__export_smpi},
    {"loggp", mpchar__export_loggp},
};
#define NFORMATS (sizeof formats / sizeof formats[0])

const char *mpchar_export_formats(void)
{
    static char list[128];
    if (!list[0])
        for (size_t i = 0; i < NFORMATS; i++) {
            strcat(list, i ? "|" : "");
            strcat(list, formats[i].name);
        }
    return list;
}

int mpchar_export_check_format(const char *format, mpchar_error *err)
{
    for (size_t i = 0; i < NFORMATS; i++)
        if (strcmp(formats[i].name, format) == 0)
            return (int)i;
    return mpchar_error_set(err, "--format '%s': use %s", format,
                            mpchar_export_formats());
}

int mpchar_export_write(const mpchar_model *model, const char *format,
                        const char *library, FILE *out, mpchar_error *err)
{
    int i = mpchar_export_check_format(format, err);
    return i < 0 ? -1 : formats[i].write(model, library, out, err);
}
