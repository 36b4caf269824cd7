// Pure rules of issue 14: support statuses from the application dates, the review status machine, the
// waiting list (where an enrolment goes, how many move up), a course fee's state, the builder's tree edits,
// who may apply, and reading the road-name address API's answer.
import assert from "node:assert/strict";
import fc from "fast-check";
import { isApplicationOpen, supportStatus } from "../../domain/programme/status.ts";
import { enrolmentStatus, promotions, REVIEW } from "../../domain/programme/review.ts";
import { feeState, PAY_HOLD_MS, payDueOf, PROMOTED_PAY_HOLD_MS } from "../../domain/programme/fees.ts";
import {
  addComponent,
  ComponentForm,
  moveComponent,
  removeComponent,
  updateComponent,
} from "../../domain/form/builder.ts";
import { checkTree, type FormComponent } from "../../domain/form/model.ts";
import { canApplyTo } from "../../domain/programme/apply.ts";
import { jusoProvider, parseJuso } from "../../domain/form/postal.ts";
import type { Viewer } from "../../domain/member/permissions.ts";

const day = 86_400_000;
const now = new Date("2026-11-25T03:00:00Z");

Deno.test("support status: scheduled before the start, recruiting inside, terminated after; open bounds", () => {
  const w = (from: number | null, to: number | null) => ({
    applyFrom: from === null ? null : new Date(now.getTime() + from * day),
    applyTo: to === null ? null : new Date(now.getTime() + to * day),
  });
  assert.equal(supportStatus(w(1, 10), now), "scheduled");
  assert.equal(supportStatus(w(-1, 10), now), "recruiting");
  assert.equal(supportStatus(w(-10, -1), now), "terminated");
  assert.equal(supportStatus(w(null, null), now), "recruiting");
  assert.equal(supportStatus(w(null, -1), now), "terminated");
  // The boundaries themselves are inside.
  assert.equal(supportStatus({ applyFrom: now, applyTo: now }, now), "recruiting");
  assert.ok(isApplicationOpen(w(-1, 1), now));
  assert.ok(!isApplicationOpen(w(1, 2), now));
});

Deno.test("review machine: received → reviewing → accepted/rejected; nothing leaves a decision", () => {
  assert.equal(REVIEW.next("review", "received"), "reviewing");
  assert.equal(REVIEW.next("accept", "reviewing"), "accepted");
  assert.equal(REVIEW.next("reject", "received"), "rejected");
  assert.equal(REVIEW.next("promote", "waiting"), "received");
  for (const s of ["accepted", "rejected", "cancelled"] as const) {
    for (const a of ["review", "accept", "reject", "cancel", "promote"] as const) {
      assert.ok(!REVIEW.can(a, s), `${a} ${s}`);
    }
  }
  assert.throws(() => REVIEW.next("accept", "waiting"), { status: 409, key: "programme.wrong_status" });
  assert.deepEqual(REVIEW.actionsFrom("received"), ["review", "accept", "reject", "cancel"]);
});

Deno.test("waiting list: places first, then the list; promotions fill exactly the free places", () => {
  assert.equal(enrolmentStatus(10, 9), "received");
  assert.equal(enrolmentStatus(10, 10), "waiting");
  assert.equal(enrolmentStatus(0, 1000), "received", "0 means no limit");
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 50 }),
      fc.integer({ min: 0, max: 60 }),
      fc.integer({ min: 0, max: 60 }),
      (cap, holding, waiting) => {
        const n = promotions(cap, holding, waiting);
        assert.ok(n >= 0 && n <= waiting);
        if (cap > 0) assert.ok(holding + n <= Math.max(cap, holding), "never past the capacity");
        if (cap > 0 && holding < cap) assert.equal(n, Math.min(waiting, cap - holding));
      },
    ),
  );
  // Sequential enrolments never exceed the capacity and keep the order.
  const statuses: string[] = [];
  let holding = 0;
  for (let i = 0; i < 30; i++) {
    const s = enrolmentStatus(10, holding);
    if (s === "received") holding++;
    statuses.push(s);
  }
  assert.deepEqual(statuses, [...Array(10).fill("received"), ...Array(20).fill("waiting")]);
});

const c = (key: string, type: FormComponent["type"], extra: Partial<FormComponent> = {}): FormComponent => ({
  key,
  type,
  label: key,
  labelEn: "",
  ...extra,
});

Deno.test("builder edits: add at the top and inside, update keeps children, move within siblings, remove", () => {
  let tree: FormComponent[] = [];
  tree = addComponent(tree, null, c("s", "section", { children: [] }));
  tree = addComponent(tree, null, c("a", "text"));
  tree = addComponent(tree, "0", c("b", "email"));
  assert.deepEqual(tree.map((x) => x.key), ["s", "a"]);
  assert.equal(tree[0].children![0].key, "b");
  assert.throws(() => addComponent(tree, "1", c("x", "text")), RangeError);
  const renamed = updateComponent(tree, "0", c("s", "section", { label: "섹션" }));
  assert.equal(renamed[0].children![0].key, "b", "children kept");
  assert.deepEqual(moveComponent(tree, "1", -1).map((x) => x.key), ["a", "s"]);
  assert.deepEqual(moveComponent(tree, "0", -1).map((x) => x.key), ["s", "a"], "first stays first");
  assert.deepEqual(removeComponent(tree, "0.0")[0].children, []);
  assert.throws(() => removeComponent(tree, "5"), RangeError);
  assert.equal(tree.length, 2, "the original tree is not changed");
  assert.ok(checkTree(tree).ok);
});

Deno.test("the builder's component form: options lines, limits of its type only, MB to bytes", () => {
  const choice = ComponentForm.parse({
    key: "k",
    type: "choice",
    label: "고르기",
    options: "a|가|A\nb|나\n\n",
    min_length: "3",
  });
  assert.deepEqual(choice.options, [{ value: "a", label: "가", labelEn: "A" }, {
    value: "b",
    label: "나",
    labelEn: "",
  }]);
  assert.equal(choice.minLength, undefined);
  const file = ComponentForm.parse({
    key: "f",
    type: "file",
    label: "파일",
    accept: ["pdf"],
    max_mb: "2.5",
    required: "on",
  });
  assert.equal(file.maxBytes, 2.5 * 1024 * 1024);
  assert.equal(file.required, true);
  assert.ok(!ComponentForm.safeParse({ key: "f", type: "script", label: "x" }).success);
});

const viewer = (...codes: [string, boolean][]): Viewer => ({
  id: 5,
  roles: codes.map(([code, approved]) => ({
    code,
    needsApproval: code !== "member",
    approved,
    testable: false,
  })) as never,
});

Deno.test("who may apply: any member when no roles are set; else one of them (company: company or design)", () => {
  assert.ok(canApplyTo(viewer(["member", true]), { roles: [] }));
  assert.ok(!canApplyTo({ id: 0, roles: [] }, { roles: [] }));
  assert.ok(!canApplyTo(viewer(["member", true]), { roles: ["company"] }));
  assert.ok(canApplyTo(viewer(["design", true]), { roles: ["company"] }));
  assert.ok(!canApplyTo(viewer(["company", false]), { roles: ["company"] }), "an unapproved company is not one");
  assert.ok(canApplyTo(viewer(["administrator", true]), { roles: ["company"] }));
});

const JUSO = {
  results: {
    common: { errorCode: "0", errorMessage: "정상" },
    juso: [{
      roadAddrPart1: "서울특별시 중구 세종대로 110",
      roadAddr: "서울특별시 중구 세종대로 110 (태평로1가)",
      engAddr: "110 Sejong-daero, Jung-gu, Seoul",
      zipNo: "04524",
      bdNm: "서울특별시청",
      siNm: "서울특별시",
      sggNm: "중구",
    }],
  },
};

Deno.test("the road-name address API's answer is read; its errors are failures; the key and query are sent", async () => {
  assert.deepEqual(parseJuso(JUSO), [{
    zip: "04524",
    road: "서울특별시 중구 세종대로 110",
    roadEn: "110 Sejong-daero, Jung-gu, Seoul",
    building: "서울특별시청",
    city: "서울특별시",
    district: "중구",
  }]);
  assert.throws(() => parseJuso({ results: { common: { errorCode: "E0001" }, juso: null } }));
  assert.throws(() => parseJuso("<html>"));
  let asked: URL | null = null;
  const fake = ((url: URL) => {
    asked = url;
    return Promise.resolve(Response.json(JUSO));
  }) as unknown as typeof fetch;
  const found = await jusoProvider("KEY123", fake).search("세종대로", 5);
  assert.equal(found[0].zip, "04524");
  const sent = asked as unknown as URL;
  assert.equal(sent.searchParams.get("confmKey"), "KEY123");
  assert.equal(sent.searchParams.get("keyword"), "세종대로");
  assert.equal(sent.searchParams.get("resultType"), "json");
  const failing = (() => Promise.resolve(new Response("down", { status: 500 }))) as unknown as typeof fetch;
  await assert.rejects(() => jusoProvider("KEY", failing).search("x", 5));
});

Deno.test("completion: 80 % of the sessions, rounded up; accepted and not yet completed only", async () => {
  const { mayAttend, mayComplete, sessionCount, sessionsNeeded } = await import("../../domain/programme/completion.ts");
  assert.equal(sessionCount("1회차\n\n 2회차 \n"), 2);
  assert.equal(sessionsNeeded(5), 4);
  assert.equal(sessionsNeeded(3), 3);
  assert.equal(sessionsNeeded(0), 0);
  assert.ok(mayComplete("accepted", 4, 5, false));
  assert.ok(!mayComplete("accepted", 3, 5, false));
  assert.ok(!mayComplete("received", 5, 5, false));
  assert.ok(!mayComplete("accepted", 5, 5, true));
  assert.ok(mayAttend("received", false));
  assert.ok(!mayAttend("waiting", false));
  assert.ok(!mayAttend("accepted", true));
});

Deno.test("a course fee: held unpaid until its time (30 minutes, 2 days when promoted), then lapsed", () => {
  const now = new Date("2026-12-01T10:00:00Z");
  const base = { fee: 30_000, payDue: null, paidAt: null, refundedAt: null, status: "received" as const };
  assert.equal(feeState({ ...base, fee: 0 }, now), "free");
  assert.equal(payDueOf(0, "received", now), null);
  assert.equal(payDueOf(30_000, "waiting", now), null);
  assert.equal(payDueOf(30_000, "received", now)!.getTime() - now.getTime(), PAY_HOLD_MS);
  assert.equal(payDueOf(30_000, "received", now, true)!.getTime() - now.getTime(), PROMOTED_PAY_HOLD_MS);
  const due = payDueOf(30_000, "received", now);
  assert.equal(feeState({ ...base, payDue: due }, now), "due");
  assert.equal(feeState({ ...base, payDue: due }, new Date(due!.getTime())), "lapsed");
  assert.equal(feeState({ ...base, status: "waiting" }, now), "later");
  assert.equal(feeState({ ...base, status: "cancelled", payDue: due }, now), "lapsed");
  assert.equal(feeState({ ...base, payDue: due, paidAt: now }, new Date(due!.getTime() + day)), "paid");
  assert.equal(feeState({ ...base, paidAt: now, refundedAt: now, status: "cancelled" }, now), "refunded");
});
