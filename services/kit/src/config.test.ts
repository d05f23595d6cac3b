import { baseConfigSchema, loadConfig, requireClusterSettings, serviceConfigSchema } from "./config.js";

const cluster = {
  DATABASE_URL: "postgres://u@db:5432/wenku",
  INTERNAL_TOKEN: "x".repeat(32),
  USER_SERVICE_URL: "http://user:9101",
  CONTENT_SERVICE_URL: "http://content:9102",
  ORDER_SERVICE_URL: "http://order:9103",
  CONFIG_SERVICE_URL: "http://config:9104",
  SPIDER_SERVICE_URL: "http://spider:9105",
  CONVERTER_SERVICE_URL: "http://converter:9106",
};

test("loadConfig lists every problem at once", () => {
  expect(() => loadConfig(baseConfigSchema, { LOG_LEVEL: "loud", JWT_SECRET: "short", DATABASE_URL: "nope" })).toThrow(
    /LOG_LEVEL[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET must be at least 32 characters/,
  );
});

test("a service's ports default per deployable and can be overridden", () => {
  expect(loadConfig(serviceConfigSchema("config"), {})).toMatchObject({ GRPC_PORT: 9104, ADMIN_PORT: 9204 });
  expect(loadConfig(serviceConfigSchema("user"), { GRPC_PORT: "7000" }).GRPC_PORT).toBe(7000);
  expect(() => loadConfig(serviceConfigSchema("user"), { ADMIN_PORT: "70000" })).toThrow(/ADMIN_PORT/);
});

test("cluster processes need the database, the internal token and every service URL", () => {
  const cfg = loadConfig(baseConfigSchema, cluster);
  expect(requireClusterSettings(cfg, ["DATABASE_URL", "INTERNAL_TOKEN"])).toEqual({
    databaseUrl: cluster.DATABASE_URL,
    internalToken: cluster.INTERNAL_TOKEN,
    urls: {
      user: "http://user:9101",
      content: "http://content:9102",
      order: "http://order:9103",
      config: "http://config:9104",
      spider: "http://spider:9105",
      converter: "http://converter:9106",
    },
  });
  const { DATABASE_URL: _db, ORDER_SERVICE_URL: _order, ...partial } = cluster;
  const missing = loadConfig(baseConfigSchema, partial);
  expect(() => requireClusterSettings(missing, ["DATABASE_URL", "INTERNAL_TOKEN"])).toThrow(
    "Invalid configuration:\n  - DATABASE_URL: required in this mode\n  - ORDER_SERVICE_URL: required in this mode",
  );
  // The gateway has no database of its own.
  const { DATABASE_URL: _none, ...gateway } = cluster;
  expect(requireClusterSettings(loadConfig(baseConfigSchema, gateway), ["INTERNAL_TOKEN"]).urls.user).toBe(
    "http://user:9101",
  );
});
