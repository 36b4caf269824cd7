// The business part of step 2 of the registration wizard (design and company members): the business
// registration number and the documents the member type asks for.
import { Field } from "../ui/FormField.tsx";
import type { DocumentKind } from "../../domain/member/register-schema.ts";
import type { Files, TextFn, Tx } from "./state.ts";

const FILE_LABELS: Record<DocumentKind, string> = {
  business_cert: "register.fields.businessCert",
  design_cert: "register.fields.designCert",
  regional_proof: "register.fields.regionalProof",
};

export function BusinessSection({ tx, text, errorOf, documents, files }: {
  tx: Tx;
  text: TextFn;
  errorOf: (path: string) => string | undefined;
  documents: { allowed: DocumentKind[]; required: DocumentKind[] };
  files: Files;
}) {
  return (
    <section class="reg-section" aria-labelledby="reg-s-business">
      <h3 class="reg-section-title" id="reg-s-business">{tx("register.sections.business")}</h3>
      {text("business_no", "register.fields.businessNo", {
        required: true,
        inputMode: "numeric",
        maxLength: 12,
        hint: tx("register.hints.businessNo"),
      })}
      {documents.allowed.map((kind) => {
        const required = documents.required.includes(kind);
        const id = `field-${kind}`;
        const error = errorOf(kind);
        const chosen = files[kind];
        return (
          <Field
            key={kind}
            id={id}
            label={tx(FILE_LABELS[kind])}
            required={required}
            error={error}
            hint={chosen
              ? `${chosen.name} (${Math.ceil(chosen.size / 1024)} KB)`
              : tx(required ? "register.hints.file" : "register.hints.optionalFile")}
          >
            <input
              class="input reg-file"
              type="file"
              id={id}
              name={kind}
              accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
              required={required && !chosen}
              aria-invalid={error ? "true" : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            />
          </Field>
        );
      })}
      {errorOf("documents") && <p class="field-error">{errorOf("documents")}</p>}
    </section>
  );
}
