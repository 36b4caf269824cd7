// A form's file answers come only from files sent (issue 14 §1 "reading another applicant's … files"): file
// facts written into a JSON body (`doc: [{ id }]`) never reach the answers, so an application or a board
// post cannot be made to hold someone else's file (reached, zipped or deleted with its holder's account).
import assert from "node:assert/strict";
import { checkSubmission } from "../../domain/programme/apply.ts";
import type { FormComponent } from "../../domain/form/model.ts";
import type { HttpError } from "../../framework/errors.ts";
import { PDF } from "../support/images.ts";

const TREE: FormComponent[] = [
  { key: "topic", type: "text", label: "주제", labelEn: "Topic", required: true },
  { key: "doc", type: "file", label: "자료", labelEn: "Document", accept: ["pdf"] },
];
const forged = [{ id: 42, name: "someone-elses.pdf", size: 100, kind: "pdf" }];

Deno.test("file facts in the body are dropped; an optional file field is then unanswered", async () => {
  const { answers, uploads } = await checkSubmission(TREE, { body: { topic: "a", doc: forged }, files: {} });
  assert.deepEqual(answers, { topic: "a" });
  assert.equal(uploads.size, 0);
});

Deno.test("a required file field is not satisfied by facts in the body", async () => {
  const tree = TREE.map((c) => c.key === "doc" ? { ...c, required: true } : c);
  await assert.rejects(
    () => checkSubmission(tree, { body: { topic: "a", doc: forged }, files: {} }),
    (e: HttpError) => e.status === 422 && JSON.stringify(e.details).includes("programme.form.required"),
  );
});

Deno.test("sent files and files kept from an earlier answer are taken; kept facts for other keys are not", async () => {
  const sent = await checkSubmission(TREE, {
    body: { topic: "a" },
    files: { doc: [new File([PDF as Uint8Array<ArrayBuffer>], "plan.pdf")] },
  });
  assert.equal((sent.answers.doc as { name: string }[])[0].name, "plan.pdf");
  assert.equal(sent.uploads.get("doc")?.length, 1);
  const kept = await checkSubmission(TREE, { body: { topic: "a" }, files: {} }, {
    doc: [{ id: 7, name: "mine.pdf", size: 10, kind: "pdf" }],
    topic: [{ id: 8, name: "x.pdf", size: 10, kind: "pdf" }],
  });
  assert.deepEqual(kept.answers.doc, [{ id: 7, name: "mine.pdf", size: 10, kind: "pdf" }]);
  assert.equal(kept.answers.topic, "a");
});
