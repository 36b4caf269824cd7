// One server process with its own listening socket (SO_REUSEPORT), for `deno task cluster`, which starts
// one per core on the same port. The kernel then spreads connections evenly over the processes, where
// `deno serve --parallel` gives its isolates one shared accept queue and the first idle one takes a whole
// burst (measured here: 39 of 50 connections on one of two isolates, and p99 twice as long).
// Configuration as for main.ts, plus PORT (8000) and HOST (0.0.0.0).
import { listenAddress } from "./fresh.config.ts";

const { port, hostname } = listenAddress(Deno.env.toObject());
const { default: server } = await import("./main.ts");
Deno.serve({
  port,
  hostname,
  reusePort: true,
  onListen: () => console.log(`Listening on http://${hostname}:${port}/ (pid ${Deno.pid}, reusePort)`),
}, server.fetch);
