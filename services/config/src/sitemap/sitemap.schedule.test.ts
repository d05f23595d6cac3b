// The sitemap schedule over a fake content service and fake timers: the first look after the start
// delay, then one every period; the interval setting becomes the max age asked for; auto_update off
// asks nothing; a failed look is logged and the next one still comes; stop ends it.
import { jest } from "@jest/globals";
import { createLogger } from "@wenku/kit";
import type { SitemapAdmin } from "../ports.js";
import { lookAtSitemap, type SitemapScheduleSettings, startSitemapSchedule } from "./sitemap.schedule.js";

const log = createLogger({ service: "test", level: "silent" });

function fakeSitemap(fail = false) {
  const asked: number[] = [];
  const sitemap: SitemapAdmin = {
    async rebuild(maxAgeSeconds = 0) {
      asked.push(maxAgeSeconds);
      if (fail) throw new Error("content service unavailable");
      return true;
    },
  };
  return { sitemap, asked };
}

test("a look asks for a sitemap no older than the interval, and nothing when auto-update is off", async () => {
  const { sitemap, asked } = fakeSitemap();
  let settings: SitemapScheduleSettings = { autoUpdate: true, intervalHours: 24 };
  await lookAtSitemap({ sitemap, settings: async () => settings, log });
  settings = { autoUpdate: true, intervalHours: 0 }; // never below an hour
  await lookAtSitemap({ sitemap, settings: async () => settings, log });
  settings = { autoUpdate: false, intervalHours: 24 };
  await lookAtSitemap({ sitemap, settings: async () => settings, log });
  expect(asked).toEqual([24 * 3600, 3600]);
});

describe("the schedule", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test("looks after the first delay, then every period, a failure not ending it; stop ends it", async () => {
    const { sitemap, asked } = fakeSitemap(true);
    const schedule = startSitemapSchedule({
      sitemap,
      settings: async () => ({ autoUpdate: true, intervalHours: 2 }),
      log,
      firstMs: 1_000,
      everyMs: 10_000,
    });
    await jest.advanceTimersByTimeAsync(999);
    expect(asked).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(asked).toEqual([7200]);
    await jest.advanceTimersByTimeAsync(10_000);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(asked).toEqual([7200, 7200, 7200]);
    await schedule.stop();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(3);
  });
});
