// `deno task cluster`: one server process (serve.ts) per core on one port, for PostgreSQL (DATABASE_URL;
// the embedded PGlite allows one process). WORKERS overrides the count; PORT and HOST as serve.ts. A
// process that exits on its own is restarted after a second; SIGTERM or SIGINT stops them all.
import { fileURLToPath } from "node:url";
import { SERVER_V8_FLAGS } from "./v8.ts";

const SERVE = fileURLToPath(new URL("../serve.ts", import.meta.url));

export function workerCount(env: Record<string, string | undefined>, cores: number): number {
  const asked = Number(env.WORKERS);
  return Number.isInteger(asked) && asked > 0 ? asked : Math.max(1, cores);
}

if (import.meta.main) {
  if (!Deno.env.get("DATABASE_URL")) {
    console.error("cluster: set DATABASE_URL (PostgreSQL); the embedded PGlite serves from one process");
    Deno.exit(2);
  }
  const count = workerCount(Deno.env.toObject(), navigator.hardwareConcurrency);
  const children = new Set<Deno.ChildProcess>();
  let stopping = false;

  const start = () => {
    const child = new Deno.Command(Deno.execPath(), {
      // unstable-no-legacy-abort: request.signal aborts only when the client goes away (nothing here
      // relies on the old behaviour, and Deno warns about it on every process otherwise).
      args: ["run", "-A", "--unstable-net", "--unstable-no-legacy-abort", SERVER_V8_FLAGS, SERVE],
      stdin: "null",
    }).spawn();
    children.add(child);
    child.status.then((status) => {
      children.delete(child);
      // 0: it was asked to stop (SIGTERM, SIGINT to the whole terminal group).
      if (stopping || status.code === 0) return;
      console.error(`cluster: process ${child.pid} exited (${status.code}); restarting it`);
      setTimeout(start, 1000);
    });
  };

  const stop = async () => {
    stopping = true;
    for (const child of children) {
      try {
        child.kill("SIGTERM");
      } catch {
        // already gone
      }
    }
    // One that does not stop within 4 s (a stuck database connection) is killed: none may outlive us.
    const kill = setTimeout(() => children.forEach((child) => child.kill("SIGKILL")), 4000);
    await Promise.all([...children].map((child) => child.status));
    clearTimeout(kill);
    Deno.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) Deno.addSignalListener(signal, stop);

  console.log(`cluster: ${count} processes on port ${Deno.env.get("PORT") ?? 8000}`);
  for (let i = 0; i < count; i++) start();
}
