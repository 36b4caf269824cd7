// Reads a sitemap back with an XML parser (fast-xml-parser, already among our packages through s3rver):
// the document must be well-formed, and each <url> comes back with its location, date and alternates.
import assert from "node:assert/strict";
import parser from "npm:fast-xml-parser@3.21.1";

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
  alternates: { hreflang: string; href: string }[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name) => ENTITIES[name]);

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]) as Node[];

export function parseSitemap(xml: string): SitemapUrl[] {
  assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>'), "an XML declaration first");
  const valid = parser.validate(xml);
  assert.equal(valid, true, `well-formed XML: ${JSON.stringify(valid)}`);
  const doc = parser.parse(xml, {
    ignoreAttributes: false,
    attributeNamePrefix: "",
    arrayMode: true,
    parseNodeValue: false,
    parseAttributeValue: false,
  }) as Node;
  const [urlset] = list(doc.urlset);
  assert.equal(urlset.xmlns, "http://www.sitemaps.org/schemas/sitemap/0.9");
  assert.equal(urlset["xmlns:xhtml"], "http://www.w3.org/1999/xhtml");
  return list(urlset.url).map((url) => ({
    loc: decode(String(list(url.loc)[0])),
    lastmod: url.lastmod === undefined ? undefined : String(list(url.lastmod)[0]),
    alternates: list(url["xhtml:link"]).map((link) => {
      assert.equal(link.rel, "alternate");
      return { hreflang: String(link.hreflang), href: decode(String(link.href)) };
    }),
  }));
}
