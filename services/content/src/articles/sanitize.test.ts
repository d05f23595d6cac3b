import { describe, expect, it } from "@jest/globals";
import { articleImageSources, sanitizeArticleHtml as clean } from "./sanitize.js";

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

  it("keeps what the editor writes: headings, lists, tables, site images, videos, links", () => {
    const html = [
      '<h2 style="text-align:center">T</h2><ul><li>a</li></ul><table><tr><td colspan="2">c</td></tr></table>',
      '<p><img alt="a" src="/uploads/0123abcd.png" /></p>',
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

  it("keeps no image from another site: a reader's browser never asks a third party", () => {
    expect(clean('<p>a<img src="https://img.example/x.jpg" alt="x"><img src="http://img.example/y.png"></p>')).toBe(
      "<p>a</p>",
    );
  });

  it("puts the stored copies in the place of remote and data: images", () => {
    const data = "data:image/png;base64,iVBORw0KGgo=";
    const stored = new Map([
      ["https://img.example/a.jpg?x=1&y=2", "/uploads/0123456789abcdef0123456789abcdef.jpg"],
      [data, "/uploads/fedcba9876543210fedcba9876543210.png"],
    ]);
    const html = `<p><img alt="a" src="https://img.example/a.jpg?x=1&amp;y=2"><img src="${data}"><img src="https://img.example/other.png"></p>`;
    expect(clean(html, stored)).toBe(
      '<p><img alt="a" src="/uploads/0123456789abcdef0123456789abcdef.jpg" /><img src="/uploads/fedcba9876543210fedcba9876543210.png" /></p>',
    );
  });
});

describe("articleImageSources", () => {
  it("names each remote (http, https) and data: image once, and nothing else", () => {
    const html = [
      '<img src="https://img.example/a.jpg"><p><img src="http://img.example/b.png"></p>',
      '<img src="https://img.example/a.jpg"><img src="/uploads/0123abcd.png"><img src="//evil.example/x.png">',
      '<img src="javascript:alert(1)"><img src="data:text/html;base64,PGI+"><img src="data:image/gif;base64,R0lGODlh">',
      '<a href="https://example.com/c.png">link</a><video src="https://cdn.example/v.mp4"></video>',
    ].join("");
    expect(articleImageSources(html)).toEqual([
      "https://img.example/a.jpg",
      "http://img.example/b.png",
      "data:image/gif;base64,R0lGODlh",
    ]);
  });
});
