// Seeding on a real PostgreSQL: every catalogue key appears once with its default, later starts
// add only what is missing and never touch a stored value (nor regenerate a signing key).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { useTestDatabase } from "../../../../jest/db.js";
import { createDb } from "../db.js";
import { catalog } from "./catalog.js";
import { createConfigRepository } from "./config.repository.js";
import { createConfigService } from "./config.service.js";

const db = useTestDatabase(createDb);

let changed = 0;

const configs = () =>
  createConfigService({
    repo: createConfigRepository(db()),
    onChanged: async () => void changed++,
    sendMail: async () => {
      throw new Error("no mail is sent while seeding");
    },
  });
const value = async (category: string, name: string) =>
  (await db().config.findUniqueOrThrow({ where: { category_name: { category, name } } })).value;

test("first start inserts every key with its default; later starts change nothing", async () => {
  expect(await configs().seed()).toBe(catalog.length);
  expect(await db().config.count()).toBe(catalog.length);
  expect(await value("security", "is_close")).toBe("false");
  expect(await value("security", "login_required")).toBe("false");
  expect(await value("security", "enable_register")).toBe("true");
  expect(await value("score", "credit_name")).toBe("积分");
  expect(await configs().seed()).toBe(0);
});

test("a saved value, a generated secret and admin changes survive; a removed key comes back", async () => {
  const key = await value("download", "secret_key");
  await configs().update([{ category: "system", name: "sitename", value: "站点" }]);
  expect(changed).toBe(1);
  await db().config.update({
    where: { category_name: { category: "display", name: "wechat_tip" } },
    data: { label: "旧标签" },
  });
  await db().config.delete({ where: { category_name: { category: "footer", name: "about" } } });

  expect(await configs().seed()).toBe(1);
  expect(await value("system", "sitename")).toBe("站点");
  expect(await value("download", "secret_key")).toBe(key);
  expect(await value("footer", "about")).toBe("/article/about");
  const tip = await db().config.findUniqueOrThrow({
    where: { category_name: { category: "display", name: "wechat_tip" } },
  });
  expect(tip.label).toBe("微信/微信公众号提示文案"); // metadata follows the catalogue
});

test("concurrent starts (replicas) seed once", async () => {
  await db().config.deleteMany({});
  const added = await Promise.all([configs().seed(), configs().seed(), configs().seed()]);
  expect(added.reduce((a, b) => a + b, 0)).toBe(catalog.length);
  expect(await db().config.count()).toBe(catalog.length);
});

test("migration 0004 moves the older SMS and official-account values to moredoc Pro's categories", async () => {
  await db().config.deleteMany({});
  const old: Array<[string, string, string]> = [
    ["sms", "provider", "smsTencent"],
    ["sms", "access_key", "AKID-old"],
    ["sms", "secret_key", "tencent-secret-old"],
    ["sms", "app_id", "1400000001"],
    ["sms", "sign_name", "文库"],
    ["sms", "template_login", "100002"],
    ["sms", "enable", "true"],
    ["oauthWechat", "mp_enable", "true"],
    ["oauthWechat", "mp_app_id", "wx-official"],
    ["oauthWechat", "mp_app_secret", "official-secret"],
    ["oauthWechat", "mp_token", "official-token"],
  ];
  await db().config.createMany({ data: old.map(([category, name, value]) => ({ category, name, value })) });
  const sql = readFileSync(
    fileURLToPath(
      new URL("../../prisma/migrations/0004_sms_providers_official_account/migration.sql", import.meta.url),
    ),
    "utf8",
  );
  for (const statement of sql.split(/;\s*$/m).filter((s) => s.replace(/--.*$/gm, "").trim()))
    await db().$executeRawUnsafe(statement);
  await configs().seed();

  expect(await value("sms", "sms_provider")).toBe("smsTencent");
  expect(await value("sms", "enable")).toBe("true");
  expect(await value("smsTencent", "secret_id")).toBe("AKID-old");
  expect(await value("smsTencent", "secret_key")).toBe("tencent-secret-old");
  expect(await value("smsTencent", "sdk_app_id")).toBe("1400000001");
  expect(await value("smsTencent", "sign_name")).toBe("文库");
  expect(await value("smsTencent", "template_login")).toBe("100002");
  expect(await value("smsTencent", "region")).toBe("ap-guangzhou"); // new key: its default
  expect(await value("smsAliyun", "sign_name")).toBe(""); // other providers start empty
  expect(await value("oauthOfficialAccount", "enable")).toBe("true");
  expect(await value("oauthOfficialAccount", "client_id")).toBe("wx-official");
  expect(await value("oauthOfficialAccount", "client_secret")).toBe("official-secret");
  expect(await value("oauthOfficialAccount", "token")).toBe("official-token");
  const secret = await db().config.findUniqueOrThrow({
    where: { category_name: { category: "smsTencent", name: "secret_key" } },
  });
  expect(secret.isSecret).toBe(true); // the seed gave the moved row its catalogue metadata
  expect(await db().config.count({ where: { category: "sms", name: { in: ["provider", "access_key"] } } })).toBe(0);
});
