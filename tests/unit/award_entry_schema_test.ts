// The entry wizard's shared zod schemas (SPEC §3 Entry, §5 Award) and the option lists: what they accept,
// what they refuse, and with which message keys.
import assert from "node:assert/strict";
import {
  EntrantInput,
  ENTRY_STEPS,
  EntryInput,
  isPlayableUrl,
  SubmissionInput,
  WorkInput,
} from "../../domain/award/entry-schema.ts";
import * as o from "../../domain/award/options.ts";

/** field → message keys of a failed parse, or "ok". */
const errors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  if (result.success) return "ok";
  const fields: Record<string, string[]> = {};
  for (const i of result.error!.issues) (fields[i.path.join(".")] ??= []).push(i.message);
  return fields;
};

const entrant = {
  exhibitor_type: "general",
  designer: { name: "홍길동", name_en: "Gildong Hong", email: "hong@example.kr", phone: "010-1234-5678" },
  sub_designers: [{ name: "김철수" }, { name: "", name_en: "", affiliation: "" }],
};
const work = {
  category: "20",
  title: "바람",
  title_en: "Wind",
  description: "A poster series.",
  work_type: "image",
  thumbnail_id: "11",
  preview_id: 12,
  detail_ids: ["13", "14"],
  reference_id: "",
  attachment_ids: "15",
};
const submission = { agree_rules: "on", declare_not_prized: "on", market_auto_register: "1" };
const whole = { award_id: "3", ...entrant, ...work, ...submission };

Deno.test("a whole entry parses, with form strings made numbers and flags and spare rows dropped", () => {
  const parsed = EntryInput.parse({ ...whole, fee: 0, status: "pay_complete", user_id: 1 });
  assert.equal(parsed.award_id, 3);
  assert.equal(parsed.category, 20);
  assert.equal(parsed.thumbnail_id, 11);
  assert.equal(parsed.reference_id, undefined);
  assert.deepEqual(parsed.detail_ids, [13, 14]);
  assert.deepEqual(parsed.attachment_ids, [15]);
  assert.deepEqual(parsed.sub_designers, [{ name: "김철수", name_en: "", affiliation: "" }]);
  assert.equal(parsed.market_auto_register, true);
  assert.equal(parsed.commercial_image, false);
  assert.equal(parsed.declare_not_prized, true);
  assert.ok(!("fee" in parsed) && !("status" in parsed) && !("user_id" in parsed), "the server decides those");
});

Deno.test("each step validates its own fields only", () => {
  assert.equal(errors(EntrantInput.safeParse(entrant)), "ok");
  assert.equal(errors(WorkInput.safeParse(work)), "ok");
  assert.equal(errors(SubmissionInput.safeParse(submission)), "ok");
  assert.equal(ENTRY_STEPS[1], EntrantInput);
  assert.equal(ENTRY_STEPS[3], SubmissionInput);
});

Deno.test("an empty entry shows every problem at once, each as a message key", () => {
  assert.deepEqual(errors(EntryInput.safeParse({})), {
    award_id: ["award.not_found"],
    exhibitor_type: ["award.exhibitor_type_required"],
    "designer.name": ["award.designer_name_required"],
    "designer.name_en": ["award.designer_name_en_required"],
    "designer.email": ["award.designer_email_required"],
    "designer.phone": ["award.designer_phone_required"],
    category: ["award.category_required"],
    title: ["award.title_required"],
    title_en: ["award.title_en_required"],
    description: ["award.description_required"],
    work_type: ["award.work_type_required"],
    agree_rules: ["award.agree_rules_required"],
    thumbnail_id: ["award.no_files"],
    declare_not_prized: ["award.prized_elsewhere"],
  });
  assert.deepEqual(errors(EntryInput.safeParse("x")), { "": ["award.invalid"] });
});

Deno.test("entrant step refusals", () => {
  const four = [{ name: "a" }, { name: "b" }, { name: "c" }, { name: "d" }];
  assert.deepEqual(errors(EntrantInput.safeParse({ ...entrant, sub_designers: four.slice(0, 3) })), "ok");
  assert.deepEqual(errors(EntrantInput.safeParse({ ...entrant, sub_designers: four })), {
    sub_designers: ["award.sub_designers_max"],
  });
  assert.deepEqual(errors(EntrantInput.safeParse({ ...entrant, sub_designers: [{ name_en: "x" }] })), {
    "sub_designers.0.name": ["award.sub_designer_name_required"],
  });
  assert.deepEqual(errors(EntrantInput.safeParse({ ...entrant, exhibitor_type: "student" })), {
    school_type: ["award.school_type_required"],
  });
  assert.equal(errors(EntrantInput.safeParse({ ...entrant, exhibitor_type: "student", school_type: "high" })), "ok");
  assert.deepEqual(errors(EntrantInput.safeParse({ ...entrant, exhibitor_type: "company" })), {
    company: ["award.company_required"],
  });
  assert.deepEqual(errors(EntrantInput.safeParse({ ...entrant, exhibitor_type: "vip", school_type: "kinder" })), {
    exhibitor_type: ["award.exhibitor_type_required"],
    school_type: ["award.invalid"],
  });
  const designer = { ...entrant.designer, email: "nope", phone: "12", name: "x".repeat(101) };
  assert.deepEqual(errors(EntrantInput.safeParse({ ...entrant, designer })), {
    "designer.name": ["award.too_long"],
    "designer.email": ["award.designer_email_invalid"],
    "designer.phone": ["award.designer_phone_invalid"],
  });
});

Deno.test("work step refusals: category, file ids, digital content, video length", () => {
  const bad = (over: Record<string, unknown>) => errors(WorkInput.safeParse({ ...work, ...over }));
  assert.deepEqual(bad({ category: "60" }), { category: ["award.category_required"] });
  assert.deepEqual(bad({ category: 110 }), "ok");
  for (const id of [0, -1, "abc", 1.5, "1e3"]) {
    assert.deepEqual(bad({ thumbnail_id: id }), { thumbnail_id: ["award.file_invalid"] }, String(id));
  }
  assert.deepEqual(bad({ detail_ids: ["2", "x"] }), { "detail_ids.1": ["award.file_invalid"] });
  assert.deepEqual(bad({ detail_ids: [], attachment_ids: [] }), { detail_ids: ["award.no_files"] });
  assert.deepEqual(bad({ work_type: "video" }), { work_type: ["award.work_type_required"] });
  const digital = { work_type: "digital", detail_ids: [], attachment_ids: [], url: "https://vimeo.com/1" };
  assert.equal(bad(digital), "ok");
  assert.deepEqual(bad({ ...digital, url: "" }), { url: ["award.digital_needs_url"] });
  assert.deepEqual(bad({ ...digital, thumbnail_id: "" }), { thumbnail_id: ["award.digital_needs_image"] });
  assert.equal(bad({ ...digital, video_seconds: "180" }), "ok");
  assert.deepEqual(bad({ ...digital, video_seconds: "181" }), { video_seconds: ["award.video_too_long"] });
  assert.deepEqual(bad({ ...digital, video_seconds: "-5" }), { video_seconds: ["award.invalid"] });
  assert.deepEqual(bad({ url: "data:text/html,x" }), { url: ["award.url_invalid"] });
  assert.deepEqual(bad({ title: " ", title_en: "x".repeat(201) }), {
    title: ["award.title_required"],
    title_en: ["award.too_long"],
  });
});

Deno.test("submission step: the rules and the prized-elsewhere declaration are required", () => {
  assert.deepEqual(errors(SubmissionInput.safeParse({ agree_rules: "on" })), {
    declare_not_prized: ["award.prized_elsewhere"],
  });
  assert.deepEqual(errors(SubmissionInput.safeParse({ declare_not_prized: true, agree_rules: "off" })), {
    agree_rules: ["award.agree_rules_required"],
  });
});

Deno.test("playable URLs are http(s) with a host", () => {
  for (const ok of ["https://youtu.be/abc", "http://example.kr/v.mp4"]) assert.equal(isPlayableUrl(ok), true, ok);
  for (const no of ["", "youtu.be/abc", "ftp://x.kr/a", "javascript:alert(1)", "https://u:p@x.kr", 5, null]) {
    assert.equal(isPlayableUrl(no), false, String(no));
  }
  assert.equal(isPlayableUrl(`https://x.kr/${"a".repeat(2000)}`), false);
});

Deno.test("option lists and label keys", () => {
  assert.deepEqual([...o.DESIGN_CATEGORIES], [10, 20, 30, 40, 50, 110]);
  assert.equal(o.RANKING_CATEGORY_COUNT, o.DESIGN_CATEGORIES.length);
  assert.equal(o.labelKey("category", 110), "award.category.110");
  assert.equal(o.labelKey("entry_status", "pay_incomplete"), "award.entry_status.pay_incomplete");
  assert.ok(o.isAwardRank("gold_s") && o.isAwardRank("nominee") && !o.isAwardRank("gold_x"));
  const keys = o.allLabelKeys();
  assert.equal(new Set(keys).size, keys.length, "no key twice");
  assert.ok(keys.includes("award.family.ibda") && keys.includes("award.status.terminated"));
  assert.equal(o.COMPANY_ENTRY_FEE, 100_000);
  assert.equal(o.MAX_VIDEO_SECONDS, 180);
  assert.equal(o.PHASE_OFFSET_MS, 2 * 60 * 60 * 1000);
  assert.ok(o.isInvitedExhibitor("recommended") && !o.isInvitedExhibitor("company"));
});
