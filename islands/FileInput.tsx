// A file field that checks chosen files in the browser with the server's own rules (domain/file/check.ts)
// and says at once what is wrong (too large, not JPG, CMYK, wrong pixel size…), blocking the submit
// until it is fixed. The server checks again; without JavaScript the plain input still posts.
import { useState } from "preact/hooks";
import { checkChosenFiles } from "../domain/file/check.ts";
import { type FileProblem, type FilePurpose, uploadRule } from "../domain/file/rules.ts";

export interface FileInputProps {
  id: string;
  name: string;
  purpose: FilePurpose;
  multiple?: boolean;
  required?: boolean;
  accept?: string;
  /** Translated messages per problem, with the rule's limits filled in (components/file/messages.ts). */
  messages: Partial<Record<FileProblem, string>>;
  describedBy?: string;
}

export default function FileInput(props: FileInputProps) {
  const [message, setMessage] = useState("");
  const rule = uploadRule(props.purpose);

  async function onChange(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const files = [...(input.files ?? [])];
    const problem = await checkChosenFiles(rule, files);
    const text = problem ? props.messages[problem] ?? props.messages.wrong_type ?? "" : "";
    input.setCustomValidity(text);
    setMessage(text);
  }

  const errorId = `${props.id}-check`;
  return (
    <>
      <input
        type="file"
        id={props.id}
        name={props.name}
        multiple={props.multiple}
        required={props.required}
        accept={props.accept}
        aria-invalid={message ? "true" : undefined}
        aria-describedby={[props.describedBy, message ? errorId : undefined].filter(Boolean).join(" ") || undefined}
        onChange={onChange}
      />
      {message && <p class="field-error" id={errorId} role="alert">{message}</p>}
    </>
  );
}
