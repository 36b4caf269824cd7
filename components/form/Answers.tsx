// A form's answers as a definition list (issue 14 §1): each field's label in the reader's language and the
// answer as text (a choice by its option's label, an address in one line, files by name), repeated groups
// row by row. Shared by the programme review, my page and board posts written with a form.
import { ADDRESS_PARTS, type FileFacts, type FormComponent, labelOf, levelFields } from "../../domain/form/model.ts";
import type { State } from "../../state.ts";

function answerText(state: State, c: FormComponent, value: unknown): string {
  const { t, locale } = state;
  if (value === undefined || value === null) return "—";
  switch (c.type) {
    case "choice":
      return labelOf(c.options?.find((o) => o.value === value) ?? { label: String(value), labelEn: "" }, locale);
    case "checkboxes":
      return (value as string[]).map((v) =>
        labelOf(c.options?.find((o) => o.value === v) ?? { label: v, labelEn: "" }, locale)
      )
        .join(", ");
    case "agreement":
      return value === true ? "✓" : "—";
    case "address": {
      const a = value as Record<string, string>;
      return ADDRESS_PARTS.map((p) => a[p]).filter(Boolean).join(" ");
    }
    case "file":
      return (value as FileFacts[]).map((f) => f.name).join(", ") || "—";
    default:
      return String(value) || t("programme.manage.empty");
  }
}

export function Answers(
  { state, tree, answers }: { state: State; tree: FormComponent[]; answers: Record<string, unknown> },
) {
  return (
    <dl class="detail-list">
      {levelFields(tree).map((c) =>
        c.type === "group"
          ? (
            <div key={c.key}>
              <dt>{labelOf(c, state.locale)}</dt>
              <dd>
                {((answers[c.key] as Record<string, unknown>[] | undefined) ?? []).map((row, i) => (
                  <Answers key={i} state={state} tree={c.children ?? []} answers={row} />
                ))}
              </dd>
            </div>
          )
          : (
            <div key={c.key}>
              <dt>{labelOf(c, state.locale)}</dt>
              <dd class="programme-notice">{answerText(state, c, answers[c.key])}</dd>
            </div>
          )
      )}
    </dl>
  );
}
