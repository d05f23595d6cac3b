// GetSettings' kept answers: built once for every caller, dropped by a settings change (a save here,
// a broadcast from another replica, from the content service's languages or the order service's VIP
// cards), never kept when a build was overtaken by a change, failed, or went without the languages
// or the cards. settings.vip: the figures of the cards on sale, as moredoc's /joinvip reads them.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { type SettingsLanguage, SettingsLanguageSchema } from "@wenku/proto/api/v1/config_pb.js";
import { VipCardType } from "@wenku/proto/api/v1/enums_pb.js";
import { type VipCard, VipCardSchema } from "@wenku/proto/api/v1/vip_pb.js";
import { createSettingsSnapshot, type SettingsSnapshotDeps } from "./settings.snapshot.js";
import { ConfigValues } from "./values.js";

const lang = (id: bigint, code: string) => create(SettingsLanguageSchema, { id, language: code, code });

/** A settings change signal like the settings reader's (listeners run synchronously). */
function changeSignal() {
  const listeners = new Set<() => void>();
  return {
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    changed() {
      for (const l of listeners) l();
    },
  };
}

const card = (init: MessageInitShape<typeof VipCardSchema>) =>
  create(VipCardSchema, { enable: true, discount: 1, ...init });

/** Stored rows, enabled languages and VIP cards on sale that count their reads. */
function sources() {
  const s = {
    sitename: "文库",
    uploadMaxPerDay: "10",
    languages: [lang(1n, "zh-CN")] as SettingsLanguage[] | null,
    cards: [card({ id: 1n, type: VipCardType.YEAR, price: 19900 })] as VipCard[] | null,
    valueReads: 0,
    languageReads: 0,
    cardReads: 0,
    values: async () => {
      s.valueReads++;
      return new ConfigValues(
        new Map([
          ["system.sitename", s.sitename],
          ["security.upload_max_per_day", s.uploadMaxPerDay],
        ]),
      );
    },
    languagesRead: async () => {
      s.languageReads++;
      return s.languages;
    },
    cardsRead: async () => {
      s.cardReads++;
      return s.cards;
    },
  };
  return s;
}

function snapshot(s: ReturnType<typeof sources>, extra: Partial<SettingsSnapshotDeps> = {}) {
  const changes = changeSignal();
  const snap = createSettingsSnapshot({
    values: s.values,
    languages: s.languagesRead,
    vipCards: s.cardsRead,
    version: "1.2.3",
    changes,
    ...extra,
  });
  return { snap, changes };
}

test("one build answers every caller, public and full, until a change drops it", async () => {
  const s = sources();
  const { snap, changes } = snapshot(s);
  const [full, pub, again] = await Promise.all([snap.full(), snap.public(), snap.public()]);
  expect(full.system?.sitename).toBe("文库");
  expect(full.system?.version).toBe("1.2.3");
  expect(full.language.map((l) => l.code)).toEqual(["zh-CN"]);
  expect(full.security?.uploadMaxPerDay).toBe(10);
  expect(pub.security?.uploadMaxPerDay).toBe(0); // the throttles stay with the services
  expect(pub.system?.sitename).toBe("文库");
  expect(again).toBe(pub);
  expect(await snap.public()).toBe(pub);
  expect([s.valueReads, s.languageReads]).toEqual([1, 1]);

  s.sitename = "我的文库";
  s.languages = [lang(1n, "zh-CN"), lang(2n, "en")];
  expect((await snap.public()).system?.sitename).toBe("文库"); // no change reported yet
  changes.changed();
  const next = await snap.public();
  expect(next.system?.sitename).toBe("我的文库");
  expect(next.language.map((l) => l.code)).toEqual(["zh-CN", "en"]);
  expect([s.valueReads, s.languageReads]).toEqual([2, 2]);
});

test("a build a change overtook answers its callers but is not kept", async () => {
  const s = sources();
  const { snap, changes } = snapshot(s);
  const during = snap.public(); // reads the rows before the change…
  s.sitename = "改后";
  changes.changed(); // …which is reported while the build is under way
  expect((await during).system?.sitename).toBe("文库");
  expect((await snap.public()).system?.sitename).toBe("改后");
  expect(s.valueReads).toBe(2);
});

test("without the languages (content service down) the answer is given but not kept", async () => {
  const s = sources();
  s.languages = null;
  const { snap } = snapshot(s);
  expect((await snap.public()).language).toEqual([]);
  s.languages = [lang(3n, "ja")];
  expect((await snap.public()).language.map((l) => l.code)).toEqual(["ja"]);
  expect(await snap.public()).toBe(await snap.public());
  expect(s.languageReads).toBe(2);
});

test("a failed build is not kept; the safety-net TTL rebuilds a copy whose change went unheard", async () => {
  const s = sources();
  let t = 0;
  const values = s.values;
  let fail = true;
  const { snap } = snapshot(s, {
    values: () => (fail ? Promise.reject(new Error("db down")) : values()),
    ttlMs: 1_000,
    now: () => t,
  });
  await expect(snap.public()).rejects.toThrow("db down");
  fail = false;
  expect((await snap.public()).system?.sitename).toBe("文库");
  s.sitename = "新";
  t = 999;
  expect((await snap.public()).system?.sitename).toBe("文库");
  t = 1_000;
  expect((await snap.public()).system?.sitename).toBe("新");
});

test("settings.vip: per type the first card on sale, priced after its discount; credit pay if any card takes credits", async () => {
  const s = sources();
  s.cards = [
    card({ id: 7n, type: VipCardType.MONTH, price: 2990, discount: 0.665, documentDiscount: 85, download: 3 }),
    card({ id: 2n, type: VipCardType.YEAR, price: 29900, discount: 1, timesEveryDay: 20, creditPrice: 0 }),
    card({ id: 8n, type: VipCardType.MONTH, price: 100, creditPrice: 0 }), // a second month card: not shown
  ];
  const { snap, changes } = snapshot(s);
  const vip = (await snap.public()).vip;
  expect(vip).toMatchObject({
    yearPrice: 29900,
    yearOriginalPrice: 29900,
    yearDocumentDiscount: 100, // unset on the card: no discount
    yearDownload: 0,
    yearTimesEveryDay: 20,
    quarterPrice: 0, // no season card on sale: zeros
    quarterOriginalPrice: 0,
    monthPrice: 1988, // 2990 × 0.665 = 1988.35, to the cent
    monthOriginalPrice: 2990,
    monthDocumentDiscount: 85,
    monthDownload: 3,
    monthTimesEveryDay: 0,
    enableCreditPay: false,
  });

  s.cards = [card({ id: 9n, type: VipCardType.SEASON, price: 5900, creditPrice: 590 })];
  changes.changed(); // the order service's broadcast after a card write
  expect((await snap.public()).vip).toMatchObject({ yearPrice: 0, quarterPrice: 5900, enableCreditPay: true });
});

test("without the cards (order service down) the answer is given but not kept", async () => {
  const s = sources();
  s.cards = null;
  const { snap } = snapshot(s);
  expect((await snap.public()).vip).toMatchObject({ yearPrice: 0, enableCreditPay: false });
  s.cards = [card({ id: 1n, type: VipCardType.YEAR, price: 100 })];
  expect((await snap.public()).vip?.yearPrice).toBe(100);
  expect(await snap.public()).toBe(await snap.public());
  expect(s.cardReads).toBe(2);
});
