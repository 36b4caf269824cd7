// The server under test for `deno task bench`, `deno task soak` and `deno task faults`: start it as its own
// processes (`deno task cluster` on PostgreSQL, or `deno serve main.ts`), wait for /healthz, stop it; a
// cleanup stack that runs on Ctrl-C, on errors and at the end, so no server or database outlives a run.
import { fileURLToPath } from "node:url";
import { rawGet } from "../bench/http.ts";
import { SERVER_V8_FLAGS } from "../v8.ts";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------
// Cleanup of everything we start, also on Ctrl-C and on errors.

export const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | null = null;

/** Runs every registered cleanup, last first; later calls wait for the same run. */
export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length) {
      try {
        await cleanups.pop()!();
      } catch (error) {
        console.error(`cleanup: ${error instanceof Error ? error.message : error}`);
      }
    }
    cleaning = null;
  })();
  return cleaning;
}

/** Runs a command's `main` and exits with its code; an error is printed and everything started is stopped. */
export async function runCommand(main: () => Promise<number>): Promise<never> {
  let code = 1;
  try {
    code = await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await cleanup();
  }
  Deno.exit(code);
}

let signalsInstalled = false;
/** On SIGINT or SIGTERM: stop the servers and the database, then exit 130. */
export function cleanupOnSignals(): void {
  if (signalsInstalled) return;
  signalsInstalled = true;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, () => {
      console.error(`\n${signal}: stopping the servers and the database…`);
      cleanup().finally(() => Deno.exit(130));
    });
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
export async function killChild(child: Deno.ChildProcess, graceMs = 5000): Promise<void> {
  try {
    child.kill("SIGTERM");
  } catch {
    return; // already gone
  }
  const timeout = new Promise<"timeout">((resolve) => {
    const t = setTimeout(() => resolve("timeout"), graceMs);
    child.status.finally(() => clearTimeout(t));
  });
  if (await Promise.race([child.status.then(() => "done" as const), timeout]) === "timeout") {
    try {
      child.kill("SIGKILL");
    } catch {
      // gone meanwhile
    }
    await child.status;
  }
}

export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

// ---------------------------------------------------------------------------------------------------
// The server under test.

export interface Server {
  label: string;
  port: number;
  processes: number;
  /** The cluster's (or the single server's) process id. */
  pid: number;
  log: string[];
  exited: boolean;
  /** Server process id → when (performance.now()) it printed "Listening on". */
  listeningAt: Map<number, number>;
  stop(): Promise<void>;
  /** Ends it at once (SIGKILL), as a crash would. */
  kill(): void;
}

export async function startServer(
  label: string,
  { parallel, env, timeoutMs, port = freePort() }: {
    parallel: boolean;
    env: Record<string, string>;
    timeoutMs: number;
    port?: number;
  },
): Promise<Server> {
  // Several processes: `deno task cluster` (one per core, each with its own SO_REUSEPORT socket).
  const args = parallel
    ? ["run", "-A", "scripts/cluster.ts"]
    : ["serve", "-A", SERVER_V8_FLAGS, "--host=127.0.0.1", `--port=${port}`, "main.ts"];
  const childEnv: Record<string, string> = {
    ...Deno.env.toObject(),
    NODE_ENV: "production",
    ...env,
    PORT: String(port),
    HOST: "127.0.0.1",
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env: childEnv,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const server: Server = {
    label,
    port,
    pid: child.pid,
    processes: 1,
    log: [],
    exited: false,
    listeningAt: new Map(),
    stop: () => killChild(child),
    kill: () => {
      try {
        child.kill("SIGKILL");
      } catch {
        // already gone
      }
    },
  };
  cleanups.push(() => server.stop());
  // Up when every process has said so (the cluster prints its count first).
  let listeningProcesses = 0;
  const listening = () => listeningProcesses >= server.processes;
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    let rest = "";
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        server.log.push(line);
        const processes = line.match(/^cluster: (\d+) processes/);
        if (processes) server.processes = Number(processes[1]);
        if (/Listening on /.test(line)) {
          listeningProcesses++;
          const pid = line.match(/\(pid (\d+)/);
          server.listeningAt.set(pid ? Number(pid[1]) : child.pid, performance.now());
        }
      }
      if (server.log.length > 400) server.log.splice(0, server.log.length - 200);
    }
  };
  collect(child.stdout).catch(() => {});
  collect(child.stderr).catch(() => {});
  child.status.then(() => server.exited = true);

  const deadline = Date.now() + timeoutMs;
  while (true) {
    if (server.exited) throw new Error(`${label}: the server exited while starting:\n${tail(server)}`);
    if (Date.now() > deadline) {
      throw new Error(`${label}: no answer on /healthz after ${timeoutMs / 1000} s:\n${tail(server)}`);
    }
    if (listening()) {
      try {
        if ((await rawGet(port, "/healthz", {}, 2000)).status === 200) return server;
      } catch {
        // not yet
      }
    }
    await sleep(200);
  }
}

export function tail(server: Server, lines = 30): string {
  return server.log.slice(-lines).map((l) => `  | ${l}`).join("\n");
}

export async function assertAlive(server: Server): Promise<void> {
  let ok = false;
  try {
    ok = !server.exited && (await rawGet(server.port, "/healthz", {}, 5000)).status === 200;
  } catch {
    ok = false;
  }
  if (!ok) throw new Error(`${server.label}: the server stopped answering /healthz:\n${tail(server)}`);
}

/** The server processes under a process (the cluster's children), from /proc; the process itself if none. */
export function serverPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry.name));
    } catch {
      // exited meanwhile
    }
  }
  return children.length ? children.sort((a, b) => a - b) : [pid];
}

/** Resident memory of a process in bytes (VmRSS of /proc/<pid>/status), null when it is gone. */
export function rssBytes(pid: number): number | null {
  try {
    const m = Deno.readTextFileSync(`/proc/${pid}/status`).match(/^VmRSS:\s+(\d+)\s+kB/m);
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}
