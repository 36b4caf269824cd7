// One server process with its own listening socket (SO_REUSEPORT), for `deno task cluster`, which starts
// one per core on the same port. The kernel then spreads connections evenly over the processes, where
// `deno serve --parallel` gives its isolates one shared accept queue and the first idle one takes a whole
// burst (measured here: 39 of 50 connections on one of two isolates, and p99 twice as long).
// Configuration as for main.ts, plus PORT (8000) and HOST (0.0.0.0).
import server from "./main.ts";

const port = Number(Deno.env.get("PORT") ?? 8000);
const hostname = Deno.env.get("HOST") ?? "0.0.0.0";
Deno.serve({
  port,
  hostname,
  reusePort: true,
  onListen: () => console.log(`Listening on http://${hostname}:${port}/ (pid ${Deno.pid}, reusePort)`),
}, server.fetch);
