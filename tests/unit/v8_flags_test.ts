import assert from "node:assert/strict";
import { SERVER_V8_FLAGS } from "../../scripts/v8.ts";

const ROOT = new URL("../../", import.meta.url);

Deno.test("every server process and in-process bench runs with the server's V8 heap flags", async () => {
  const tasks: Record<string, string> = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT))).tasks;
  for (const name of ["start", "bench:scale", "bench:market", "bench:job", "bench:board"]) {
    // The flag must come before the script: after it, it would be the script's argument.
    const run = tasks[name].split("&&").at(-1)!;
    assert.match(
      run,
      new RegExp(`deno run -A .*${SERVER_V8_FLAGS.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} scripts/`),
      name,
    );
  }
  for (const file of ["scripts/cluster.ts", "scripts/soak/server.ts"]) {
    const text = await Deno.readTextFile(new URL(file, ROOT));
    assert.match(text, /SERVER_V8_FLAGS, /, file);
  }
});

Deno.test("the server's V8 flags cap the old generation and the young one", () => {
  assert.match(SERVER_V8_FLAGS, /^--v8-flags=--max-old-space-size=\d+,--max-semi-space-size=\d+$/);
});
