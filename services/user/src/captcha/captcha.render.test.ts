import { newChallenge, renderSvg } from "./captcha.render.js";

test.each([
  ["digit", /^\d{5}$/],
  ["string", /^[A-HJ-NP-Z2-9]{5}$/],
  ["audio", /^\d{5}$/],
] as const)("%s challenges draw the answer without putting it in the markup", (kind, pattern) => {
  for (let i = 0; i < 20; i++) {
    const c = newChallenge(kind, 5);
    expect(c.answer).toMatch(pattern);
    expect(c.kind).toBe(kind === "string" ? "string" : "digit");
    const svg = renderSvg(c.shown, 240, 60);
    expect(svg).toMatch(/^<svg [^>]*width="240" height="60"/);
    expect(svg).not.toMatch(/<text|<image|<use/);
    expect(svg).not.toContain(c.answer);
  }
});

test("math challenges show a sum, difference or product and expect its value", () => {
  for (let i = 0; i < 50; i++) {
    const c = newChallenge("math", 5);
    const m = /^(\d)([+\-×])(\d)=\?$/.exec(c.shown);
    expect(m).not.toBeNull();
    const [a, op, b] = [Number(m?.[1]), m?.[2], Number(m?.[3])];
    expect(Number(c.answer)).toBe(op === "+" ? a + b : op === "-" ? a - b : a * b);
    expect(Number(c.answer)).toBeGreaterThanOrEqual(0);
  }
});

test("length is clamped to 3–8 and size to sane bounds", () => {
  expect(newChallenge("digit", 0).answer).toHaveLength(3);
  expect(newChallenge("digit", 99).answer).toHaveLength(8);
  expect(renderSvg("123", 10_000, 1)).toMatch(/width="600" height="30"/);
});
