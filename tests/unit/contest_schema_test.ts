// The contest payloads (SPEC §5): exposure language, prizes, dates, counselling, reference URLs.
import assert from "node:assert/strict";
import { ContentStep, CounselInput, ScheduleStep } from "../../domain/contest/schema.ts";
import { isInternalAddress, probeReferenceUrl, referenceUrlProblem } from "../../domain/contest/urls.ts";
import { MIN_PRIZE_TOTAL } from "../../domain/contest/options.ts";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

const content = {
  title: "로고 공모",
  company: "한빛",
  contact_email: "host@example.com",
  summary: "요약",
  request: "요청",
  languages: ["ko"],
};
const schedule = {
  open_at: "2026-03-01",
  close_at: "2026-03-31",
  result_at: "2026-04-15",
  prize1: String(MIN_PRIZE_TOTAL),
};

Deno.test("content: at least one exposure language", () => {
  assert.ok(ContentStep.safeParse(content).success);
  assert.ok(ContentStep.safeParse({ ...content, languages: "en" }).success, "one form value");
  assert.deepEqual(messages(ContentStep.safeParse({ ...content, languages: [] })), ["contest.no_language"]);
  assert.deepEqual(messages(ContentStep.safeParse({ ...content, languages: undefined })), ["contest.no_language"]);
});

Deno.test("schedule: first prize required, total above the minimum, dates in order", () => {
  const ok = ScheduleStep.safeParse(schedule);
  assert.ok(ok.success);
  assert.equal(ok.data!.open_at.toISOString(), "2026-02-28T15:00:00.000Z", "Seoul midnight");
  assert.ok(
    messages(ScheduleStep.safeParse({ ...schedule, prize1: "", prize2: "2000000" }))
      .includes("contest.first_prize_required"),
  );
  assert.deepEqual(messages(ScheduleStep.safeParse({ ...schedule, prize1: MIN_PRIZE_TOTAL - 1 })), [
    "contest.prize_below_minimum",
  ]);
  assert.ok(ScheduleStep.safeParse({ ...schedule, prize1: "600,000", prize2: "400000" }).success);
  assert.deepEqual(messages(ScheduleStep.safeParse({ ...schedule, close_at: "2026-03-01" })), [
    "contest.close_before_open",
  ]);
  assert.deepEqual(messages(ScheduleStep.safeParse({ ...schedule, close_at: "2026-02-20" })), [
    "contest.close_before_open",
  ]);
  assert.deepEqual(messages(ScheduleStep.safeParse({ ...schedule, result_at: "2026-03-31" })), [
    "contest.result_before_close",
  ]);
  assert.deepEqual(messages(ScheduleStep.safeParse({ ...schedule, open_at: "2026-02-30" })), [
    "contest.date_invalid",
  ]);
});

Deno.test("counselling: at least 50 characters", () => {
  assert.deepEqual(messages(CounselInput.safeParse({ opinion: "가".repeat(49) })), ["contest.counsel_too_short"]);
  assert.ok(CounselInput.safeParse({ opinion: "가".repeat(50) }).success);
  assert.ok(messages(CounselInput.safeParse({ opinion: "" })).includes("contest.no_opinion"));
});

Deno.test("reference URLs: http(s) with a public host", () => {
  assert.equal(referenceUrlProblem("https://example.com/brand"), null);
  assert.equal(referenceUrlProblem("http://127.0.0.1/"), "contest.url_private");
  assert.equal(referenceUrlProblem("http://10.0.0.1/admin"), "contest.url_private");
  assert.equal(referenceUrlProblem("http://[::1]/"), "contest.url_private");
  assert.equal(referenceUrlProblem("http://localhost:8000/"), "contest.url_private");
  assert.equal(referenceUrlProblem("http://2130706433/"), "contest.url_private");
  assert.equal(referenceUrlProblem("http://169.254.169.254/latest"), "contest.url_private");
  assert.equal(referenceUrlProblem("ftp://example.com/"), "contest.url_invalid");
  assert.equal(referenceUrlProblem("javascript:alert(1)"), "contest.url_invalid");
  assert.equal(referenceUrlProblem("https://nodot/"), "contest.url_invalid");
  assert.ok(isInternalAddress("::ffff:10.0.0.1"));
  assert.ok(!isInternalAddress("8.8.8.8"));
  const r = ContentStep.safeParse({ ...content, reference_urls: "https://example.com\nhttp://10.0.0.1/" });
  assert.deepEqual(messages(r), ["contest.url_private"]);
});

Deno.test("reference URL probe: a name resolving to an internal address is never asked", async () => {
  let asked = 0;
  const fetcher = (() => {
    asked++;
    return Promise.resolve(new Response(null, { status: 200 }));
  }) as typeof fetch;
  assert.equal(
    await probeReferenceUrl("https://evil.example/", { resolve: () => Promise.resolve(["127.0.0.1"]), fetch: fetcher }),
    "contest.url_private",
  );
  assert.equal(asked, 0);
  assert.equal(
    await probeReferenceUrl("https://ok.example/", {
      resolve: () => Promise.resolve(["93.184.216.34"]),
      fetch: fetcher,
    }),
    null,
  );
  assert.equal(asked, 1);
});
