// `deno task start`: the platform in one process (the embedded PGlite, or PostgreSQL with DATABASE_URL),
// listening on PORT and HOST as each process of `deno task cluster` does (serve.ts), without its shared
// port: a second start on a port in use fails instead of splitting the traffic. deno.json runs it with
// --unstable-no-legacy-abort: request.signal then aborts only when a client goes away (nothing here relies
// on the old behaviour, which Deno warns about once a request reads the signal, as every /en page does).
import { listenAddress } from "../fresh.config.ts";

// Checked before the database opens, so a bad PORT stops the start at once.
const { port, hostname } = listenAddress(Deno.env.toObject());
const { default: server } = await import("../main.ts");
Deno.serve({
  port,
  hostname,
  onListen: (addr) => {
    const shown = addr.hostname === "0.0.0.0" || addr.hostname === "::" ? "localhost" : addr.hostname;
    console.log(`Listening on http://${shown}:${addr.port}/`);
  },
}, server.fetch);
