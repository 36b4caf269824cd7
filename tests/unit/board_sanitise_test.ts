// The rich-text allow-list (domain/common/rich-text.ts): formatting survives, and a corpus of XSS shapes
// (script, event handlers, javascript:/data: URLs, SVG/MathML, CSS, mutation shapes, broken markup) leaves
// nothing that could run: no script element, no on* attribute, no style, no URL but http(s)/mailto links
// and our own /api/file images.
import assert from "node:assert/strict";
import { plainText, sanitizeRichText, textToHtml } from "../../domain/common/rich-text.ts";
import { xssCorpus } from "../support/xss.ts";

Deno.test("formatting survives: headings, emphasis, lists, links, quotes, tables, own images", () => {
  const html = "<h2>T</h2><p><strong>b</strong> <em>i</em></p><ul><li>x</li></ul><blockquote>q</blockquote>" +
    '<table><tbody><tr><th scope="col">h</th><td colspan="2">d</td></tr></tbody></table>' +
    '<p><a href="https://example.com/a">l</a><img src="/api/file/image/7" alt="a" /></p>';
  const clean = sanitizeRichText(html);
  for (const part of ["<h2>T</h2>", "<strong>b</strong>", "<ul><li>x</li></ul>", "<blockquote>q</blockquote>"]) {
    assert.ok(clean.includes(part), part);
  }
  assert.ok(clean.includes('href="https://example.com/a" rel="nofollow noopener noreferrer"'));
  assert.ok(clean.includes('src="/api/file/image/7"'));
  assert.ok(clean.includes('<td colspan="2">d</td>'));
});

Deno.test("no XSS shape survives the allow-list", () => {
  for (const vector of xssCorpus()) {
    for (const input of [vector, `<p>${vector}</p>`, `${vector}<b>after</b>`]) {
      const clean = sanitizeRichText(input);
      assert.doesNotMatch(clean, /<\s*(script|svg|math|iframe|object|embed|style|link|meta|base|form|input)/i, input);
      // Inside tags only: the same words as escaped text (&lt;img onerror=…&gt;) are harmless.
      assert.doesNotMatch(clean, /<[^>]*\son[a-z]+\s*=/i, input);
      assert.doesNotMatch(clean, /<[^>]*\sstyle\s*=/i, input);
      assert.doesNotMatch(clean, /<[^>]*(javascript|vbscript|data):/i, input);
      for (const [, url] of clean.matchAll(/<[a-z][^>]*?\s(?:href|src)="([^"]*)"/gi)) {
        assert.match(url, /^(https?:\/\/|mailto:|\/api\/file\/)/i, input);
      }
    }
  }
});

Deno.test("plain text for search, and a textarea's text as paragraphs", () => {
  assert.equal(plainText("<p>a &amp; b</p><p>c<br>d</p><script>x</script>"), "a & b c d");
  assert.equal(textToHtml("a<b>\n\nline1\nline2"), "<p>a&lt;b&gt;</p><p>line1<br>line2</p>");
});
