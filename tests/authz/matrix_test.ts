// The authorization matrix (issue 16): every route of the manifest × every role × {own object, another's},
// asked over HTTP and compared with the table in matrix.ts. A route without its row fails, a row without its
// route fails, and every disagreeing cell is listed in one failure (route, role, object, expected, got).
import assert from "node:assert/strict";
import { appTest, csrfHeaders, openTestApp } from "../support/app.ts";
import { randomAddress } from "../support/session.ts";
import { routeCalls } from "../support/routes.ts";
import { type Answer, type Body, type Cell, type Expect, LOGIN, MATRIX, type Pair, type Row } from "./matrix.ts";
import { type Objects, openWorld, type Role, ROLES } from "./fixtures.ts";

const t = await openTestApp();
const w = await openWorld(t);
const calls = routeCalls();

appTest("authorization matrix: every route of the manifest has its row, and every row its route", () => {
  const keys = new Set(calls.map((c) => c.key));
  const problems = [
    ...[...keys].filter((k) => !MATRIX[k]).map((k) => `new route without a row: ${k}`),
    ...Object.keys(MATRIX).filter((k) => !keys.has(k)).map((k) => `row for a route that no longer exists: ${k}`),
  ];
  assert.deepEqual(problems, [], `tests/authz/matrix.ts:\n${problems.join("\n")}`);
});

/** The expected answer of a role for one column: the role's own key, then managers, signedIn, all. */
function expected(expect: Expect, role: Role, column: "own" | "other" | null): Answer {
  const groups: (keyof Expect)[] = [role];
  if (role === "staffGranted" || role === "admin") groups.push("managers");
  if (role !== "anonymous") groups.push("signedIn");
  groups.push("all");
  const pair: Pair | undefined = groups.map((g) => expect[g]).find((p) => p !== undefined);
  if (pair === undefined) throw new Error(`no expected answer for ${role}`);
  if (!Array.isArray(pair)) return pair;
  if (!column) throw new Error("an [own, other] answer on a row without objects");
  return column === "own" ? pair[0] : pair[1];
}

async function encode(body: Body): Promise<{ body: BodyInit; type?: string }> {
  if ("json" in body) return { body: JSON.stringify(body.json), type: "application/json" };
  if ("form" in body) return { body: new URLSearchParams(body.form), type: "application/x-www-form-urlencoded" };
  return { body: await body.multipart() };
}

/** The section a staff member needs for the row: the row's own, or the path's segment after /management. */
function sectionOf(row: Row, path: string): string | null {
  if (row.section) return row.section;
  const match = path.match(/^\/management\/([^/?]+)/);
  return match ? match[1] : null;
}

let granted = "";
async function grantFor(role: Role, section: string | null) {
  const want = role === "staffGranted" && section ? section : "";
  if (want === granted) return;
  await w.grant(want ? [want] : []);
  granted = want;
}

appTest("authorization matrix: every cell answers as the table says", async () => {
  await grantFor("staff", null);
  const rows = calls.map((c) => ({ key: c.key, method: c.method, row: MATRIX[c.key] })).filter((r) => r.row)
    // Rows that end sessions or accounts go after the others, the withdrawal last of all.
    .sort((a, b) => rank(a.row) - rank(b.row));
  const disagreements: string[] = [];
  let cells = 0;

  for (const { key, method, row } of rows) {
    for (const role of ROLES) {
      const columns: ("own" | "other" | null)[] = row.objects
        ? (role === "anonymous" ? ["other"] : ["own", "other"])
        : [null];
      for (const column of columns) {
        const shared: Objects = column === "own" ? w.own(role)! : w.other(role);
        const o = row.fresh ? await w.fresh(row.fresh, shared) : shared;
        const cell: Cell = { w, role, o };
        const path = typeof row.path === "function" ? row.path(cell) : row.path ?? key.split(" ")[1];
        await grantFor(role, sectionOf(row, path));
        const want = expected(row.expect, role, column);
        const res = await ask(
          method,
          path,
          role,
          row.body && (typeof row.body === "function" ? row.body(cell) : row.body),
        );
        const got = res.status === 303 && res.headers.get("location")?.startsWith("/login?") ? LOGIN : res.status;
        const detail = typeof got === "number" && got >= 400 ? ` ${(await res.text()).slice(0, 120)}` : "";
        await res.body?.cancel().catch(() => {});
        cells++;
        if (got !== want) {
          disagreements.push(`${key} | ${role} | ${column ?? "-"} | expected ${want} | got ${got}${detail}`);
        }
        if (row.endsSession) await w.resignIn(role);
      }
    }
  }
  await grantFor("staff", null);
  console.log(`authorization matrix: ${rows.length} rows, ${cells} cells checked, ${disagreements.length} disagree`);
  assert.deepEqual(
    disagreements,
    [],
    `${disagreements.length} of ${cells} cells disagree (route | role | object | expected | got):\n${
      disagreements.join("\n")
    }`,
  );
});

function rank(row: Row): number {
  return row.last ? 2 : row.endsSession ? 1 : 0;
}

async function ask(method: string, path: string, role: Role, body: Body | undefined): Promise<Response> {
  const cookie = w.cookie[role];
  const headers: Record<string, string> = csrfHeaders({
    "x-forwarded-for": randomAddress(),
    ...(cookie ? { cookie } : {}),
  });
  const init: RequestInit = { method, headers, redirect: "manual" };
  if (body) {
    const encoded = await encode(body);
    init.body = encoded.body;
    if (encoded.type) headers["content-type"] = encoded.type;
  }
  return await t.request(path, init);
}
