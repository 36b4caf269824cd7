// A throwaway PostgreSQL server for tests and CI: a fresh cluster in a temporary folder, a free port on
// 127.0.0.1, trust authentication, settings that trade durability for speed, and a database `app`.
// PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` system user.
//
//   deno run -A scripts/pg.ts start [--print-env]   start detached; print DATABASE_URL=… and PGDATA=…
//   deno run -A scripts/pg.ts stop <PGDATA>         stop a server started by `start` and remove its folder
//   deno run -A scripts/pg.ts run                   start, print the URL, stop on Ctrl-C
//   deno run -A scripts/pg.ts exec -- CMD [ARGS…]   run CMD with DATABASE_URL set, then stop
import { dirname, join } from "node:path";
import postgres from "postgres";

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:PORT/app */
  url: string;
  /** The cluster's data folder (inside the temporary folder `stop()` removes). */
  dataDir: string;
  stop(): Promise<void>;
}

/** A marker in the temporary folder, so `stop <PGDATA>` only ever removes folders this script made. */
const MARKER = ".throwaway-postgres";

/** The folder holding `initdb` and `pg_ctl`: the highest /usr/lib/postgresql/N/bin, else the PATH's. */
export function findPostgresBin(): string | null {
  const fromEnv = Deno.env.get("PG_BIN");
  if (fromEnv && hasServer(fromEnv)) return fromEnv;
  try {
    const versions = [...Deno.readDirSync("/usr/lib/postgresql")]
      .map((e) => e.name)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = `/usr/lib/postgresql/${version}/bin`;
      if (hasServer(bin)) return bin;
    }
  } catch {
    // no Debian layout
  }
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    if (!dir || !hasServer(dir)) continue;
    try {
      // Symlinks in /usr/local/bin: pg_ctl finds `postgres` beside its real path anyway.
      return dirname(Deno.realPathSync(join(dir, "initdb")));
    } catch {
      return dir;
    }
  }
  return null;
}

function hasServer(dir: string): boolean {
  return ["initdb", "pg_ctl", "postgres"].every((name) => {
    try {
      return Deno.statSync(join(dir, name)).isFile;
    } catch {
      return false;
    }
  });
}

/** Who runs the server: null for the current user, else a system user (as root). */
function serverUser(): { name: string; uid: number; gid: number } | null {
  if (Deno.uid() !== 0) return null;
  let passwd = "";
  try {
    passwd = Deno.readTextFileSync("/etc/passwd");
  } catch {
    // fall through to the error below
  }
  const users = new Map(
    passwd.split("\n").map((line) => line.split(":")).filter((f) => f.length >= 4).map((
      f,
    ) => [f[0], { name: f[0], uid: Number(f[2]), gid: Number(f[3]) }]),
  );
  const user = users.get("postgres") ?? users.get("nobody");
  if (!user) throw new Error("running as root, but there is no `postgres` (or `nobody`) user to run PostgreSQL");
  return user;
}

let runuserPath: string | null | undefined;
function hasRunuser(): boolean {
  if (runuserPath === undefined) {
    runuserPath = ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser", "/bin/runuser"].find((p) => {
      try {
        return Deno.statSync(p).isFile;
      } catch {
        return false;
      }
    }) ?? null;
  }
  return runuserPath !== null;
}

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** Runs a server binary as the server's user; throws with its output when it fails. */
async function runAs(
  user: { name: string } | null,
  cwd: string,
  cmd: string,
  args: string[],
): Promise<string> {
  let command = cmd;
  let argv = args;
  if (user) {
    if (hasRunuser()) {
      command = runuserPath!;
      argv = ["-u", user.name, "--", cmd, ...args];
    } else {
      command = "su";
      argv = [user.name, "-s", "/bin/sh", "-c", [cmd, ...args].map(shellQuote).join(" ")];
    }
  }
  const out = await new Deno.Command(command, {
    args: argv,
    cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { LC_ALL: "C", LANG: "C" },
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${cmd} ${args.join(" ")} failed (exit ${out.code}):\n${text}`);
  return text;
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** Starts a fresh cluster; the server keeps running (detached) until `stop()`. */
export async function startThrowawayPostgres(
  options: { bin?: string; database?: string } = {},
): Promise<ThrowawayPostgres> {
  const bin = options.bin ?? findPostgresBin();
  if (!bin) {
    throw new Error("no PostgreSQL server binaries (initdb, pg_ctl): install Debian's `postgresql` package");
  }
  const database = options.database ?? "app";
  const user = serverUser();
  // As root, a folder the postgres user can reach: /tmp (TMPDIR may be inside root's home).
  const root = await Deno.makeTempDir({ dir: user ? "/tmp" : undefined, prefix: "throwaway-pg-" });
  const dataDir = join(root, "data");
  const socketDir = join(root, "sock");
  const logFile = join(root, "server.log");
  await Deno.writeTextFile(join(root, MARKER), "");
  await Deno.mkdir(socketDir);
  if (user) {
    await Deno.chown(root, user.uid, user.gid);
    await Deno.chown(socketDir, user.uid, user.gid);
  }
  const pgCtl = join(bin, "pg_ctl");
  const stop = async () => await stopServer(dataDir);
  try {
    await runAs(user, root, join(bin, "initdb"), [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--no-locale",
      "--no-sync",
    ]);
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = freePort();
      // Written into the cluster's own config (not pg_ctl -o) so `stop <PGDATA>` needs nothing else.
      const conf = [
        `listen_addresses = '127.0.0.1'`,
        `port = ${port}`,
        `unix_socket_directories = '${socketDir}'`,
        `fsync = off`,
        `synchronous_commit = off`,
        `full_page_writes = off`,
        `max_connections = 200`,
        `shared_buffers = 128MB`,
        `log_min_messages = warning`,
        `log_min_error_statement = panic`,
        `logging_collector = off`,
      ].join("\n") + "\n";
      const confFile = join(dataDir, "postgresql.auto.conf");
      await Deno.writeTextFile(confFile, conf);
      if (user) await Deno.chown(confFile, user.uid, user.gid);
      try {
        await runAs(user, root, pgCtl, ["-D", dataDir, "-l", logFile, "-w", "-t", "60", "start"]);
      } catch (error) {
        lastError = error;
        let log = "";
        try {
          log = await Deno.readTextFile(logFile);
        } catch {
          // no log
        }
        // Someone took the port between our check and the server's bind: try another.
        if (/could not bind|address already in use/i.test(log)) continue;
        throw new Error(`${error instanceof Error ? error.message : error}\n${log}`);
      }
      const serverUrl = `postgres://postgres@127.0.0.1:${port}`;
      await createDatabase(`${serverUrl}/postgres`, database);
      return { url: `${serverUrl}/${database}`, dataDir, stop };
    }
    throw lastError;
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}

async function createDatabase(adminUrl: string, name: string): Promise<void> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Stops the server of a cluster made by this script and removes its temporary folder. */
export async function stopServer(dataDir: string): Promise<void> {
  const root = dirname(dataDir);
  try {
    Deno.statSync(join(root, MARKER));
  } catch {
    throw new Error(`${dataDir} is not a throwaway PostgreSQL cluster (no ${MARKER} beside it)`);
  }
  const bin = findPostgresBin();
  let pidAlive = false;
  try {
    Deno.statSync(join(dataDir, "postmaster.pid"));
    pidAlive = true;
  } catch {
    // not running
  }
  if (bin && pidAlive) {
    try {
      await runAs(serverUser(), root, join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    }
  }
  await Deno.remove(root, { recursive: true }).catch(() => {});
}

function usage(): never {
  console.error(
    [
      "usage: deno run -A scripts/pg.ts start [--print-env]   start detached; print DATABASE_URL=… and PGDATA=…",
      "       deno run -A scripts/pg.ts stop <PGDATA>         stop it and remove its temporary folder",
      "       deno run -A scripts/pg.ts run                   start, print the URL, stop on Ctrl-C",
      "       deno run -A scripts/pg.ts exec -- CMD [ARGS…]   run CMD with DATABASE_URL set, then stop",
    ].join("\n"),
  );
  Deno.exit(2);
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case "start": {
      const pg = await startThrowawayPostgres();
      if (rest.includes("--print-env")) {
        console.log(`DATABASE_URL=${pg.url}`);
        console.log(`PGDATA=${pg.dataDir}`);
      } else {
        console.log(`PostgreSQL is running: ${pg.url}`);
        console.log(`stop it with: deno run -A scripts/pg.ts stop ${pg.dataDir}`);
      }
      return 0;
    }
    case "stop": {
      if (!rest[0]) usage();
      await stopServer(rest[0]);
      return 0;
    }
    case "run": {
      const pg = await startThrowawayPostgres();
      console.log(`PostgreSQL is running: ${pg.url} (Ctrl-C stops it)`);
      await new Promise<void>((resolve) => {
        for (const signal of ["SIGINT", "SIGTERM"] as const) Deno.addSignalListener(signal, () => resolve());
      });
      await pg.stop();
      return 0;
    }
    case "exec": {
      const cmd = rest[0] === "--" ? rest.slice(1) : rest;
      if (!cmd.length) usage();
      const pg = await startThrowawayPostgres();
      try {
        const child = new Deno.Command(cmd[0], { args: cmd.slice(1), env: { DATABASE_URL: pg.url } }).spawn();
        for (const signal of ["SIGINT", "SIGTERM"] as const) {
          Deno.addSignalListener(signal, () => {
            try {
              child.kill(signal);
            } catch {
              // already gone
            }
          });
        }
        return (await child.status).code;
      } finally {
        await pg.stop();
      }
    }
    default:
      usage();
  }
}

if (import.meta.main) {
  try {
    Deno.exit(await main(Deno.args));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    Deno.exit(1);
  }
}
