import { filterTreeRows, visibleTreeRows } from "./tree.js";

const row = (id: number, parentId: number | null, enable = true, title = `t${id}`) => ({
  id: BigInt(id),
  parentId: parentId === null ? null : BigInt(parentId),
  enable,
  title,
});
const ids = (rows: { id: bigint }[]) => rows.map((r) => Number(r.id));

describe("tree visibility", () => {
  it("hides a disabled row and everything under it", () => {
    const rows = [row(1, null), row(2, 1, false), row(3, 2), row(4, 3), row(5, 1)];
    expect(ids(visibleTreeRows(rows))).toEqual([1, 5]);
  });

  it("hides rows whose parent is missing or that sit in a cycle", () => {
    const rows = [row(1, null), row(2, 99), row(3, 4), row(4, 3), row(5, 5)];
    expect(ids(visibleTreeRows(rows))).toEqual([1]);
  });

  it("takes the caller's rule of what is shown", () => {
    const rows = [
      { ...row(1, null), docCount: 3 },
      { ...row(2, 1), docCount: 0 },
      { ...row(3, 2), docCount: 5 },
    ];
    expect(ids(visibleTreeRows(rows, (r) => r.enable && r.docCount > 0))).toEqual([1]);
  });

  it("stays linear on a deep chain", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => row(i + 1, i === 0 ? null : i));
    expect(visibleTreeRows(rows)).toHaveLength(20_000);
  });
});

describe("staff tree filter", () => {
  const rows = [row(1, null, true, "Science"), row(2, 1, false, "Physics"), row(3, null, false, "Arts")];

  it("filters by one enable value, either when both or none are given", () => {
    expect(ids(filterTreeRows(rows, { enable: [false], wd: "" }))).toEqual([2, 3]);
    expect(ids(filterTreeRows(rows, { enable: [true, false], wd: "" }))).toEqual([1, 2, 3]);
    expect(ids(filterTreeRows(rows, { enable: [], wd: "" }))).toEqual([1, 2, 3]);
  });

  it("matches a part of the title regardless of case", () => {
    expect(ids(filterTreeRows(rows, { enable: [], wd: "  PHY " }))).toEqual([2]);
  });
});
