// GET /api/program/{id} (SPEC §7, §3 Programme): the programme (any kind: programme, support call,
// course) with its category, the roles allowed to apply, its form (id, version, tree) and the pagination
// flag. POST /api/program/{id} (multipart) applies with the form: 201 with the application, 403 outside
// the application dates or for a role the programme does not allow, 409 when already applied, 422 with
// field keys for answers or files the form refuses.
import { IdParam } from "../../../domain/award/queries.ts";
import { formById } from "../../../domain/form/forms.ts";
import { applyToProgramme } from "../../../domain/programme/apply.ts";
import { placeCounts, presentProgramme, requireProgramme } from "../../../domain/programme/programmes.ts";
import { MAX_BODY_BYTES, readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { labelOf } from "../../../domain/form/model.ts";
import { define, type RouteConfig } from "../../../state.ts";

export const config: RouteConfig = { access: { GET: "public", POST: "signed-in" } };

export const handler = define.handlers({
  async GET({ state, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const p = await requireProgramme(state.db, id);
    const places = p.kind === "course" ? (await placeCounts(state.db, [id])).get(id) : undefined;
    const form = p.formId ? await formById(state.db, p.formId) : null;
    const program = presentProgramme(p, state.locale, new Date(), places);
    return Response.json({
      program,
      categories: program.category ? [program.category] : [],
      roles: p.roles,
      form: form
        ? {
          id: form.form.id,
          title: labelOf({ label: form.form.title, labelEn: form.form.titleEn }, state.locale),
          version: form.version.version,
          components: form.version.components,
        }
        : null,
      pagination: p.publicList,
    }, { headers: { "cache-control": "no-store" } });
  },
  async POST({ req, state, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const p = await requireProgramme(state.db, id);
    const sent = await readBody(req, MAX_BODY_BYTES);
    const row = await applyToProgramme(
      { db: state.db, files: state.files, config: state.config, viewer: state.viewer },
      p,
      sent,
    );
    return Response.json({
      id: row.id,
      status: row.status,
      form: row.formId,
      form_version: row.formVersion,
      created_at: row.createdAt.toISOString(),
      // A paid course: the fee and until when the held place must be paid (domain/programme/fees.ts).
      fee: row.fee,
      pay_due: row.payDue?.toISOString() ?? null,
    }, { status: 201 });
  },
});
