/* `mpchar export --format smpi`: SimGrid SMPI's piecewise software
 * overheads, as smpirun --cfg options.  Each of smpi/os, smpi/or and
 * smpi/ois is "bytes:offset_s:factor_s_per_byte" sections joined by ";",
 * a section holding from its size up to the next.  From the piecewise
 * pingpong model (one-way time ts_k + tb_k n per segment k) the send and
 * the receive overheads each take half of a segment's time: on one node
 * the processes' copies are the whole transfer, and the platform's link
 * should then add nothing (docs/export.md); smpi/ois, the time an Isend
 * keeps the sender, is the stream model's time per message.  Negative
 * fitted start-ups (a segment's line extrapolated to n = 0) are written
 * as 0. */
#include <math.h>

#include "export_internal.h"

static void print_sections(FILE *out, const char *name, const mpchar_pfit *f,
                           double share)
{
    mpchar_piecewise one = {
        1, {{0.0, f->hockney.ts_us, f->hockney.tb_us_per_byte}}};
    const mpchar_piecewise *pw = f->ok[MPCHAR_FAMILY_PIECEWISE] ? &f->pw : &one;
    fprintf(out, "--cfg=smpi/%s:", name);
    for (int k = 0; k < pw->count; k++)
        fprintf(out, "%s%.0f:%.6g:%.6g", k ? ";" : "",
                ceil(pw->seg[k].n_lo_bytes),
                fmax(0.0, pw->seg[k].ts_us) * share * 1e-6,
                fmax(0.0, pw->seg[k].tb_us_per_byte) * share * 1e-6);
    fprintf(out, "\n");
}

int mpchar__export_smpi(const mpchar_model *model, const char *library,
                        FILE *out, mpchar_error *err)
{
    const mpchar_pfit *pp, *st;
    if (mpchar_export_p2p(model, library, &pp, &st, &library, err) != 0)
        return -1;
    fprintf(out,
            "# SimGrid SMPI overheads of %s from %s (docs/export.md);\n"
            "# pass each line to smpirun\n",
            library, model->source);
    print_sections(out, "os", pp, 0.5);
    print_sections(out, "or", pp, 0.5);
    print_sections(out, "ois", st, 1.0);
    return 0;
}
