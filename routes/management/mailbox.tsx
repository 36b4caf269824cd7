// /management/mailbox: the dev mailbox (DESIGN §1 mail, issue 3 §9). Administrators read the outbox,
// newest first, and open one mail (?id=); links in a mail are clickable so a reset link can be followed.
// Without SMTP_URL this is where mail ends up; with it, it shows what was sent or failed.
import { type ComponentChildren, Fragment } from "preact";
import { desc, eq, getTableColumns } from "drizzle-orm";
import { z } from "zod";
import { page } from "../../framework/define.ts";
import { HttpError } from "../../framework/errors.ts";
import { ManageHeader } from "../../components/management/Frame.tsx";
import { DateText } from "../../components/management/Labels.tsx";
import { Alert } from "../../components/ui/Alert.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { Table } from "../../components/ui/Table.tsx";
import { outbox } from "../../db/schema/member.ts";
import { countOf } from "../../domain/common/list.ts";
import { requirePermission } from "../../domain/member/guard.ts";
import { isAdministrator } from "../../domain/member/permissions.ts";
import { parseQuery } from "../../domain/validation.ts";
import type { MessageKey } from "../../i18n/mod.ts";
import { define, href, type State } from "../../state.ts";

type Mail = typeof outbox.$inferSelect;
const PER_PAGE = 20;

const Query = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

type MailboxPage =
  | { kind: "list"; rows: Omit<Mail, "body">[]; current_page: number; last_page: number; total: number }
  | { kind: "mail"; mail: Mail };

export const handler = define.handlers({
  async GET({ state, url }) {
    requirePermission(state.viewer, isAdministrator);
    state.title = state.t("account.mailbox.title");
    const query = parseQuery(Query, url);
    if (query.id !== undefined) {
      const [mail] = await state.db.select().from(outbox).where(eq(outbox.id, query.id)).limit(1);
      if (!mail) throw new HttpError(404, "error.404");
      return page<MailboxPage>({ kind: "mail", mail });
    }
    // A bounded count (the outbox grows without end); pages are read newest first through the primary key.
    const { total } = await countOf(state.db, state.db.select({ id: outbox.id }).from(outbox).$dynamic());
    const { body: _body, ...columns } = getTableColumns(outbox);
    const rows = await state.db.select(columns).from(outbox).orderBy(desc(outbox.id))
      .limit(PER_PAGE).offset((query.page - 1) * PER_PAGE);
    const last_page = Math.max(1, Math.ceil(total / PER_PAGE));
    return page<MailboxPage>({ kind: "list", rows, current_page: query.page, last_page, total });
  },
});

/** The management screens' badges: pending waits, sent is done, failed is refused. */
const BADGE = { pending: "badge-waiting", sent: "badge-approved", failed: "badge-rejected" } as const;

function StatusText({ state, status }: { state: State; status: Mail["status"] }) {
  return <span class={`badge ${BADGE[status]}`}>{state.t(`account.mailbox.${status}` as MessageKey)}</span>;
}

function Item(
  { label, children, class: extra, lang }: {
    label: string;
    children: ComponentChildren;
    class?: string;
    lang?: string;
  },
) {
  return (
    <div class={extra}>
      <dt>{label}</dt>
      <dd lang={lang}>{children}</dd>
    </div>
  );
}

/** The mail's text with its http(s) links made clickable; everything else stays text. */
function Linked({ text }: { text: string }) {
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    parts.push(text.slice(last, match.index));
    parts.push(<a href={match[0]} rel="noreferrer">{match[0]}</a>);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

export default define.page<typeof handler>(({ data, state }) => {
  const { t } = state;
  const listHref = href(state, "/management/mailbox");
  const note = state.config.smtpUrl ? t("account.mailbox.smtpNote") : t("account.mailbox.devNote");
  if (data.kind === "mail") {
    const { mail } = data;
    return (
      <>
        <ManageHeader
          state={state}
          title={mail.subject}
          trail={[{ label: t("account.mailbox.title"), href: listHref }]}
        />
        <dl class="detail-list detail-list-compact mail-detail">
          <Item label={t("account.mailbox.from")}>{`${mail.fromName} <${mail.fromEmail}>`}</Item>
          <Item label={t("account.mailbox.to")}>{mail.to}</Item>
          <Item label={t("account.mailbox.status")}>
            <StatusText state={state} status={mail.status} />{" "}
            <span class="muted">{t("account.mailbox.attempts")}: {mail.attempts}</span>
          </Item>
          <Item label={t("account.mailbox.createdAt")}>
            <DateText state={state} value={mail.createdAt} />
          </Item>
          <Item label={t("account.mailbox.sentAt")}>
            <DateText state={state} value={mail.sentAt} />
          </Item>
          <Item label={t("account.mailbox.locale")}>{mail.locale}</Item>
          {mail.error && <Item label={t("account.mailbox.error")}>{mail.error}</Item>}
          <Item label={t("account.mailbox.body")} class="mail-body" lang={mail.locale}>
            {mail.body.split("\n").map((line, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                <Linked text={line} />
              </Fragment>
            ))}
          </Item>
        </dl>
        <p>
          <a class="button button-secondary" href={listHref}>{t("account.mailbox.back")}</a>
        </p>
      </>
    );
  }
  return (
    <>
      <ManageHeader state={state} title={t("account.mailbox.title")} lead={t("account.mailbox.lead")} />
      <Alert kind="info">{note}</Alert>
      <Table
        caption={t("account.mailbox.caption")}
        captionHidden
        stack
        rows={data.rows}
        rowKey={(row) => row.id}
        empty={t("account.mailbox.empty")}
        columns={[
          { header: "#", cell: (row) => row.id, hideOnMobile: true },
          {
            header: t("account.mailbox.subject"),
            rowHeader: true,
            align: "start",
            cell: (row) => <a href={`${listHref}?id=${row.id}`}>{row.subject}</a>,
          },
          { header: t("account.mailbox.to"), cell: (row) => row.to, align: "start" },
          { header: t("account.mailbox.status"), cell: (row) => <StatusText state={state} status={row.status} /> },
          { header: t("account.mailbox.createdAt"), cell: (row) => <DateText state={state} value={row.createdAt} /> },
        ]}
      />
      <Pagination t={t} current_page={data.current_page} last_page={data.last_page} baseHref={listHref} />
    </>
  );
});
