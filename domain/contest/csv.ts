// The entries of one contest as CSV for the management (DESIGN §6 "streamed CSV"): every entry, live and
// withdrawn, read in batches (keyset on id) so a large contest is never held in memory, with the award
// area's cell rules (formula-looking cells defused) and a BOM so Excel opens Korean.
import { and, asc, eq, gt } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { contestEntries, type ContestEntryRow } from "../../db/schema/contest.ts";
import { users } from "../../db/schema/member.ts";
import { csvLine, UTF8_BOM } from "../award/manage-entries.ts";

const BATCH = 1000;

export interface CsvEntry {
  entry: ContestEntryRow;
  name: string;
  username: string;
  email: string;
}

export function contestEntriesCsv(
  db: Tx,
  contestId: number,
  header: string[],
  row: (entry: CsvEntry) => (string | number | boolean | null)[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(UTF8_BOM + csvLine(header)));
          return;
        }
        const batch = await db.select({
          entry: contestEntries,
          name: users.name,
          username: users.username,
          email: users.email,
        })
          .from(contestEntries).innerJoin(users, eq(users.id, contestEntries.userId))
          .where(and(eq(contestEntries.contestId, contestId), gt(contestEntries.id, after)))
          .orderBy(asc(contestEntries.id)).limit(BATCH);
        if (!batch.length) {
          controller.close();
          return;
        }
        after = batch.at(-1)!.entry.id;
        controller.enqueue(encoder.encode(batch.map((b) => csvLine(row(b))).join("")));
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
