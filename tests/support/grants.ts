// The management sections granted to the support group (the demo `staff` account's role), as a test sets
// them: each call replaces the whole set; an empty list takes every section away.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { managementGrants } from "../../db/schema/member.ts";

export async function grantStaff(db: Db, sections: string[]): Promise<void> {
  await db.delete(managementGrants).where(eq(managementGrants.roleCode, "support_group"));
  if (sections.length) {
    await db.insert(managementGrants).values(sections.map((section) => ({ roleCode: "support_group", section })));
  }
}
