// Seeding on a real PostgreSQL: every catalogue key appears once with its default, later starts
// add only what is missing and never touch a stored value (nor regenerate a signing key).
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
