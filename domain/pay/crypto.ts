// Hashes and signatures the payment providers use: SHA-256/512 as lowercase hex, HMAC-SHA256, and a
// constant-time comparison for signatures that came through the browser.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export function sha512Hex(text: string): string {
  return createHash("sha512").update(text, "utf8").digest("hex");
}

export function hmacHex(key: Uint8Array | string, text: string): string {
  return createHmac("sha256", key).update(text, "utf8").digest("hex");
}

/** `a=1&b=2`, keys sorted by code unit (Inicis's "alphabetical NVP", PHP's ksort). */
export function sortedPairs(params: Record<string, string>): string {
  return Object.keys(params).sort().map((k) => `${k}=${params[k]}`).join("&");
}

/** Constant-time equality of two strings (false for different lengths). */
export function safeEqual(a: string | undefined | null, b: string | undefined | null): boolean {
  if (typeof a !== "string" || typeof b !== "string") return false;
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** 96 random bits as 24 hex digits: the unguessable part of an order id. */
export function randomHex(bytes = 12): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}
