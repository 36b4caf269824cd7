// The rich-text allow-list (domain/common/rich-text.ts): formatting survives, and a corpus of XSS shapes
// (script, event handlers, javascript:/data: URLs, SVG/MathML, CSS, mutation shapes, broken markup) leaves
// nothing that could run: no script element, no on* attribute, no style, no URL but http(s)/mailto links
// and our own /api/file images.
import assert from "node:assert/strict";
import { plainText, sanitizeRichText, textToHtml } from "../../domain/common/rich-text.ts";

const VECTORS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//x.example/x.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  "<img src=/api/file/image/1 onerror=alert(1)>",
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<a href=javascript:alert(1)>x</a>",
  "<a href=JaVaScRiPt:alert(1)>x</a>",
  "<a href=' javascript:alert(1)'>x</a>",
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  "<a href=vbscript:msgbox(1)>x</a>",
  "<iframe src=javascript:alert(1)></iframe>",
  "<object data=javascript:alert(1)></object>",
  "<embed src=javascript:alert(1)>",
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<div style="width:expression(alert(1))">x</div>',
  "<style>@import 'javascript:alert(1)';</style>",
  "<link rel=stylesheet href=javascript:alert(1)>",
  '<meta http-equiv=refresh content="0;url=javascript:alert(1)">',
  "<body onload=alert(1)>",
  "<input autofocus onfocus=alert(1)>",
  "<details open ontoggle=alert(1)>",
  "<form action=javascript:alert(1)><button>x</button></form>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<template><script>alert(1)</script></template>",
  "<table><td background=javascript:alert(1)>",
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  "<<script>script>alert(1)<</script>/script>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  '<a href="https://ok.example" onclick=alert(1)>ok</a>',
  '<img src="//evil.example/x.png">',
  "<base href=javascript:alert(1)//>",
  "<xss id=x tabindex=1 onfocusin=alert(1)></xss>",
  '"><img src=x onerror=alert(1)>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  "<select><template><style><img src=x onerror=alert(1)>",
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
];

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
  for (const vector of VECTORS) {
    for (const input of [vector, `<p>${vector}</p>`, `${vector}<b>after</b>`]) {
      const clean = sanitizeRichText(input);
      assert.doesNotMatch(clean, /<\s*(script|svg|math|iframe|object|embed|style|link|meta|base|form|input)/i, input);
      assert.doesNotMatch(clean, /\son[a-z]+\s*=/i, input);
      assert.doesNotMatch(clean, /\sstyle\s*=/i, input);
      assert.doesNotMatch(clean, /(javascript|vbscript|data):/i, input);
      for (const [, url] of clean.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
        assert.match(url, /^(https?:\/\/|mailto:|\/api\/file\/)/, input);
      }
    }
  }
});

Deno.test("plain text for search, and a textarea's text as paragraphs", () => {
  assert.equal(plainText("<p>a &amp; b</p><p>c<br>d</p><script>x</script>"), "a & b c d");
  assert.equal(textToHtml("a<b>\n\nline1\nline2"), "<p>a&lt;b&gt;</p><p>line1<br>line2</p>");
});
