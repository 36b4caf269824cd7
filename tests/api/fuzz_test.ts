// Issue 16 §1: every route of the manifest, each of its methods, takes generated hostile input from an
// anonymous visitor, a member and an administrator without a single answer ≥ 500 and without an
// unhandled rejection. FUZZ_RUNS inputs per call (default 12 here; `deno task fuzz` runs 1,000, and ten
// times as many on sign-in, registration, uploads and payment returns). A failure prints the shrunk input.
import assert from "node:assert/strict";
import fc from "fast-check";
import { appTest, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { routeCalls } from "../support/routes.ts";
import { fuzzInput, fuzzRequest, type Who } from "../support/fuzz.ts";

const RUNS = Number(Deno.env.get("FUZZ_RUNS") ?? (Deno.env.get("FUZZ_FULL") ? 1000 : 12));
/** The doors attackers knock on most get ten times the inputs. */
const HEAVY =
  /^(POST \/api\/login|POST \/login|POST \/api\/register|POST \/register|POST \/api\/file|POST \/api\/pay\/)/;
const SEED = Number(Deno.env.get("FUZZ_SEED") ?? Date.now() % 2 ** 31);

const t = await openTestApp();

const rejections: unknown[] = [];
globalThis.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  rejections.push(event.reason);
});

/** Fresh sessions; a fuzzed sign-out or password form may have ended the old ones. */
async function sessions(): Promise<Record<Who, string | undefined>> {
  return { anonymous: undefined, member: await signIn(t, "member"), admin: await signIn(t, "admin") };
}

appTest(`every route and method takes ${RUNS} hostile inputs (seed ${SEED}) without an answer ≥ 500`, async () => {
  const calls = routeCalls();
  assert.ok(calls.length > 100, `${calls.length} calls`);
  const report: string[] = [];
  const serverErrors: string[] = [];
  const { error: logged, warn } = console;
  // The app logs every unexpected failure through console.error (app.ts onServerError): count them.
  console.error = (...args: unknown[]) => serverErrors.push(args.map(String).join(" ").slice(0, 500));
  console.warn = () => {}; // refused payment returns are logged as warnings, thousands of them here
  let tried = 0;
  try {
    for (const call of calls) {
      const cookies = await sessions();
      const runs = HEAVY.test(call.key) ? RUNS * 10 : RUNS;
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(fuzzInput(call), async (input) => {
          const res = await t.app.fetch(fuzzRequest(call, input, cookies));
          await res.body?.cancel();
          tried++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          return res.status < 500;
        }),
        { numRuns: runs, seed: SEED, endOnFailure: false },
      ).catch((err) => {
        throw new Error(`${call.key}: ${err instanceof Error ? err.message : err}`);
      });
      const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(" ");
      report.push(`${call.key}: ${runs} inputs, answers ${answers}`);
    }
  } finally {
    console.error = logged;
    console.warn = warn;
  }
  if (Deno.env.get("FUZZ_REPORT")) console.log(report.join("\n"));
  console.log(`fuzz: ${calls.length} calls, ${tried} requests, seed ${SEED}`);
  assert.deepEqual(serverErrors, [], "unexpected failures logged by the server");
  assert.deepEqual(rejections.map(String), [], "unhandled rejections");
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
