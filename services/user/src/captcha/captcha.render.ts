import { randomInt } from "node:crypto";
import type { CaptchaKind } from "../settings.js";

/**
 * Captcha images drawn by our own code as SVG. Glyphs come from a 5×7 dot font and are drawn as
 * jittered quadrilaterals (no <text>, so the answer is not in the markup), each character rotated
 * and scaled on its own, over noise of the same colours and stroke widths: crossing curves and
 * loose dots the size of a glyph's dots.
 */

const FONT = new Map<string, string>(
  Object.entries({
    "0": "01110 10001 10011 10101 11001 10001 01110",
    "1": "00100 01100 00100 00100 00100 00100 01110",
    "2": "01110 10001 00001 00010 00100 01000 11111",
    "3": "11111 00010 00100 00010 00001 10001 01110",
    "4": "00010 00110 01010 10010 11111 00010 00010",
    "5": "11111 10000 11110 00001 00001 10001 01110",
    "6": "00110 01000 10000 11110 10001 10001 01110",
    "7": "11111 00001 00010 00100 01000 01000 01000",
    "8": "01110 10001 10001 01110 10001 10001 01110",
    "9": "01110 10001 10001 01111 00001 00010 01100",
    A: "01110 10001 10001 11111 10001 10001 10001",
    B: "11110 10001 10001 11110 10001 10001 11110",
    C: "01110 10001 10000 10000 10000 10001 01110",
    D: "11100 10010 10001 10001 10001 10010 11100",
    E: "11111 10000 10000 11110 10000 10000 11111",
    F: "11111 10000 10000 11110 10000 10000 10000",
    G: "01110 10001 10000 10111 10001 10001 01111",
    H: "10001 10001 10001 11111 10001 10001 10001",
    J: "00111 00010 00010 00010 00010 10010 01100",
    K: "10001 10010 10100 11000 10100 10010 10001",
    L: "10000 10000 10000 10000 10000 10000 11111",
    M: "10001 11011 10101 10101 10001 10001 10001",
    N: "10001 10001 11001 10101 10011 10001 10001",
    P: "11110 10001 10001 11110 10000 10000 10000",
    Q: "01110 10001 10001 10001 10101 10010 01101",
    R: "11110 10001 10001 11110 10100 10010 10001",
    S: "01111 10000 10000 01110 00001 00001 11110",
    T: "11111 00100 00100 00100 00100 00100 00100",
    U: "10001 10001 10001 10001 10001 10001 01110",
    V: "10001 10001 10001 10001 10001 01010 00100",
    W: "10001 10001 10001 10101 10101 10101 01010",
    X: "10001 10001 01010 00100 01010 10001 10001",
    Y: "10001 10001 01010 00100 00100 00100 00100",
    Z: "11111 00001 00010 00100 01000 10000 11111",
    "+": "00000 00100 00100 11111 00100 00100 00000",
    "-": "00000 00000 00000 11111 00000 00000 00000",
    "×": "00000 10001 01010 00100 01010 10001 00000",
    "=": "00000 00000 11111 00000 11111 00000 00000",
    "?": "01110 10001 00001 00010 00100 00000 00100",
  }),
);

const DIGITS = "0123456789";
/** Letters and digits that cannot be mistaken for each other (no I/1, O/0). */
const ALNUM = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const LIGHT = ["#e3d9c6", "#d6e4dc", "#dcdcef", "#efdada", "#e9e2c8"];
const COLORS = ["#1f4e79", "#7a1f5c", "#2e6b30", "#8a4b08", "#3b3b8f", "#6b1f1f"];

export interface Challenge {
  /** What the user must type (upper case; compared case-insensitively). */
  answer: string;
  /** What the image shows. */
  shown: string;
  /** The kind actually drawn (audio is answered with a digit image). */
  kind: Exclude<CaptchaKind, "audio">;
}

const pick = (s: string) => s[randomInt(s.length)] as string;
const pickOf = <T>(xs: readonly T[]) => xs[randomInt(xs.length)] as T;

export function newChallenge(kind: CaptchaKind, length: number): Challenge {
  const n = Math.min(Math.max(length, 3), 8);
  if (kind === "math") {
    const op = pick("+-×");
    let a = randomInt(1, 10);
    let b = randomInt(1, 10);
    if (op === "-" && b > a) [a, b] = [b, a];
    const value = op === "+" ? a + b : op === "-" ? a - b : a * b;
    return { answer: String(value), shown: `${a}${op}${b}=?`, kind: "math" };
  }
  const alphabet = kind === "string" ? ALNUM : DIGITS;
  let text = "";
  for (let i = 0; i < n; i++) text += pick(alphabet);
  return { answer: text, shown: text, kind: kind === "string" ? "string" : "digit" };
}

const rnd = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const f = (x: number) => x.toFixed(1);

/** One dot of a glyph: a quadrilateral whose corners wander a little. */
function dot(x: number, y: number, size: number): string {
  const j = size * 0.15;
  const p = [
    [x + rnd(-j, j), y + rnd(-j, j)],
    [x + size + rnd(-j, j), y + rnd(-j, j)],
    [x + size + rnd(-j, j), y + size + rnd(-j, j)],
    [x + rnd(-j, j), y + size + rnd(-j, j)],
  ];
  return `M${p.map(([a, b]) => `${f(a as number)} ${f(b as number)}`).join("L")}Z`;
}

/** An SVG image of `text`, width × height pixels. */
export function renderSvg(text: string, width: number, height: number): string {
  const w = Math.min(Math.max(width, 80), 600);
  const h = Math.min(Math.max(height, 30), 200);
  const chars = [...text];
  const slot = w / (chars.length + 0.5);
  const cell = Math.min(slot / 6.2, (h * 0.78) / 7.5);
  const parts: string[] = [`<rect width="${w}" height="${h}" fill="#f4f1ea"/>`];

  for (let i = 0; i < 6; i++) {
    parts.push(
      `<circle cx="${f(rnd(0, w))}" cy="${f(rnd(0, h))}" r="${f(rnd(h * 0.2, h * 0.6))}" fill="${pickOf(LIGHT)}" fill-opacity="0.5"/>`,
    );
  }

  chars.forEach((ch, i) => {
    const rows = (FONT.get(ch) ?? FONT.get("?") ?? "").split(" ");
    const scale = rnd(0.85, 1.15);
    const size = cell * scale;
    const cx = slot * (i + 0.75) + rnd(-slot * 0.1, slot * 0.1);
    const cy = h / 2 + rnd(-h * 0.08, h * 0.08);
    const x0 = cx - (5 * size) / 2;
    const y0 = cy - (7 * size) / 2;
    let d = "";
    rows.forEach((row, r) => {
      [...row].forEach((bit, c) => {
        if (bit === "1") d += dot(x0 + c * size, y0 + r * size, size * rnd(1.05, 1.2));
      });
    });
    const skew = f(rnd(-12, 12));
    parts.push(
      `<path d="${d}" fill="${pickOf(COLORS)}" transform="translate(${f(cx)} ${f(cy)}) rotate(${f(rnd(-22, 22))}) skewX(${skew}) translate(${f(-cx)} ${f(-cy)})"/>`,
    );
  });

  // Noise in the glyphs' own colours and sizes: curves through the text band and loose dots.
  for (let i = 0; i < 2; i++) {
    const y = () => f(rnd(h * 0.15, h * 0.85));
    parts.push(
      `<path d="M${f(rnd(0, w * 0.2))} ${y()}C${f(rnd(w * 0.2, w * 0.5))} ${y()} ${f(rnd(w * 0.5, w * 0.8))} ${y()} ${f(
        rnd(w * 0.8, w),
      )} ${y()}" stroke="${pickOf(COLORS)}" stroke-width="${f(rnd(cell * 0.25, cell * 0.5))}" fill="none"/>`,
    );
  }
  let noise = "";
  for (let i = 0; i < chars.length * 3; i++) noise += dot(rnd(0, w), rnd(0, h), cell * rnd(0.5, 0.9));
  parts.push(`<path d="${noise}" fill="${pickOf(COLORS)}" fill-opacity="0.6"/>`);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join("")}</svg>`;
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
