// Step 4, completion: the entry's number and state, and the way on — pay the fee, or see it in My page.
import type { EntryResult, T } from "./types.ts";

export function StepDone({ t, result }: { t: T; result: EntryResult }) {
  const waiting = result.payHref !== null;
  return (
    <section class="entry-done" aria-labelledby="entry-done-title">
      <h3 id="entry-done-title" class="entry-done-title">
        {t(result.edited ? "entry.doneEdited" : "entry.doneTitle")}
      </h3>
      <dl class="detail-list detail-list-compact">
        <div>
          <dt>{t("entry.entryNo")}</dt>
          <dd>{result.id}</dd>
        </div>
        <div>
          <dt>{t("entry.status")}</dt>
          <dd>{result.statusLabel}</dd>
        </div>
        <div>
          <dt>{t("entry.fee")}</dt>
          <dd>{result.fee > 0 ? result.feeText : t("entry.free")}</dd>
        </div>
      </dl>
      <p>
        {waiting
          ? t("entry.donePay", { fee: result.feeText })
          : result.fee > 0
          ? t("entry.donePaid")
          : t("entry.doneFree")}
      </p>
      <div class="form-actions">
        {waiting && <a class="button button-primary" href={result.payHref!}>{t("entry.payNow")}</a>}
        <a class={waiting ? "button button-secondary" : "button button-primary"} href={result.mypageHref}>
          {t("entry.toMypage")}
        </a>
      </div>
    </section>
  );
}
