// GET /api/form/{id}/components (SPEC §7): a form's tree of components (its current version), the same
// tree the server validates submissions with; 404 programme.form.not_found for an unknown id.
import { IdParam } from "../../../../domain/award/queries.ts";
import { requireForm } from "../../../../domain/form/forms.ts";
import { parseOrThrow } from "../../../../domain/validation.ts";
import { define, type RouteConfig } from "../../../../state.ts";

export const config: RouteConfig = { access: "public" };

export const handler = define.handlers({
  async GET({ state, params }) {
    const { id } = parseOrThrow(IdParam, params, 400);
    const { form, version } = await requireForm(state.db, id);
    return Response.json({
      id: form.id,
      title: form.title,
      title_en: form.titleEn,
      version: version.version,
      components: version.components,
    }, { headers: { "cache-control": "public, max-age=30" } });
  },
});
