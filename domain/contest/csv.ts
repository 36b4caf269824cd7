// The entries of one contest as CSV for the management (DESIGN §6 "streamed CSV"): every entry, live and
// withdrawn, read in batches (keyset on id) so a large contest is never held in memory, through the CSV
// kit (formula-looking cells defused, a BOM so Excel opens Korean).
import { and, asc, eq, gt } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { contestEntries, type ContestEntryRow } from "../../db/schema/contest.ts";
import { users } from "../../db/schema/member.ts";
import { csvStream, type CsvValue } from "../common/csv.ts";

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
  row: (entry: CsvEntry) => CsvValue[],
): ReadableStream<Uint8Array> {
  return csvStream(
    header,
    (after, limit) =>
      db.select({ entry: contestEntries, name: users.name, username: users.username, email: users.email })
        .from(contestEntries).innerJoin(users, eq(users.id, contestEntries.userId))
        .where(and(eq(contestEntries.contestId, contestId), gt(contestEntries.id, after)))
        .orderBy(asc(contestEntries.id)).limit(limit),
    (b) => b.entry.id,
    row,
  );
}
