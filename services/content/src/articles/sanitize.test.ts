import { describe, expect, it } from "@jest/globals";
import { sanitizeArticleHtml as clean } from "./sanitize.js";

/** No element, attribute or URL that can run script survives (checked on the output text). */
function expectInert(html: string) {
  expect(html).not.toMatch(/<\s*(script|style|svg|math|iframe|object|embed|form)/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(?:href|src|poster)\s*=\s*"?\s*(?:javascript|data|vbscript):/i);
}

describe("sanitizeArticleHtml", () => {
  it.each([
    ["<img src=x onerror=alert(1)>", ""],
    ["<p>a<script>alert(1)</script>b</p>", "<p>ab</p>"],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ["<svg onload=alert(1)><circle/></svg>t", "t"],
    ['<iframe src="https://evil.example/embed"></iframe>', ""],
    ['<style>body{display:none}</style><math><mi xlink:href="javascript:x">m</mi></math>', "m"],
    ['<img src="data:image/png;base64,AAAA">', ""],
    ['<img src="//evil.example/x.png">', ""],
    ['<img src="/uploads/../secret">', ""],
    ["<<script>script>alert(1)<</script>/script>", "&lt;/script&gt;"],
    ["&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ['<p style="color:red;position:fixed;background:url(javascript:x)">c</p>', '<p style="color:red">c</p>'],
    ['<div onclick="x()" class="c" id="i">d</div>', "<div>d</div>"],
  ])("%s comes back inert", (input, expected) => {
    const out = clean(input);
    expect(out).toBe(expected);
    expectInert(out);
  });

  it("closes nested and malformed markup", () => {
    expect(clean("<div><p>unclosed <b>bold")).toBe("<div><p>unclosed <b>bold</b></p></div>");
    const out = clean('<p><a href="/x"><img src=x onerror="a()"></a></p></div></div><b onmouseover=alert(1)>t</b>');
    expect(out).toBe('<p><a href="/x" rel="noopener noreferrer nofollow"></a></p><b>t</b>');
  });

  it("keeps what the editor writes: headings, lists, tables, site and https images, videos, links", () => {
    const html = [
      '<h2 style="text-align:center">T</h2><ul><li>a</li></ul><table><tr><td colspan="2">c</td></tr></table>',
      '<p><img alt="a" src="/uploads/0123abcd.png" /><img src="https://img.example/x.jpg" /></p>',
      '<video controls src="/uploads/clip.mp4"></video>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">e</a>',
      '<a href="mailto:a@b.c" rel="noopener noreferrer nofollow">m</a>',
    ].join("");
    expect(clean(html)).toBe(html);
  });

  it("keeps videos from this site's uploads only: an https video or source loses its src", () => {
    expect(clean('<video controls src="https://cdn.example/a.mp4"></video>')).toBe("<video controls></video>");
    expect(clean('<video controls><source src="https://cdn.example/a.webm" type="video/webm" /></video>')).toBe(
      "<video controls></video>",
    );
    expect(clean('<video controls><source src="/uploads/0123abcd.webm" type="video/webm" /></video>')).toBe(
      '<video controls><source type="video/webm" src="/uploads/0123abcd.webm"></source></video>',
    );
    expect(clean('<video src="/uploads/../secret.mp4"></video>')).toBe("<video></video>");
  });

  it("drops a video's unsafe poster but keeps the video", () => {
    expect(clean('<video src="/uploads/a.mp4" controls poster="javascript:x"></video>')).toBe(
      '<video controls src="/uploads/a.mp4"></video>',
    );
  });
});
