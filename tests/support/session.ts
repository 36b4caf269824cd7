// Signing in from a test: POST /api/login with the CSRF headers, keep the session cookie.
import assert from "node:assert/strict";
import type { TestApp } from "./app.ts";
import { csrfHeaders } from "./app.ts";
import { DEMO_PASSWORD } from "../../db/seed/members.ts";

export { DEMO_PASSWORD };

/** A client address of its own, so sign-ins in tests never share a rate-limit bucket. */
export function randomAddress(): string {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `10.${a}.${b}.${c}`;
}

export function cookieFrom(res: Response, name: string): string | undefined {
  const raw = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return raw?.split(";")[0];
}

/** Signs in as a client that asks for a bearer token (issue 20 §6) and answers the token. */
export async function bearerToken(t: TestApp, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await t.request("/api/login", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/json", "x-forwarded-for": randomAddress() }),
    body: JSON.stringify({ username, password, bearer: true }),
  });
  assert.equal(res.status, 200, `bearer token for ${username}: ${await res.clone().text()}`);
  const { jwt } = await res.json();
  assert.ok(typeof jwt === "string" && jwt.length > 0, "a bearer token");
  return jwt;
}

/** Signs in and answers the `session=…` cookie pair. */
export async function signIn(t: TestApp, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await t.request("/api/login", {
    method: "POST",
    headers: csrfHeaders({ "content-type": "application/json", "x-forwarded-for": randomAddress() }),
    body: JSON.stringify({ username, password }),
  });
  assert.equal(res.status, 200, `sign in as ${username}: ${await res.clone().text()}`);
  await res.body?.cancel();
  const cookie = cookieFrom(res, "session");
  assert.ok(cookie, "a session cookie");
  return cookie;
}
