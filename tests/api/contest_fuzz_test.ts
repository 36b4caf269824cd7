// Every route of the contest area takes generated hostile input (tests/support/fuzz.ts) from an anonymous
// visitor, a member and an administrator without an answer ≥ 500 and without an unhandled rejection:
// CONTEST_FUZZ_RUNS inputs per call (default 60; POSTs twice as many).
import assert from "node:assert/strict";
import { appTest, openTestApp } from "../support/app.ts";
import { signIn } from "../support/session.ts";
import { fuzzArea } from "../support/fuzz.ts";

const RUNS = Number(Deno.env.get("CONTEST_FUZZ_RUNS") ?? 60);
const SEED = Number(Deno.env.get("FUZZ_SEED") ?? Date.now() % 2 ** 31);

const t = await openTestApp();
const rejections: unknown[] = [];
globalThis.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  rejections.push(event.reason);
});

appTest(`the contest routes take hostile input (seed ${SEED}) without an answer ≥ 500`, async () => {
  const serverErrors: string[] = [];
  const { error: logged, warn } = console;
  console.error = (...args: unknown[]) => serverErrors.push(args.map(String).join(" ").slice(0, 500));
  console.warn = () => {};
  try {
    const { calls } = await fuzzArea(t, /contest/, RUNS, SEED, (username) => signIn(t, username));
    assert.ok(calls >= 15, `${calls} contest calls`);
  } finally {
    console.error = logged;
    console.warn = warn;
  }
  assert.deepEqual(serverErrors, [], "unexpected failures logged by the server");
  assert.deepEqual(rejections.map(String), [], "unhandled rejections");
});

// Last: waits for the background work (image derivatives) before the database closes; an unload handler
// could not wait, and sharp finishing after the runtime ended crashed the process (SIGSEGV).
appTest("close", () => t.close());
