// The postal-address lookup of an address component (SPEC §5, §7 "a third-party postal-address lookup
// fills road address, building name, city, district and zip"): a provider adapter. With JUSO_API_KEY set
// it asks the official road-name address search API (business.juso.go.kr, 도로명주소 검색 API); without
// a key it searches the local `postal_addresses` table of real addresses (the development and test
// provider: it searches real rows, it never invents an answer). A provider that fails answers 503 and the
// form falls back to typing the address, which always works (the fields are plain inputs).
import { ilike, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { postalAddresses } from "../../db/schema/programme.ts";
import { HttpError } from "../../framework/errors.ts";

export interface PostalAddress {
  zip: string;
  road: string;
  roadEn: string;
  building: string;
  city: string;
  district: string;
}

export interface PostalProvider {
  readonly name: "juso" | "local";
  search(query: string, limit: number): Promise<PostalAddress[]>;
}

export const JUSO_URL = "https://business.juso.go.kr/addrlink/addrLinkApi.do";
export const POSTAL_LIMIT = 10;

interface JusoRow {
  roadAddrPart1?: string;
  roadAddr?: string;
  engAddr?: string;
  zipNo?: string;
  bdNm?: string;
  siNm?: string;
  sggNm?: string;
}

/** The juso.go.kr answer's rows as addresses; an error code in the answer is a failure. */
export function parseJuso(body: unknown): PostalAddress[] {
  const results = (body as { results?: { common?: { errorCode?: string }; juso?: JusoRow[] | null } })?.results;
  if (!results || results.common?.errorCode !== "0") throw new Error(`juso error ${results?.common?.errorCode}`);
  return (results.juso ?? []).map((j) => ({
    zip: j.zipNo ?? "",
    road: j.roadAddrPart1 ?? j.roadAddr ?? "",
    roadEn: j.engAddr ?? "",
    building: j.bdNm ?? "",
    city: j.siNm ?? "",
    district: j.sggNm ?? "",
  }));
}

export function jusoProvider(key: string, fetcher: typeof fetch = fetch): PostalProvider {
  return {
    name: "juso",
    async search(query, limit) {
      const url = new URL(JUSO_URL);
      url.search = new URLSearchParams({
        confmKey: key,
        currentPage: "1",
        countPerPage: String(limit),
        keyword: query,
        resultType: "json",
      }).toString();
      const res = await fetcher(url, { signal: AbortSignal.timeout(5_000) });
      if (!res.ok) throw new Error(`juso HTTP ${res.status}`);
      return parseJuso(await res.json());
    },
  };
}

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function localProvider(db: Db): PostalProvider {
  return {
    name: "local",
    async search(query, limit) {
      const like = likeOf(query);
      const rows = await db.select().from(postalAddresses).where(or(
        ilike(postalAddresses.road, like),
        ilike(postalAddresses.roadEn, like),
        ilike(postalAddresses.building, like),
        ilike(postalAddresses.zip, like),
        ilike(sql`${postalAddresses.city} || ' ' || ${postalAddresses.district}`, like),
      )).orderBy(postalAddresses.zip).limit(limit);
      return rows.map(({ zip, road, roadEn, building, city, district }) => ({
        zip,
        road,
        roadEn,
        building,
        city,
        district,
      }));
    },
  };
}

/** The provider configured: juso.go.kr with a key, else the local table. */
export function postalProvider(db: Db, key = Deno.env.get("JUSO_API_KEY") ?? ""): PostalProvider {
  return key ? jusoProvider(key) : localProvider(db);
}

export async function searchAddresses(provider: PostalProvider, query: string): Promise<PostalAddress[]> {
  try {
    return await provider.search(query, POSTAL_LIMIT);
  } catch (err) {
    console.error("postal lookup failed", provider.name, err);
    throw new HttpError(503, "programme.form.addr.failed", undefined, undefined, { "retry-after": "30" });
  }
}
