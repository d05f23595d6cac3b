import { MAX_PAGE, paging } from "./paging.js";

test("page and size are clamped before they become numbers", () => {
  expect(paging(0n, 0n, { max: 50, fallback: 10 })).toEqual({ page: 1, skip: 0, take: 10 });
  expect(paging(-5n, -1n, { max: 50 })).toEqual({ page: 1, skip: 0, take: 50 });
  expect(paging(3n, 20n, { max: 50 })).toEqual({ page: 3, skip: 40, take: 20 });
  expect(paging(1n, 9_223_372_036_854_775_807n, { max: 50 })).toEqual({ page: 1, skip: 0, take: 50 });
  const deep = paging(9_223_372_036_854_775_807n, 9_223_372_036_854_775_807n, { max: 100 });
  expect(deep).toEqual({ page: MAX_PAGE, skip: (MAX_PAGE - 1) * 100, take: 100 });
  expect(Number.isSafeInteger(deep.skip)).toBe(true);
});
