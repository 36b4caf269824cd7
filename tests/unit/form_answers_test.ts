// The form-builder kit's tree checker and answer validator (issue 14 §1, "Bad input" and "Unit"): every
// component type, required and optional, limits, repeated groups, conditional fields, date order, bad
// files, values the form does not have, oversized trees; and property-based: any tree, any answers,
// never a crash, never an invalid answer accepted.
import assert from "node:assert/strict";
import fc from "fast-check";
import { answerErrors, type Answers, answerSchema, isEmpty, unflatten, withFiles } from "../../domain/form/answers.ts";
import { checkTree, COMPONENT_TYPES, type FormComponent, MAX_COMPONENTS } from "../../domain/form/model.ts";

const c = (key: string, type: FormComponent["type"], extra: Partial<FormComponent> = {}): FormComponent => ({
  key,
  type,
  label: key,
  labelEn: key,
  ...extra,
});

const OPTIONS = [
  { value: "a", label: "가", labelEn: "A" },
  { value: "b", label: "나", labelEn: "B" },
  { value: "c", label: "다", labelEn: "C" },
];

const TREE: FormComponent[] = [
  c("company", "section", {
    children: [
      c("name", "text", { required: true, minLength: 2, maxLength: 20 }),
      c("about", "textarea", { maxLength: 50 }),
      c("staff", "number", { min: 1, max: 500, integer: true }),
      c("email", "email", { required: true }),
      c("phone", "phone"),
      c("biz_no", "text", { pattern: "\\d{3}-\\d{2}-\\d{5}" }),
    ],
  }),
  c("start", "date", { required: true, minDate: "2026-01-01", maxDate: "2027-12-31" }),
  c("end", "date", { after: "start" }),
  c("track", "choice", { required: true, options: OPTIONS }),
  c("topics", "checkboxes", { options: OPTIONS, minChoices: 1, maxChoices: 2 }),
  c("other", "text", { required: true, showIf: { key: "track", equals: "c" } }),
  c("plan", "file", { required: true, accept: ["pdf"], maxBytes: 1000, maxFiles: 2 }),
  c("address", "address", { required: true }),
  c("members", "group", {
    maxItems: 2,
    children: [c("member_name", "text", { required: true }), c("role", "text")],
  }),
  c("agree", "agreement", { required: true }),
];

const GOOD = {
  name: "한빛디자인",
  about: "",
  staff: "12",
  email: "a@example.kr",
  phone: "010-1234-5678",
  biz_no: "123-45-67890",
  start: "2026-03-01",
  end: "2026-04-01",
  track: "a",
  topics: ["a", "b"],
  "address.zip": "06236",
  "address.road": "서울특별시 강남구 테헤란로 152",
  "address.detail": "12층",
  "members.0.member_name": "김디자",
  "members.0.role": "대표",
  "members.1.member_name": "",
  agree: "on",
};
const PDF = { name: "plan.pdf", size: 900, kind: "pdf" };

function check(tree: FormComponent[], flat: Record<string, unknown>, files: Record<string, unknown[]> = {}) {
  const result = answerSchema(tree).safeParse(withFiles(unflatten(flat), files as never));
  return result.success
    ? { ok: true as const, data: result.data }
    : { ok: false as const, errors: answerErrors(result.error) };
}

Deno.test("a full, correct submission is accepted and normalised", () => {
  const r = check(TREE, GOOD, { plan: [PDF] });
  assert.ok(r.ok, JSON.stringify(!r.ok && r.errors));
  assert.equal(r.data.staff, 12);
  assert.equal(r.data.agree, true);
  assert.deepEqual(r.data.topics, ["a", "b"]);
  assert.equal((r.data.address as { zip: string }).zip, "06236");
  // the blank second row of the group is dropped
  assert.deepEqual(r.data.members, [{ member_name: "김디자", role: "대표" }]);
  assert.ok(!("about" in r.data), "an empty optional field is not stored");
});

Deno.test("each required field left out is refused by name", () => {
  for (const key of ["name", "email", "start", "track", "agree"]) {
    const r = check(TREE, { ...GOOD, [key]: "" }, { plan: [PDF] });
    assert.ok(!r.ok, key);
    assert.deepEqual(r.errors[key], ["programme.form.required"], key);
  }
  const noFile = check(TREE, GOOD);
  assert.ok(!noFile.ok);
  assert.deepEqual(noFile.errors.plan, ["programme.form.required"]);
  const noAddress = check(TREE, { ...GOOD, "address.zip": "", "address.road": "", "address.detail": "" }, {
    plan: [PDF],
  });
  assert.ok(!noAddress.ok);
  assert.deepEqual(noAddress.errors.address, ["programme.form.required"]);
});

Deno.test("per-type limits: length, pattern, range, integer, email, phone, dates, choices", () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ name: "가" }, "name", "programme.form.too_short"],
    [{ name: "가".repeat(21) }, "name", "programme.form.too_long"],
    [{ about: "x".repeat(51) }, "about", "programme.form.too_long"],
    [{ biz_no: "12345" }, "biz_no", "programme.form.pattern"],
    [{ staff: "0" }, "staff", "programme.form.too_small"],
    [{ staff: "501" }, "staff", "programme.form.too_large"],
    [{ staff: "2.5" }, "staff", "programme.form.integer"],
    [{ staff: "twelve" }, "staff", "programme.form.number"],
    [{ email: "not-an-email" }, "email", "programme.form.email"],
    [{ phone: "call me" }, "phone", "programme.form.phone"],
    [{ start: "2026-02-30" }, "start", "programme.form.date"],
    [{ start: "2025-12-31" }, "start", "programme.form.date_early"],
    [{ start: "2028-01-01" }, "start", "programme.form.date_late"],
    [{ end: "2026-02-01" }, "end", "programme.form.date_order"],
    [{ track: "z" }, "track", "programme.form.choice"],
    [{ topics: ["a", "b", "c"] }, "topics", "programme.form.too_many"],
    [{ topics: ["a", "z"] }, "topics.1", "programme.form.choice"],
    [{ agree: "no" }, "agree", "programme.form.agree"],
  ];
  for (const [change, field, key] of cases) {
    const r = check(TREE, { ...GOOD, ...change }, { plan: [PDF] });
    assert.ok(!r.ok, JSON.stringify(change));
    assert.ok(r.errors[field]?.includes(key), `${JSON.stringify(change)}: ${JSON.stringify(r.errors)}`);
  }
});

Deno.test("a conditional field is required only when shown, and dropped when hidden", () => {
  const shown = check(TREE, { ...GOOD, track: "c" }, { plan: [PDF] });
  assert.ok(!shown.ok);
  assert.deepEqual(shown.errors.other, ["programme.form.required"]);
  const hidden = check(TREE, { ...GOOD, track: "a", other: "typed before switching" }, { plan: [PDF] });
  assert.ok(hidden.ok);
  assert.ok(!("other" in hidden.data));
});

Deno.test("a value the form does not have, a field of another version, a group past its maximum are refused", () => {
  const unknown = check(TREE, { ...GOOD, salary: "100" }, { plan: [PDF] });
  assert.ok(!unknown.ok);
  assert.deepEqual(unknown.errors.salary, ["programme.form.unknown_field"]);
  // a field that an older version had (or a deeper name) is just as unknown
  const deep = check(TREE, { ...GOOD, "members.0.age": "30" }, { plan: [PDF] });
  assert.ok(!deep.ok);
  assert.deepEqual(deep.errors["members.0.age"], ["programme.form.unknown_field"]);
  const tooMany = check(TREE, {
    ...GOOD,
    "members.1.member_name": "둘",
    "members.2.member_name": "셋",
  }, { plan: [PDF] });
  assert.ok(!tooMany.ok);
  assert.deepEqual(tooMany.errors.members, ["programme.form.group_max"]);
  const missingInRow = check(TREE, { ...GOOD, "members.1.role": "only a role" }, { plan: [PDF] });
  assert.ok(!missingInRow.ok);
  assert.deepEqual(missingInRow.errors["members.1.member_name"], ["programme.form.required"]);
  const badAddress = check(TREE, { ...GOOD, "address.country": "KR" }, { plan: [PDF] });
  assert.ok(!badAddress.ok);
});

Deno.test("bad files: wrong kind, too large, too many, empty", () => {
  const cases: [unknown[], string][] = [
    [[{ name: "plan.pdf", size: 900, kind: "zip" }], "plan.0.kind"],
    [[{ name: "plan.pdf", size: 2000, kind: "pdf" }], "plan.0.size"],
    [[PDF, PDF, PDF], "plan"],
    [[{ name: "plan.pdf", size: 0, kind: "pdf" }], "plan.0.size"],
  ];
  for (const [files, field] of cases) {
    const r = check(TREE, GOOD, { plan: files });
    assert.ok(!r.ok, field);
    assert.ok(r.errors[field], `${field}: ${JSON.stringify(r.errors)}`);
  }
});

Deno.test("the builder's tree check: shapes, cross rules and size", () => {
  assert.ok(checkTree(TREE).ok);
  const dup = checkTree([c("a", "text"), c("s", "section", { children: [c("a", "email")] })]);
  assert.ok(!dup.ok && dup.fields["components.a"]?.includes("programme.form.duplicate_key"));
  const noOptions = checkTree([c("pick", "choice")]);
  assert.ok(!noOptions.ok && noOptions.fields["components.pick"]?.includes("programme.form.options_required"));
  const badRange = checkTree([c("n", "number", { min: 5, max: 1 })]);
  assert.ok(!badRange.ok && badRange.fields["components.n"]?.includes("programme.form.bad_range"));
  const badKey = checkTree([c("Bad Key", "text")]);
  assert.ok(!badKey.ok);
  const badPattern = checkTree([c("p", "text", { pattern: "(" })]);
  assert.ok(!badPattern.ok);
  const extra = checkTree([{ ...c("x", "text"), script: "alert(1)" }]);
  assert.ok(!extra.ok);
  const fileInGroup = checkTree([c("g", "group", { children: [c("f", "file")] })]);
  assert.ok(!fileInGroup.ok && fileInGroup.fields["components.g"]?.includes("programme.form.group_nesting"));
  const badAfter = checkTree([c("d", "date", { after: "nowhere" })]);
  assert.ok(!badAfter.ok);
});

Deno.test("a tree of 10,000 nested components, or too many, is refused cleanly", () => {
  let deep: FormComponent = c("leaf", "text");
  for (let i = 0; i < 10_000; i++) deep = c(`s${i}`, "section", { children: [deep] });
  const r = checkTree([deep]);
  assert.ok(!r.ok);
  assert.deepEqual(r.fields, { components: ["programme.form.too_big"] });
  const wide = Array.from({ length: MAX_COMPONENTS + 1 }, (_, i) => c(`f${i}`, "text"));
  const w = checkTree(wide);
  assert.ok(!w.ok && w.fields.components?.includes("programme.form.too_big"));
  assert.ok(!checkTree("not a tree").ok);
});

// ---------- Property-based ----------

const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/);
const leafType = fc.constantFrom(...COMPONENT_TYPES.filter((t) => t !== "section" && t !== "group"));
const leaf = fc.record({
  key,
  type: leafType,
  label: fc.constant("L"),
  labelEn: fc.constant("L"),
  required: fc.boolean(),
  maxLength: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
  min: fc.option(fc.integer({ min: -5, max: 5 }), { nil: undefined }),
  options: fc.constant(OPTIONS),
});
const treeArb = fc.array(
  fc.oneof(
    leaf,
    fc.record({
      key,
      type: fc.constantFrom("section" as const, "group" as const),
      label: fc.constant("G"),
      labelEn: fc.constant("G"),
      maxItems: fc.integer({ min: 1, max: 3 }),
      children: fc.array(leaf.filter((l) => l.type !== "file"), { minLength: 1, maxLength: 3 }),
    }),
  ),
  { maxLength: 6 },
);
const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
  fc.array(fc.record({ name: fc.string(), size: fc.integer(), kind: fc.constantFrom("pdf", "zip", "exe") })),
);

/** An independent, plain reading of what an accepted answer must satisfy. */
function violates(tree: FormComponent[], answers: Answers): string | null {
  const fields = tree.flatMap((t) => t.type === "section" ? t.children ?? [] : [t]);
  for (const key of Object.keys(answers)) {
    if (!fields.some((f) => f.key === key)) return `unknown ${key}`;
  }
  for (const f of fields) {
    const v = answers[f.key];
    if (v === undefined) continue;
    if (["text", "textarea", "email", "phone"].includes(f.type)) {
      if (typeof v !== "string" || v.trim() === "") return `${f.key} not text`;
      if (f.maxLength && v.length > f.maxLength) return `${f.key} too long`;
    }
    if (f.type === "number" && (typeof v !== "number" || !Number.isFinite(v) || (f.min !== undefined && v < f.min))) {
      return `${f.key} bad number`;
    }
    if (f.type === "choice" && !OPTIONS.some((o) => o.value === v)) return `${f.key} bad choice`;
    if (f.type === "checkboxes" && (!Array.isArray(v) || v.some((x) => !OPTIONS.some((o) => o.value === x)))) {
      return `${f.key} bad boxes`;
    }
    if (f.type === "agreement" && v !== true) return `${f.key} bad agreement`;
    if (f.type === "file" && (!Array.isArray(v) || v.some((x) => x.kind === "exe" || x.size <= 0))) {
      return `${f.key} bad file`;
    }
    if (f.type === "group" && (!Array.isArray(v) || v.length > (f.maxItems ?? 20))) return `${f.key} bad group`;
  }
  return null;
}

Deno.test("property: any tree, any answers — never a crash, never an invalid answer accepted", () => {
  fc.assert(
    fc.property(
      treeArb,
      fc.dictionary(fc.oneof(key, fc.string({ maxLength: 6 })), anyValue, { maxKeys: 8 }),
      (rawTree, answers) => {
        const checked = checkTree(rawTree);
        if (!checked.ok) return; // refused cleanly (e.g. duplicate keys)
        const result = answerSchema(checked.tree).safeParse(answers);
        if (!result.success) return;
        assert.equal(violates(checked.tree, result.data), null);
        for (const f of checked.tree.flatMap((t) => t.type === "section" ? t.children ?? [] : [t])) {
          if (f.required && !f.showIf && f.type !== "group") assert.ok(!isEmpty(result.data[f.key]), f.key);
        }
      },
    ),
    { numRuns: 400 },
  );
});

Deno.test("property: any JSON at all is a tree refused or accepted, never a throw", () => {
  fc.assert(fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
    const r = checkTree(value);
    assert.equal(typeof r.ok, "boolean");
  }));
});

Deno.test("lower-than (SPEC §5): a number must not exceed the field it names; the tree checks the target", () => {
  const tree = [c("budget", "number"), c("request", "number", { notAbove: "budget" })];
  assert.ok(checkTree(tree).ok);
  const over = check(tree, { budget: "1000", request: "1500" });
  assert.ok(!over.ok && over.errors.request?.includes("programme.form.not_above"), JSON.stringify(over));
  assert.ok(check(tree, { budget: "1000", request: "1000" }).ok, "equal is not above");
  assert.ok(check(tree, { request: "1500" }).ok, "no target value, nothing to compare");
  const toText = checkTree([c("name", "text"), c("n", "number", { notAbove: "name" })]);
  assert.ok(!toText.ok && toText.fields["components.n"]?.includes("programme.form.bad_not_above"));
  assert.ok(!checkTree([c("n", "number", { notAbove: "n" })]).ok, "not itself");
});
