// The one allow-list of formatted text members write (boards; any area storing user HTML uses it too):
// sanitize-html on write (DESIGN §3 "user HTML sanitised on write"), so what is stored is safe to print
// as it is. Only structure survives: headings, paragraphs, emphasis, lists, quotes, tables, links to
// http(s)/mailto and images served by our own file routes. No attribute can carry script or style
// (no on*, no style, no class), and links get rel="nofollow noopener noreferrer".
import sanitizeHtml from "sanitize-html";

/** Images may show only files of this site (the upload pipeline): /api/file/… paths. */
const OWN_IMAGE = /^\/api\/file\/(?:image\/|thumbnail\/|binary\/)?\d+(?:\/[a-z_]+\.jpg)?$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "pre",
    "code",
    "table",
    "caption",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "img",
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "width", "height"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Text of script/style-like elements goes with them.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "iframe", "object", "template"],
  transformTags: {
    a: (tagName: string, attribs: Record<string, string>) => {
      // A link goes to the web, a mail address, a path of this site or an anchor; anything else that passed
      // as "relative" (a scheme broken by an entity, "java\uFFFDscript:") loses its href.
      const { href, ...rest } = attribs;
      const kept = href !== undefined && /^(https?:\/\/|mailto:|\/(?![/\\])|#)/i.test(href.trim());
      return { tagName, attribs: { ...rest, ...(kept ? { href } : {}), rel: "nofollow noopener noreferrer" } };
    },
    b: "strong",
    i: "em",
  },
  exclusiveFilter: (frame: { tag: string; attribs: Record<string, string> }) =>
    frame.tag === "img" && !OWN_IMAGE.test(frame.attribs.src ?? ""),
};

/** The stored form of formatted text: only the allow-list's tags and attributes. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text of formatted text without markup (search, summaries): entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<(?:br|\/p|\/h\d|\/li|\/tr|\/td|\/th|\/blockquote)\b[^>]*>/gi, " $& "), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "iframe", "object", "template"],
  });
  return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, " ").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();
}

/** Plain text typed in a textarea (no JavaScript) as formatted text: paragraphs and line breaks. */
export function textToHtml(text: string): string {
  const escape = (s: string) =>
    s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return text.replace(/\r\n?/g, "\n").split(/\n{2,}/).map((p) => p.trim()).filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\n/g, "<br>")}</p>`).join("");
}
