// /management/content (SPEC §2.2, issue 23 §14): reusable content blocks — a title and a body in Korean
// and English — that builder pages insert by number; every change keeps the earlier text, which can be
// restored. The management area's `content` section; builder pages show a change at once (NOTIFY).
import { z } from "zod";
import { page } from "../../framework/define.ts";
import { ManageHeader } from "../../components/management/Frame.tsx";
import { AdminStyles, fieldError, Problem, SitePicker } from "../../components/builder/manage.tsx";
import { CsrfField } from "../../components/ui/CsrfField.tsx";
import { FormActions, Textarea, TextField } from "../../components/ui/FormField.tsx";
import { Table } from "../../components/ui/Table.tsx";
import type { ContentBlockRow } from "../../db/schema/builder.ts";
import {
  BlockInput,
  blockRevisions,
  createBlock,
  deleteBlock,
  restoreRevision,
  siteBlocks,
  updateBlock,
} from "../../domain/builder/content.ts";
import { allSites, chosenSite } from "../../domain/builder/sites.ts";
import { formAction, type FormProblem, idOf } from "../../domain/builder/web.ts";
import { parseOrThrow } from "../../domain/validation.ts";
import { formatDate } from "../../i18n/mod.ts";
import { define, href, type State } from "../../state.ts";

async function screen(state: State, url: URL, problem?: FormProblem, status = 200) {
  state.title = state.t("builder.manage.contentTitle");
  const site = await chosenSite(state.db, url.searchParams.get("site"), state.site);
  const [sites, blocks] = await Promise.all([allSites(state.db), siteBlocks(state.db, site.id)]);
  const edit = url.searchParams.get("edit");
  const editing = edit ? blocks.find((b) => String(b.id) === edit) ?? null : null;
  const revisions = editing ? await blockRevisions(state.db, editing.id) : [];
  return page({ site, sites, blocks, editing, revisions, problem }, { status });
}

const Action = z.object({ action: z.enum(["create", "save", "restore", "delete"]) });

export const handler = define.handlers({
  GET: ({ state, url }) => screen(state, url),
  async POST({ state, url, req }) {
    const site = await chosenSite(state.db, url.searchParams.get("site"), state.site);
    return await formAction(
      state,
      req,
      async (body, tx) => {
        const { action } = parseOrThrow(Action, body);
        const base = `/management/content?site=${site.id}`;
        if (action === "create") {
          const id = await createBlock(tx, site.id, state.viewer.id, parseOrThrow(BlockInput, body));
          return href(state, `${base}&edit=${id}`);
        }
        const id = idOf(body.id, "builder.block_not_found");
        if (action === "save") await updateBlock(tx, site.id, id, state.viewer.id, parseOrThrow(BlockInput, body));
        else if (action === "restore") {
          await restoreRevision(tx, site.id, id, idOf(body.revision, "builder.block_not_found"), state.viewer.id);
        } else {
          await deleteBlock(tx, site.id, id);
          return href(state, base);
        }
        return href(state, `${base}&edit=${id}`);
      },
      (problem, status) => screen(state, url, problem, status),
    );
  },
});

function BlockForm({ state, action, block, problem }: {
  state: State;
  action: string;
  block: ContentBlockRow | null;
  problem?: FormProblem;
}) {
  const { t } = state;
  const p = block ? `block-${block.id}` : "block-new";
  return (
    <form method="post" action={action} class="form">
      <CsrfField state={state} />
      <input type="hidden" name="action" value={block ? "save" : "create"} />
      {block && <input type="hidden" name="id" value={String(block.id)} />}
      <TextField
        id={`${p}-title`}
        name="title"
        label={t("builder.manage.field.title")}
        value={block?.title ?? ""}
        required
        maxLength={200}
        error={fieldError(state, problem, "title")}
      />
      <TextField
        id={`${p}-title-en`}
        name="title_en"
        label={t("builder.manage.field.title_en")}
        value={block?.titleEn ?? ""}
        maxLength={200}
      />
      <Textarea
        id={`${p}-body`}
        name="body"
        label={t("builder.manage.field.body")}
        value={block?.body ?? ""}
        rows={6}
        error={fieldError(state, problem, "body")}
      />
      <Textarea
        id={`${p}-body-en`}
        name="body_en"
        label={t("builder.manage.field.body_en")}
        value={block?.bodyEn ?? ""}
        rows={6}
      />
      <FormActions>
        <button type="submit" class="button button-primary">
          {block ? t("builder.manage.save") : t("builder.manage.create")}
        </button>
      </FormActions>
    </form>
  );
}

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const action = href(state, `/management/content?site=${data.site.id}`);
  const title = (b: { title: string; titleEn: string }) => (state.locale === "en" && b.titleEn) || b.title;
  return (
    <>
      <AdminStyles state={state} />
      <ManageHeader state={state} title={t("builder.manage.contentTitle")} lead={t("builder.manage.contentLead")} />
      <SitePicker state={state} action={href(state, "/management/content")} sites={data.sites} current={data.site} />
      <Problem problem={data.problem} />
      <Table
        caption={t("builder.manage.contentTitle")}
        captionHidden
        rows={data.blocks}
        rowKey={(b) => b.id}
        empty={t("builder.manage.contentEmpty")}
        columns={[
          { header: t("builder.manage.field.id"), cell: (b) => b.id },
          { header: t("builder.manage.field.title"), rowHeader: true, align: "start", cell: title },
          {
            header: t("builder.manage.field.updated"),
            cell: (b) => formatDate(b.updatedAt, state.locale, "datetime"),
          },
          {
            header: t("builder.manage.actions"),
            cell: (b) => (
              <a href={`${action}&edit=${b.id}`}>
                {t("builder.manage.edit")}
                <span class="visually-hidden">: {title(b)}</span>
              </a>
            ),
          },
        ]}
      />
      {data.editing && (
        <section aria-labelledby="block-edit-title">
          <h2 id="block-edit-title">{t("builder.manage.contentEdit", { title: title(data.editing) })}</h2>
          <p>{t("builder.manage.blockNumber", { id: data.editing.id })}</p>
          <BlockForm
            state={state}
            action={`${action}&edit=${data.editing.id}`}
            block={data.editing}
            problem={data.problem}
          />
          <form method="post" action={action}>
            <CsrfField state={state} />
            <input type="hidden" name="action" value="delete" />
            <input type="hidden" name="id" value={String(data.editing.id)} />
            <button type="submit" class="button button-ghost button-sm">{t("builder.manage.remove")}</button>
          </form>
          <h3>{t("builder.manage.revisions")}</h3>
          {data.revisions.length === 0 && <p class="list-empty">{t("builder.manage.noRevisions")}</p>}
          <ol>
            {data.revisions.map((r) => (
              <li key={r.id}>
                <p>
                  <strong>{r.title}</strong> · {formatDate(r.changedAt, state.locale, "datetime")}
                </p>
                <form method="post" action={`${action}&edit=${data.editing!.id}`}>
                  <CsrfField state={state} />
                  <input type="hidden" name="action" value="restore" />
                  <input type="hidden" name="id" value={String(data.editing!.id)} />
                  <input type="hidden" name="revision" value={String(r.id)} />
                  <button type="submit" class="button button-ghost button-sm">
                    {t("builder.manage.restore")}
                    <span class="visually-hidden">: {formatDate(r.changedAt, state.locale, "datetime")}</span>
                  </button>
                </form>
              </li>
            ))}
          </ol>
        </section>
      )}
      {!data.editing && (
        <section aria-labelledby="block-create-heading">
          <h2 id="block-create-heading">{t("builder.manage.contentNew")}</h2>
          <BlockForm state={state} action={action} block={null} problem={data.problem} />
        </section>
      )}
    </>
  );
});
