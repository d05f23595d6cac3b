/** Test servers on this machine (CI sets the same): real PostgreSQL and NATS. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? "nats://127.0.0.1:4222";
export const TEMPLATE_DB = "wenku_test_template";
