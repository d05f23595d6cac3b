// The SMS keys as moredoc Pro's 短信配置 page reads them: sms.sms_provider chooses among exactly the
// provider categories, each of which exists with its credentials (the secret ones masked), its
// signature, its templates and its API address; a value naming no provider is refused on its field.
import { DomainError } from "@wenku/kit";
import { catalog, catalogEntry, categories } from "./catalog.js";
import { SMS_PROVIDERS } from "./catalog.sms.js";
import { normalizeValue } from "./values.js";

const providerKey = () => {
  const k = catalogEntry("sms", "sms_provider");
  if (!k) throw new Error("no key sms.sms_provider");
  return k;
};

test("sms_provider offers the provider categories, each a category of its own, and the log-only one", () => {
  const k = providerKey();
  expect(k.inputType).toBe("select");
  expect(k.options.split("\n").map((o) => o.split(":")[0])).toEqual([
    "smsAliyun",
    "smsTencent",
    "smsBaidu",
    "smsHuawei",
    "smsHaomas",
    "smsLog", // development only, no category of its own (the user service refuses it elsewhere)
  ]);
  expect(categories).not.toContain("smsLog");
  for (const [category] of SMS_PROVIDERS) expect(categories).toContain(category);
  expect(catalogEntry("sms", "provider")).toBeUndefined(); // one name for the choice: moredoc's
});

test.each(SMS_PROVIDERS.map(([c]) => c))(
  "%s has its signature, templates and https endpoint, and one masked secret",
  (category) => {
    const keys = catalog.filter((k) => k.category === category);
    const names = keys.map((k) => k.name);
    for (const n of ["sign_name", "template_register", "template_login", "template_find_password", "endpoint"])
      expect(names).toContain(n);
    expect(keys.filter((k) => k.secret).map((k) => k.inputType)).toEqual(["password"]);
    const endpoint = catalogEntry(category, "endpoint");
    expect(endpoint?.format).toBe("endpoint");
    expect(endpoint?.value).toMatch(/^(https:\/\/[a-z0-9.-]+(:443)?)?$/);
  },
);

test("a provider value is kept; anything else is refused naming sms.sms_provider", () => {
  const k = providerKey();
  expect(normalizeValue(k, " smsTencent ")).toBe("smsTencent");
  for (const bad of ["smsTwilio", "", "sms", "smsaliyun"]) {
    let err: unknown;
    try {
      normalizeValue(k, bad);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).field).toBe("sms.sms_provider");
  }
});
