import { startOfLocalDay } from "./daily.js";

test("startOfLocalDay: the local midnight of the site's time zone, not the process's", () => {
  // 2026-11-24T17:30Z is already the 25th in Shanghai (UTC+8): its day began at 16:00Z on the 24th.
  expect(startOfLocalDay(new Date("2026-11-24T17:30:00Z"), "Asia/Shanghai").toISOString()).toBe(
    "2026-11-24T16:00:00.000Z",
  );
  // 15:59Z is still the 24th there.
  expect(startOfLocalDay(new Date("2026-11-24T15:59:59Z"), "Asia/Shanghai").toISOString()).toBe(
    "2026-11-23T16:00:00.000Z",
  );
  expect(startOfLocalDay(new Date("2026-11-24T23:00:00Z"), "UTC").toISOString()).toBe("2026-11-24T00:00:00.000Z");
  // West of UTC: 03:00Z on the 25th is the evening of the 24th in New York (UTC−5 in November).
  expect(startOfLocalDay(new Date("2026-11-25T03:00:00Z"), "America/New_York").toISOString()).toBe(
    "2026-11-24T05:00:00.000Z",
  );
});

test("startOfLocalDay: a day that holds a daylight-saving change starts at its own midnight", () => {
  // New York moved to UTC−4 at 2 a.m. on 2026-03-08: that day began at 05:00Z (UTC−5), the next at 04:00Z.
  expect(startOfLocalDay(new Date("2026-03-08T20:00:00Z"), "America/New_York").toISOString()).toBe(
    "2026-03-08T05:00:00.000Z",
  );
  expect(startOfLocalDay(new Date("2026-03-09T12:00:00Z"), "America/New_York").toISOString()).toBe(
    "2026-03-09T04:00:00.000Z",
  );
});
