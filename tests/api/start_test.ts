// `deno task start` (issue 10 §5): its server command (deno.json's start task after the build) listens on
// PORT and HOST as the cluster does, and runs without Deno's legacy request-abort warning. The server runs
// on a PGlite database in a temporary DATA_DIR, without the demo (SEED_DEMO=0), to start in seconds.
import assert from "node:assert/strict";
import { join } from "node:path";
import { listenAddress, ROOT } from "../../fresh.config.ts";

/** The start task's last command (what follows the build), split into Deno's arguments. */
async function startCommand(): Promise<string[]> {
  const config = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));
  const task: string = config.tasks.start;
  const commands = task.split("&&").map((c) => c.trim());
  assert.match(commands[0], /scripts\/build\.ts/, "the start task builds first");
  const [program, ...args] = commands.at(-1)!.split(/\s+/);
  assert.equal(program, "deno");
  assert.ok(args.every((a) => !/[$'"`|;<>]/.test(a)), `a plain command: ${commands.at(-1)}`);
  return args;
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

async function collect(stream: ReadableStream<Uint8Array>, into: { text: string }) {
  const decoder = new TextDecoder();
  for await (const chunk of stream) into.text += decoder.decode(chunk, { stream: true });
  into.text += decoder.decode();
}

Deno.test("PORT and HOST are read, and a PORT that is no port stops the start", () => {
  assert.deepEqual(listenAddress({}), { port: 8000, hostname: "0.0.0.0" });
  assert.deepEqual(listenAddress({ PORT: "8080", HOST: "127.0.0.1" }), { port: 8080, hostname: "127.0.0.1" });
  assert.deepEqual(listenAddress({ PORT: "", HOST: "" }), { port: 8000, hostname: "0.0.0.0" });
  for (const bad of ["http", "80.5", "-1", "65536"]) assert.throws(() => listenAddress({ PORT: bad }), /PORT/, bad);
});

Deno.test("the start task serves on PORT and HOST, and Deno does not warn about the legacy request abort", async () => {
  const args = await startCommand();
  const port = freePort();
  const dataDir = await Deno.makeTempDir({ prefix: "start-test-" });
  const env = {
    ...Deno.env.toObject(),
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_DEMO: "0",
    PAY_PROVIDER: "test",
  };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  const child = new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  })
    .spawn();
  const out = { text: "" };
  const err = { text: "" };
  const reading = Promise.all([collect(child.stdout, out), collect(child.stderr, err)]);
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });
  try {
    // Up to a minute for PGlite to start and migrate; once the server says it listens (on whichever port),
    // a few seconds for ours to answer.
    let deadline = Date.now() + 60_000;
    let healthz: string | undefined;
    while (!exited && Date.now() < deadline) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        healthz = await res.text();
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (/Listening on/.test(out.text + err.text)) deadline = Math.min(deadline, Date.now() + 3000);
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(healthz, "ok", `answers /healthz on PORT ${port}\n${out.text}\n${err.text}`);
    assert.match(out.text, new RegExp(`Listening on http://127\\.0\\.0\\.1:${port}/`));
    // An /en request reads request.signal (the English site is the same routes under /en): the legacy
    // abort mode warns on the first such request that succeeds.
    const en = await fetch(`http://127.0.0.1:${port}/en/`);
    await en.body?.cancel();
    const again = await fetch(`http://127.0.0.1:${port}/healthz`);
    assert.equal(await again.text(), "ok");
  } finally {
    if (!exited) child.kill("SIGTERM");
    // One that does not stop within 10 s is killed (and the exit code below fails the test).
    const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await status;
    clearTimeout(kill);
    await reading;
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
  assert.doesNotMatch(err.text, /legacy behavior|unstable-no-legacy-abort/, err.text);
  assert.equal((await status).code, 0, "SIGTERM stops it cleanly");
});
