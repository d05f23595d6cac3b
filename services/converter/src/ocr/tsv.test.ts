import { parseTsv } from "./tsv.js";

const head = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext";
const word = (
  b: number,
  p: number,
  l: number,
  w: number,
  box: [number, number, number, number],
  conf: number,
  t: string,
) => ["5", "1", b, p, l, w, ...box, conf, t].join("\t");

test("words become lines in page points; CJK characters are joined without spaces, Latin words with one", () => {
  const tsv = [
    head,
    "1\t1\t0\t0\t0\t0\t0\t0\t1240\t1754\t-1\t",
    word(1, 1, 1, 1, [120, 180, 60, 30], 91, "季"),
    word(1, 1, 1, 2, [182, 180, 60, 30], 90, "度"),
    word(1, 1, 1, 3, [250, 178, 200, 34], 88, "report"),
    word(1, 1, 1, 4, [460, 178, 100, 34], 87, "2024"),
    word(1, 1, 2, 1, [120, 230, 80, 30], 3, "~"), // noise: dropped
    word(2, 1, 1, 1, [120, 400, 90, 30], 80, "Next"),
    word(2, 1, 1, 2, [215, 400, 90, 30], 80, "block"),
  ].join("\n");
  // 1240 px over 595 pt: scale 0.48
  const page = parseTsv(tsv, 1240, 595);
  expect(page.text).toBe("季度 report 2024\n\nNext block\n");
  expect(page.lines).toHaveLength(2);
  const [first] = page.lines;
  expect(first).toEqual({ x: 57.58, y: 85.41, w: 211.13, h: 16.31, t: "季度 report 2024", s: 16.31 });
});

test("an empty or malformed TSV gives no text", () => {
  expect(parseTsv("", 100, 100)).toEqual({ text: "", lines: [] });
  expect(parseTsv(`${head}\n5\t1\tx`, 100, 100)).toEqual({ text: "", lines: [] });
});
