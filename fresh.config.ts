// The app's configuration: paths, defaults of SPEC §9, and settings read from the environment.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { S3Options } from "./domain/file/storage.ts";
import { parseTrustProxy, type TrustedProxies, trustsProxy } from "./framework/proxy.ts";

export const ROOT = fileURLToPath(new URL(".", import.meta.url));
export const STATIC_DIR = join(ROOT, "static");
export const ISLANDS_DIR = join(STATIC_DIR, "_islands");
export const MIGRATIONS_DIR = join(ROOT, "db/migrations");

export const LOCALES = ["ko", "en"] as const;
export type Locale = typeof LOCALES[number];
export const DEFAULT_LOCALE: Locale = "ko";
/** The English site is the same routes under this base path (SPEC §1). */
export const LOCALE_BASE_PATHS: Record<string, Locale> = { "/en": "en" };

export interface Config {
  /** postgres://… for PostgreSQL; unset means the embedded PGlite under `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** Host names below this domain choose a site by their first label (`ibda.localhost`). */
  baseDomain: string;
  defaultSubDomain: string;
  maintenance: boolean;
  /** Trust X-Forwarded-Proto and X-Request-Id from a reverse proxy (HSTS, Secure cookies): TRUST_PROXY set. */
  trustProxy: boolean;
  /** The reverse proxies in front (TRUST_PROXY: a count of hops or their addresses), for the client address. */
  proxies: TrustedProxies;
  /** KRW per USD for showing prices in dollars. */
  usdKrwRate: number;
  /** Seconds a cached anonymous page may live even without an invalidation. */
  pageCacheSeconds: number;
  /** Signs sessions; unset means a secret generated once and kept in the database. */
  sessionSecret?: string;
  /** The key certificate codes are signed with; unset, one is generated once and kept in the database. */
  certificateSecret?: string;
  /** smtp(s)://user:pass@host:port to deliver mail; unset keeps mail in the outbox (dev mailbox). */
  smtpUrl?: string;
  mailFrom: string;
  mailFromName: string;
  /** Web push (VAPID): both keys set (`npx web-push generate-vapid-keys`) turn push notifications on. */
  vapid?: { publicKey: string; privateKey: string; subject: string };
  /** The public origin used in links inside mails, e.g. https://www.example.kr. */
  publicUrl: string;
  /** Image derivatives are made by `deno task derive` (a process of its own), not by the servers. */
  deriveWorker: boolean;
  /** An S3-compatible object store for uploaded files (S3_BUCKET set); unset keeps them under `dataDir`. */
  s3?: S3Options;
  /** Seed the demo (sites, pages, accounts for every role) into an empty database. Off in production. */
  seedDemo: boolean;
  /** The card payment provider (domain/pay): `test` (the built-in card screen) or `inicis`. */
  payProvider: PayProviderName;
  /** KG Inicis standard web payment; required when `payProvider` is `inicis`. */
  inicis?: InicisOptions;
  /** How long personal data is kept (domain/member/retention.ts). */
  retention: { withdrawnDays: number; paymentYears: number };
  /** Hosts /redirect follows without an interstitial (REDIRECT_ALLOW_HOSTS, comma-separated; `*.x.org` for
   * its sub-domains). The platform's own sub-sites are always followed. */
  redirectHosts: string[];
}

/** Where a server process listens: PORT (8000) and HOST (every interface), for `deno task start` and the
 * cluster's processes alike; a PORT that is no port number stops the start. */
export function listenAddress(env: Record<string, string | undefined>): { port: number; hostname: string } {
  const port = env.PORT ? Number(env.PORT) : 8000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number (0–65535), not "${env.PORT}"`);
  }
  return { port, hostname: env.HOST || "0.0.0.0" };
}

export const PAY_PROVIDERS = ["test", "inicis"] as const;
export type PayProviderName = typeof PAY_PROVIDERS[number];

export interface InicisOptions {
  /** The merchant id (상점 아이디), e.g. INIpayTest. */
  mid: string;
  /** The web standard payment sign key (웹결제 signkey). */
  signKey: string;
  /** The INIAPI key and IV (refunds; the IV encrypts [ENC] fields, unused by card refunds). */
  apiKey: string;
  apiIv: string;
  /** Inicis's staging servers (stgstdpay.inicis.com) instead of production. */
  stage: boolean;
}

export function loadConfig(env: Record<string, string | undefined> = Deno.env.toObject()): Config {
  const proxies = parseTrustProxy(env.TRUST_PROXY);
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? join(ROOT, ".data"),
    baseDomain: (env.BASE_DOMAIN ?? "localhost").toLowerCase(),
    defaultSubDomain: env.DEFAULT_SUB_DOMAIN ?? "www",
    maintenance: env.MAINTENANCE === "1" || env.MAINTENANCE === "true",
    trustProxy: trustsProxy(proxies),
    proxies,
    usdKrwRate: Number(env.USD_KRW_RATE ?? 1400),
    pageCacheSeconds: Number(env.PAGE_CACHE_SECONDS ?? 300),
    sessionSecret: env.SESSION_SECRET || undefined,
    certificateSecret: env.CERTIFICATE_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "no-reply@design-center.example",
    mailFromName: env.MAIL_FROM_NAME ?? "한빛지역디자인센터",
    vapid: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? {
        publicKey: env.VAPID_PUBLIC_KEY,
        privateKey: env.VAPID_PRIVATE_KEY,
        subject: env.VAPID_SUBJECT ?? `mailto:${env.MAIL_FROM ?? "no-reply@design-center.example"}`,
      }
      : undefined,
    seedDemo: env.SEED_DEMO !== "0" && env.SEED_DEMO !== "false",
    s3: s3Options(env),
    deriveWorker: env.DERIVE_WORKER === "1" || env.DERIVE_WORKER === "true",
    publicUrl: (env.PUBLIC_URL ?? "http://localhost:8000").replace(/\/$/, ""),
    ...payOptions(env, env.SEED_DEMO !== "0" && env.SEED_DEMO !== "false"),
    retention: {
      withdrawnDays: Number(env.WITHDRAWN_RETENTION_DAYS ?? 30),
      paymentYears: Number(env.PAYMENT_RETENTION_YEARS ?? 5),
    },
    redirectHosts: (env.REDIRECT_ALLOW_HOSTS ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean),
  };
}

/** PAY_PROVIDER and the Inicis settings; a half-configured Inicis stops the start instead of failing payments. */
function payOptions(
  env: Record<string, string | undefined>,
  demo: boolean,
): Pick<Config, "payProvider" | "inicis"> {
  // The test provider marks entries paid without money: a production start (no demo) must name it.
  if (!env.PAY_PROVIDER && !demo) {
    throw new Error("SEED_DEMO=0 needs PAY_PROVIDER: inicis (or test, for a staging site only)");
  }
  const name = (env.PAY_PROVIDER || "test").toLowerCase();
  if (!(PAY_PROVIDERS as readonly string[]).includes(name)) {
    throw new Error(`PAY_PROVIDER must be one of ${PAY_PROVIDERS.join(", ")}, not "${name}"`);
  }
  const inicis: InicisOptions | undefined = env.INICIS_MID
    ? {
      mid: env.INICIS_MID,
      signKey: env.INICIS_SIGN_KEY ?? "",
      apiKey: env.INICIS_API_KEY ?? "",
      apiIv: env.INICIS_API_IV ?? "",
      stage: env.INICIS_STAGE === "1" || env.INICIS_STAGE === "true",
    }
    : undefined;
  if (name === "inicis" && (!inicis?.signKey || !inicis.apiKey)) {
    throw new Error("PAY_PROVIDER=inicis needs INICIS_MID, INICIS_SIGN_KEY and INICIS_API_KEY");
  }
  return { payProvider: name as PayProviderName, inicis };
}

function s3Options(env: Record<string, string | undefined>): S3Options | undefined {
  if (!env.S3_BUCKET) return undefined;
  const region = env.S3_REGION ?? "ap-northeast-2";
  return {
    bucket: env.S3_BUCKET,
    region,
    endpoint: env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
  };
}
