// The host's forms on /contest/{id}/judge: the extension while entries are open, per entry a comment and the
// prize (rank and place) after close, and the counselling request. Plain forms; every field is labelled.
import { Button } from "../ui/Button.tsx";
import { CsrfField } from "../ui/CsrfField.tsx";
import { Select, Textarea } from "../ui/FormField.tsx";
import { CONTEST_RANKS, COUNSEL_MIN_LENGTH, MAX_EXTENSIONS } from "../../domain/contest/options.ts";
import type { ContestAdminView } from "../../domain/contest/admin-view.ts";
import { fileUrl } from "../../domain/file/present.ts";
import { href, type State } from "../../state.ts";

type Ctx = Pick<State, "t" | "locale" | "basePath" | "csrfToken">;

function Hidden({ state, action }: { state: Ctx; action: string }) {
  return (
    <>
      <CsrfField state={state} />
      <input type="hidden" name="_action" value={action} />
    </>
  );
}

export function JudgeForms({ state, view }: { state: Ctx; view: ContestAdminView }) {
  const t = state.t;
  const c = view.contest;
  const open = c.approval === "approved" && (view.status === "preparing" || view.status === "ongoing");
  const judging = (view.status === "judging" || view.status === "terminated") && !c.publishedAt;
  const places = [c.prize1, c.prize2, c.prize3].map((p, i) => ({ p, place: i + 1 })).filter((x) => x.p > 0);
  return (
    <>
      {open && c.extendCount < MAX_EXTENSIONS && (
        <section aria-labelledby="judge-extend">
          <h2 id="judge-extend">{t("contest.hosting.extend")}</h2>
          <p>
            {t("contest.labels.entryCount")}: {view.entries.length} · {t("contest.labels.extendCount")}:{" "}
            {c.extendCount}/{MAX_EXTENSIONS}
          </p>
          <form method="post">
            <Hidden state={state} action="extend" />
            <Button type="submit" variant="secondary">{t("contest.hosting.extend")}</Button>
          </form>
        </section>
      )}
      {judging && (
        <section aria-labelledby="judge-entries">
          <h2 id="judge-entries">{t("contest.hosting.judge")}</h2>
          {view.entries.length === 0 && <p>{t("contest.mypage.none")}</p>}
          {view.entries.map(({ entry, entrant }) => (
            <article key={entry.id} class="card judge-entry" aria-labelledby={`entry-${entry.id}`}>
              <h3 id={`entry-${entry.id}`} class="card-title">{entry.title}</h3>
              <p class="card-meta">{entrant.name}</p>
              {entry.thumbnailId && (
                <img
                  src={fileUrl.variant(entry.thumbnailId, "external_thumbnail")}
                  alt={entry.title}
                  width={360}
                  height={270}
                  loading="lazy"
                />
              )}
              {entry.description && <p class="pre-line">{entry.description}</p>}
              <ul class="entry-files">
                {entry.imageIds.map((f, i) => (
                  <li key={f}>
                    <a href={href(state, `/contest/${c.id}/judge/files/${f}`)}>
                      {t("contest.hosting.image", { n: i + 1 })}
                    </a>
                  </li>
                ))}
                {entry.attachmentIds.map((f, i) => (
                  <li key={f}>
                    <a href={href(state, `/contest/${c.id}/judge/files/${f}`)}>
                      {t("contest.hosting.attachment", { n: i + 1 })}
                    </a>
                  </li>
                ))}
              </ul>
              <form method="post">
                <Hidden state={state} action="comment" />
                <input type="hidden" name="entry_id" value={String(entry.id)} />
                <Textarea
                  name="comment"
                  id={`field-comment-${entry.id}`}
                  label={t("contest.hosting.comment")}
                  value={entry.hostComment}
                  rows={2}
                  required
                />
                <Button type="submit" variant="secondary" size="sm">{t("contest.hosting.saveComment")}</Button>
              </form>
              <form method="post">
                <Hidden state={state} action="pick" />
                <input type="hidden" name="entry_id" value={String(entry.id)} />
                <Select
                  name="rank"
                  id={`field-rank-${entry.id}`}
                  label={t("contest.labels.rank")}
                  value={entry.rank ?? ""}
                  placeholder="—"
                  options={CONTEST_RANKS.map((r) => ({ value: r, label: t(`contest.ranks.${r}`) }))}
                />
                <Select
                  name="place"
                  id={`field-place-${entry.id}`}
                  label={t("contest.labels.prizes")}
                  value={entry.place ? String(entry.place) : ""}
                  placeholder={t("contest.hosting.noPlace")}
                  options={places.map((x) => ({
                    value: String(x.place),
                    label: t("contest.place", { place: x.place }),
                  }))}
                />
                <Button type="submit" size="sm">{t("contest.hosting.pick")}</Button>
              </form>
            </article>
          ))}
        </section>
      )}
    </>
  );
}

/** The host's counselling request, shown in the counselling section of the statement screen. */
export function CounselForm({ state }: { state: Ctx }) {
  const t = state.t;
  return (
    <form method="post">
      <Hidden state={state} action="counsel" />
      <p>{t("contest.hosting.counselLead")}</p>
      <Textarea
        name="opinion"
        id="field-opinion"
        label={t("contest.hosting.counsel")}
        required
        rows={4}
        minLength={COUNSEL_MIN_LENGTH}
        hint={t("contest.counsel_too_short")}
      />
      <Button type="submit" variant="secondary">{t("contest.hosting.counsel")}</Button>
    </form>
  );
}
