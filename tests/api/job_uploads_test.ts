// The files of the area's three wizards through their plain (no JavaScript) multipart forms (issue 19 §3
// "logo, photo and images through the files pipeline"): a company's logo (employer wizard step 1), a resume
// photo (job seeker wizard step 1) and a share's images (share wizard step 2) are real PNGs, checked and
// stored by the files pipeline as the member's uploads, linked to the posting, resume or share when it is
// stored, and shown on its page (and the image itself answers). Bad files — a text file named .png, a file
// over the purpose's size — are refused beside the field with the message of SPEC §8 (its figures filled
// in), nothing is stored, and the wizard stays on the step.
import assert from "node:assert/strict";
import { and, eq, inArray } from "drizzle-orm";
import { files } from "../../db/schema/file.ts";
import { jobPostings, resumes, shares } from "../../db/schema/job.ts";
import { users } from "../../db/schema/member.ts";
import { seoulDay } from "../../domain/job/status.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { photo, upload } from "../support/images.ts";
import { signIn } from "../support/session.ts";

const t = await openTestApp();
const db = t.app.database.db;
const company = await signIn(t, "company");
const member = await signIn(t, "member");
const tester = await signIn(t, "tester");
const userId = async (username: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

const PNG = await photo(120, 90, "png");
const png = (name = "picture.png") => upload(name, PNG, "image/png");
/** A text file wearing an image's name and type. */
const fakePng = () => upload("fake.png", new TextEncoder().encode("this is not a picture\n".repeat(20)), "image/png");
/** One byte over `mb` megabytes, starting like a PNG (the size is refused before anything is read). */
const oversized = (mb: number) => {
  const bytes = new Uint8Array(mb * 1024 * 1024 + 1);
  bytes.set(PNG.slice(0, 64));
  return upload("huge.png", bytes, "image/png");
};

function post(
  path: string,
  cookie: string,
  fields: Record<string, string | string[]>,
  sent: [string, File][] = [],
  accept = "text/html",
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  for (const [name, file] of sent) body.append(name, file);
  return t.request(path, { method: "POST", headers: csrfHeaders({ cookie, accept }), body });
}

async function expect(res: Response, status: number): Promise<string> {
  const text = await res.text();
  assert.equal(res.status, status, text.slice(0, 400));
  return text;
}

const filesOf = (ownerId: number, purpose: string) =>
  db.select().from(files).where(and(eq(files.ownerId, ownerId), eq(files.purpose, purpose as "job_logo")));

/** The image at `src` answers as an image to `cookie` (or to anyone). */
async function loads(src: string, cookie?: string) {
  const res = await t.request(src.replace(/&amp;/g, "&"), { headers: cookie ? { cookie } : {} });
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.equal(res.status, 200, src);
  assert.match(res.headers.get("content-type") ?? "", /^image\//, src);
  assert.ok(bytes.length > 100, src);
}

const COMPANY_STEP = {
  _step: "1",
  company: "(주)로고디자인",
  company_en: "Logo Design Inc.",
  company_type: "design",
  worker_num: "5",
  contact: "hr@example.com",
};
const POSITION_STEP = {
  _step: "2",
  title: "로고가 있는 공고",
  title_en: "A posting with a logo",
  occupation: "product",
  duties: "제품 디자인",
  region: "11",
  education: "bachelor",
  career: "E",
  salary: "36000000",
  salary_type: "Y",
  employ_type: "regular",
  holiday_type: "five_days",
  work_hour: "day",
  severance: "on",
  insurance: ["pension"],
  apply_method: "online",
  hire_count: "1",
  close_on: seoulDay(new Date(), 20),
};

appTest("employer wizard: the company logo (a real PNG) is stored, linked to the posting and shown on it", async () => {
  const companyId = await userId("company");
  const before = (await filesOf(companyId, "job_logo")).length;
  await expect(await post("/job/recruit/register", company, COMPANY_STEP, [["logo", png("logo.png")]]), 303);
  const uploaded = (await filesOf(companyId, "job_logo")).slice(before);
  assert.equal(uploaded.length, 1, "one logo stored through the files pipeline");
  const [logo] = uploaded;
  assert.equal(logo.mimetype, "image/png");
  assert.deepEqual([logo.width, logo.height, logo.attachedAt], [120, 90, null], "checked, not yet attached");
  // The kept logo travels as a hidden field when the step is shown again.
  const again = await expect(await t.request("/job/recruit/register?step=1", { headers: { cookie: company } }), 200);
  assert.match(again, new RegExp(`name="logo_id" value="${logo.id}"`));
  await expect(await post("/job/recruit/register", company, { ...COMPANY_STEP, logo_id: String(logo.id) }), 303);
  await expect(await post("/job/recruit/register", company, POSITION_STEP), 303);
  await expect(await post("/job/recruit/register", company, { _step: "3" }), 303);
  const [stored] = await db.select().from(jobPostings).where(eq(jobPostings.titleEn, "A posting with a logo"));
  assert.equal(stored.logoId, logo.id, "linked to the posting");
  const [after] = await db.select().from(files).where(eq(files.id, logo.id));
  assert.ok(after.attachedAt, "attached with the posting");
  assert.equal(after.access, "public", "shown to every visitor with the posting");
  const html = await expect(await t.request(`/job/recruit/${stored.id}`), 200);
  const src = html.match(/<img class="job-logo" src="([^"]+)"/)?.[1];
  assert.ok(src?.includes(`/api/file/${logo.id}/`), `the posting shows its logo: ${src}`);
  await loads(src!);
  const json = await (await t.request(`/api/job/recruit/${stored.id}`)).json();
  assert.equal(json.logo, src!.replace(/&amp;/g, "&"));
});

appTest("employer wizard: a text file named .png and a logo over 3 MB are refused beside the field", async () => {
  const companyId = await userId("company");
  const before = (await filesOf(companyId, "job_logo")).length;
  const fake = await expect(await post("/job/recruit/register", company, COMPANY_STEP, [["logo", fakePng()]]), 422);
  assert.match(fake, /id="field-logo_id-error"[^>]*>[^<]*허용되지 않는 파일 형식입니다\. 가능한 형식: [^<{]*(png|PNG)/);
  assert.doesNotMatch(fake, /\{types\}/, "the accepted types are named");
  assert.match(fake, /value="\(주\)로고디자인"/, "what was typed is kept");
  const big = await expect(await post("/job/recruit/register", company, COMPANY_STEP, [["logo", oversized(3)]]), 413);
  assert.match(big, /id="field-logo_id-error"[^>]*>[^<]*파일당 3MB까지 올릴 수 있습니다/);
  // The island's call answers the same keys.
  const res = await post("/job/recruit/register", company, COMPANY_STEP, [["logo", fakePng()]], "application/json");
  const body = await res.json();
  assert.equal(res.status, 422);
  assert.deepEqual(body.errors, { logo_id: ["file.wrong_type"] });
  assert.equal((await filesOf(companyId, "job_logo")).length, before, "nothing stored");
  // In English too.
  const en = await expect(await post("/en/job/recruit/register", company, COMPANY_STEP, [["logo", oversized(3)]]), 413);
  assert.match(en, /Each file may be up to 3 MB/);
});

const RESUME_BASICS = {
  _step: "1",
  title: "사진이 있는 이력서",
  title_en: "A resume with a photo",
  gender: "female",
  occupation: "visual",
  region: "26",
  career: "N",
  education: "bachelor",
  employ_type: "regular",
};

appTest(
  "job seeker wizard: the resume photo is stored as the owner's file, linked, and shown only to the resume's readers",
  async () => {
    const testerId = await userId("tester");
    await expect(await post("/job/search/register", tester, RESUME_BASICS, [["photo", png("me.png")]]), 303);
    const [photoFile] = await filesOf(testerId, "resume_photo");
    assert.ok(photoFile, "the photo is stored through the files pipeline");
    assert.equal(photoFile.mimetype, "image/png");
    assert.equal(photoFile.access, "owner");
    await expect(
      await post("/job/search/register", tester, {
        _step: "2",
        introduction: "사진과 함께 쓰는 소개",
        desired_pay_type: "Y",
        looking: "on",
      }),
      303,
    );
    const [resume] = await db.select().from(resumes).where(eq(resumes.userId, testerId));
    assert.equal(resume.photoId, photoFile.id, "linked to the resume");
    const [after] = await db.select().from(files).where(eq(files.id, photoFile.id));
    assert.ok(after.attachedAt, "attached with the resume");
    assert.equal(after.access, "owner", "never a public file");
    // Shown on the resume to a company (the member is looking) through the resume's own check.
    const html = await expect(await t.request(`/job/search/${resume.id}`, { headers: { cookie: company } }), 200);
    const src = html.match(/<img class="job-photo" src="([^"]+)"/)?.[1];
    assert.equal(src, `/job/search/${resume.id}/photo`);
    await loads(src!, company);
    // The file's own links answer nobody else; the resume's photo needs a reader.
    const direct = await t.request(`/api/file/${photoFile.id}/external_thumbnail.jpg`, {
      headers: { cookie: company },
    });
    await direct.body?.cancel();
    assert.ok(direct.status === 403 || direct.status === 404, `direct link: ${direct.status}`);
    const anonymous = await t.request(src!);
    await anonymous.body?.cancel();
    assert.equal(anonymous.status, 303, "a visitor is sent to sign in (SPEC §2.4)");
    assert.match(anonymous.headers.get("location") ?? "", /\/login\?redirect=/);
    const another = await t.request(src!, { headers: { cookie: member } });
    await another.body?.cancel();
    assert.equal(another.status, 403, "another individual member does not see it");
  },
);

appTest("job seeker wizard: a text file named .png and a photo over 3 MB are refused; nothing is stored", async () => {
  const memberId = await userId("member");
  const before = (await filesOf(memberId, "resume_photo")).length;
  const fake = await expect(await post("/job/search/register", member, RESUME_BASICS, [["photo", fakePng()]]), 422);
  assert.match(fake, /id="field-photo_id-error"[^>]*>[^<]*허용되지 않는 파일 형식입니다/);
  assert.doesNotMatch(fake, /\{types\}/);
  const big = await expect(await post("/job/search/register", member, RESUME_BASICS, [["photo", oversized(3)]]), 413);
  assert.match(big, /id="field-photo_id-error"[^>]*>[^<]*파일당 3MB까지 올릴 수 있습니다/);
  assert.equal((await filesOf(memberId, "resume_photo")).length, before);
  const [resume] = await db.select().from(resumes).where(eq(resumes.userId, memberId));
  assert.notEqual(resume.title, RESUME_BASICS.title, "the stored resume is untouched");
});

const SHARE_DETAILS = {
  _step: "2",
  talent: "사진이 있는 나눔",
  talent_en: "A share with pictures",
  field: "visual",
  period_from: seoulDay(new Date(), 1),
  period_to: seoulDay(new Date(), 30),
  times: "2회",
  target: "대학생",
  description: "사진과 함께 나눕니다.",
  region: "11",
  approved_number: "2",
};

appTest("share wizard: two images are stored, linked to the share in order, public with it and shown", async () => {
  const memberId = await userId("member");
  await expect(await post("/share/register", member, { _step: "1", type: "donate" }), 303);
  await expect(
    await post("/share/register", member, SHARE_DETAILS, [["images", png("one.png")], ["images", png("two.png")]]),
    303,
  );
  const uploaded = await filesOf(memberId, "share_image");
  assert.equal(uploaded.length, 2, "both images stored through the files pipeline");
  assert.ok(uploaded.every((f) => f.mimetype === "image/png" && f.attachedAt === null));
  await expect(await post("/share/register", member, { _step: "3" }), 303);
  const [stored] = await db.select().from(shares).where(eq(shares.talentEn, "A share with pictures"));
  // In the order they were sent (the rows' own order is not asked of the database).
  const sent = ["one.png", "two.png"].map((name) => uploaded.find((f) => f.originalName === name)?.id);
  assert.deepEqual(stored.imageIds, sent, "linked to the share in the order sent");
  const after = await db.select().from(files).where(inArray(files.id, stored.imageIds));
  assert.ok(after.every((f) => f.attachedAt && f.access === "public"), "attached and public with the share");
  // Shown on its page (the owner sees the inactive share; once open, everyone).
  const path = `/share/donate/${stored.id}`;
  const opened = await post(path, member, { _action: "status", action: "open" }, [], "application/json");
  assert.equal(opened.status, 200, await opened.text());
  const html = await expect(await t.request(path), 200);
  const srcs = [...html.matchAll(/<ul class="share-images">[\s\S]*?<\/ul>/g)].flatMap((m) =>
    [...m[0].matchAll(/src="([^"]+)"/g)].map((x) => x[1])
  );
  assert.deepEqual(srcs, stored.imageIds.map((id) => `/api/file/${id}/external_image.jpg`));
  for (const src of srcs) await loads(src);
  const json = await (await t.request(`/api/share/donate/${stored.id}`)).json();
  assert.equal(json.images.length, 2);
});

appTest("share wizard: a text file named .png, an image over 10 MB and a sixth image are refused", async () => {
  const testerId = await userId("tester");
  await expect(await post("/share/register", tester, { _step: "1", type: "request" }), 303);
  const fake = await expect(await post("/share/register", tester, SHARE_DETAILS, [["images", fakePng()]]), 422);
  assert.match(fake, /id="field-image_ids-error"[^>]*>[^<]*허용되지 않는 파일 형식입니다/);
  assert.match(fake, /value="사진이 있는 나눔"/, "what was typed is kept");
  // One good image and one fake: all or nothing.
  await expect(
    await post("/share/register", tester, SHARE_DETAILS, [["images", png()], ["images", fakePng()]]),
    422,
  );
  const big = await expect(await post("/share/register", tester, SHARE_DETAILS, [["images", oversized(10)]]), 413);
  assert.match(big, /id="field-image_ids-error"[^>]*>[^<]*파일당 10MB까지 올릴 수 있습니다/);
  const six = Array.from({ length: 6 }, (_, i): [string, File] => ["images", png(`${i}.png`)]);
  const many = await expect(await post("/share/register", tester, SHARE_DETAILS, six), 422);
  assert.match(many, /id="field-image_ids-error"/);
  assert.equal((await filesOf(testerId, "share_image")).length, 0, "nothing stored");
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
