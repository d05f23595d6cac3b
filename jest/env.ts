/** Test servers on this machine (CI sets the same): real PostgreSQL and NATS. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222";
/**
 * Several jest runs may share the server (CI, a developer, parallel helpers): each run has its own
 * template and prefixes its databases with its run id, set by global-setup (the main jest process's pid).
 */
export const TEST_RUN = process.env.WENKU_TEST_RUN ?? `r${process.pid}`;
export const TEMPLATE_DB = `wenku_tpl_${TEST_RUN}`;
