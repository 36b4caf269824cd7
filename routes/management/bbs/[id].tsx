// /management/bbs/{id} (SPEC §2.2, §6 "boards have separate read, write, reply, comment, edit and delete
// rights"): a board's names, its rights as a grid of actions × roles (checkboxes), secret and anonymous
// posts, and attachment limits; saved in one statement, refusals shown on the form. An empty board is
// deleted here too (`action=delete`; one with posts is refused with 409, domain/board/manage.ts says why).
import { z } from "zod";
import { page, redirect } from "../../../framework/define.ts";
import { HttpError } from "../../../framework/errors.ts";
import { ManageHeader } from "../../../components/management/Frame.tsx";
import { BoardStyles } from "../../../components/board/views.tsx";
import { Alert } from "../../../components/ui/Alert.tsx";
import { CsrfField } from "../../../components/ui/CsrfField.tsx";
import { Checkbox, Select, TextField } from "../../../components/ui/FormField.tsx";
import { formChoices } from "../../../domain/form/forms.ts";
import { BOARD_ACTIONS, type BoardRow } from "../../../db/schema/board.ts";
import { boardOf } from "../../../domain/board/boards.ts";
import { BoardSettingsInput, deleteBoard, RIGHT_ROLES, saveBoardSettings } from "../../../domain/board/manage.ts";
import { siteIdOf } from "../../../domain/board/web.ts";
import { formRefusal } from "../../../domain/errors.ts";
import { flashCookie } from "../../../domain/member/cookies.ts";
import { readBody } from "../../../domain/request.ts";
import { parseOrThrow } from "../../../domain/validation.ts";
import { define, href, type State } from "../../../state.ts";

/** The settings form sends no action; the delete form sends `action=delete`. */
const BoardAction = z.object({ action: z.literal("delete") });

async function load(state: State, id: string, error?: string, status = 200) {
  if (!/^\d{1,9}$/.test(id)) throw new HttpError(404, "board.not_found");
  const board = await boardOf(state.db, siteIdOf(state), id);
  state.title = state.t("board.manage.boards");
  // The forms of the form builder the board may ask (issue 14 §1).
  const forms = (await formChoices(state.db)).map((f) => ({
    value: String(f.id),
    label: state.locale === "en" && f.titleEn ? f.titleEn : f.title,
  }));
  return page<{ board: BoardRow; forms: { value: string; label: string }[]; error?: string }>({ board, forms, error }, {
    status,
  });
}

export const handler = define.handlers({
  GET: ({ state, params }) => load(state, params.id),
  async POST({ state, params, req }) {
    const board = (await load(state, params.id)).data.board;
    try {
      const { body } = await readBody(req, 64 * 1024);
      if (body.action !== undefined) {
        parseOrThrow(BoardAction, body);
        await deleteBoard(state.db, board.siteId, board.id);
        // Pages that showed the board (menus, the home's live blocks) are dropped at once.
        state.sites.clear();
        const res = redirect(href(state, "/management/bbs"));
        res.headers.append("set-cookie", flashCookie("board.manage.deleted", state.https));
        return res;
      }
      await saveBoardSettings(state.db, state.files, board.siteId, board.id, parseOrThrow(BoardSettingsInput, body));
      const res = redirect(href(state, `/management/bbs/${board.id}`));
      res.headers.append("set-cookie", flashCookie("board.manage.saved", state.https));
      return res;
    } catch (err) {
      const refused = formRefusal(err, state.t);
      return load(state, params.id, refused.message, refused.status);
    }
  },
});

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const { board } = data;
  return (
    <>
      <BoardStyles state={state} />
      <ManageHeader
        state={state}
        title={board.name}
        trail={[{ label: t("board.manage.boards"), href: href(state, "/management/bbs") }]}
        lead={`/board/${board.slug}`}
      />
      {data.error && <Alert kind="error">{data.error}</Alert>}
      <form method="post" action={href(state, `/management/bbs/${board.id}`)} class="post-form">
        <CsrfField state={state} />
        <TextField name="name" label={t("board.manage.col.name")} value={board.name} required maxLength={60} />
        <TextField name="name_en" label={t("board.manage.col.nameEn")} value={board.nameEn} maxLength={60} />
        <TextField name="description" label={t("board.manage.description")} value={board.description} maxLength={300} />
        <TextField
          name="description_en"
          label={t("board.manage.descriptionEn")}
          value={board.descriptionEn}
          maxLength={300}
        />
        <div class="table-wrap" role="group" aria-label={t("board.manage.rights")} tabIndex={0}>
          <table class="table">
            <caption>{t("board.manage.rights")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("board.manage.role")}</th>
                {BOARD_ACTIONS.map((a) => <th key={a} scope="col">{t(`board.manage.actions.${a}`)}</th>)}
              </tr>
            </thead>
            <tbody>
              {RIGHT_ROLES.map((role) => (
                <tr key={role}>
                  <th scope="row">{t(`board.manage.roles.${role}`)}</th>
                  {BOARD_ACTIONS.map((a) => (
                    <td key={a}>
                      <input
                        type="checkbox"
                        name={`rights_${a}[]`}
                        value={role}
                        checked={board.rights[a]?.includes(role)}
                        aria-label={`${t(`board.manage.roles.${role}`)}: ${t(`board.manage.actions.${a}`)}`}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Checkbox name="secret_allowed" label={t("board.manage.secretAllowed")} checked={board.secretAllowed} />
        <Checkbox
          name="anonymous_allowed"
          label={t("board.manage.anonymousAllowed")}
          checked={board.anonymousAllowed}
        />
        <Checkbox
          name="approval_required"
          label={t("board.manage.approvalRequired")}
          checked={board.approvalRequired}
        />
        <TextField
          name="max_attachments"
          type="number"
          label={t("board.manage.maxAttachments")}
          value={board.maxAttachments}
          min={0}
          max={5}
          required
        />
        <TextField
          name="max_attachment_mb"
          type="number"
          label={t("board.manage.maxAttachmentMb")}
          value={Math.round(board.maxAttachmentBytes / 1024 / 1024)}
          min={1}
          max={10}
          required
        />
        <Select
          name="form_id"
          label={t("programme.boardForm.label")}
          hint={t("programme.boardForm.hint")}
          placeholder={t("programme.boardForm.none")}
          options={data.forms}
          value={board.formId ? String(board.formId) : ""}
        />
        <div class="form-actions">
          <button type="submit" class="button button-primary">{t("board.manage.save")}</button>
        </div>
      </form>
      <h2 id="delete-board">{t("board.manage.deleteBoard")}</h2>
      <form method="post" action={href(state, `/management/bbs/${board.id}`)} aria-labelledby="delete-board">
        <CsrfField state={state} />
        <p class="field-hint">{t("board.manage.deleteHint")}</p>
        <button type="submit" class="button button-secondary" name="action" value="delete">
          {t("board.manage.deleteBoard")}
        </button>
      </form>
    </>
  );
});
