// Pictures of entries the public may see now (winners after the results) are everybody's without a
// manager saving the entry again; the others stay the judges'. And a change the award pages show
// drops the cached pages on every instance (NOTIFY site_cache from the database).
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { awards, entries } from "../../db/schema/award.ts";
import { attachUploads } from "../../domain/file/attach.ts";
import { users } from "../../db/schema/member.ts";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { photo } from "../support/images.ts";

const t = await openTestApp();
const db = t.app.database.db;
const member = await signIn(t, "member");
const [owner] = await db.select().from(users).where(eq(users.username, "member"));
const DAY = 24 * 3600_000;

async function picture(): Promise<number> {
  const body = new FormData();
  body.append("file", new File([await photo(400, 300) as Uint8Array<ArrayBuffer>], "w.jpg", { type: "image/jpeg" }));
  const res = await t.request("/api/file?purpose=entry_thumbnail", {
    method: "POST",
    headers: csrfHeaders({ cookie: member, accept: "application/json" }),
    body,
  });
  return (await res.json()).data[0].id;
}

async function entryWith(awardId: number, rank: "gold" | null) {
  const id = await picture();
  // As entries.ts does on submission: attached, the judges', in the award.
  await attachUploads(db, [id], { access: "judges", awardId });
  const [entry] = await db.insert(entries).values({
    awardId,
    userId: owner.id,
    status: "submitted",
    exhibitorType: "general",
    designerName: "디자이너",
    category: 10,
    title: "작품",
    workType: "image",
    thumbnailId: id,
    rank,
  }).returning();
  return { entry, fileId: id };
}

const [past] = await db.insert(awards).values({
  family: "award",
  year: 2093,
  title: "2093",
  resultAt: new Date(Date.now() - 10 * DAY),
}).returning();
const [future] = await db.insert(awards).values({
  family: "award",
  year: 2094,
  title: "2094",
  resultAt: new Date(Date.now() + 10 * DAY),
}).returning();

appTest("a winner's picture is public once the results are out; others stay the judges'", async () => {
  await t.app.files.idle();
  const winner = await entryWith(past.id, "gold");
  const other = await entryWith(past.id, null);
  const early = await entryWith(future.id, "gold");
  const status = async (id: number) => {
    const res = await t.request(`/api/file/${id}/preview_image.jpg`);
    await res.body?.cancel();
    return res.status;
  };
  assert.equal(await status(winner.fileId), 200);
  assert.equal(await status(other.fileId), 403);
  assert.equal(await status(early.fileId), 403);
});

appTest("changing what the public sees of an entry drops the cached pages everywhere", async () => {
  const { entry } = await entryWith(past.id, null);
  const before = t.app.sites.generation;
  await db.update(entries).set({ rank: "silver" }).where(eq(entries.id, entry.id));
  for (let i = 0; i < 50 && t.app.sites.generation === before; i++) await new Promise((r) => setTimeout(r, 20));
  assert.notEqual(t.app.sites.generation, before);
});

appTest("close", () => t.close());
