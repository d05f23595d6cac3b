// `node dist/migrate.js` (`npm run db:migrate`): every service's committed SQL migrations applied to
// DATABASE_URL, then exit: 0 when every schema is current (each applied migration named on stdout),
// 1 naming the migration that failed (it was rolled back: its transaction never committed). The
// Kubernetes Job wenku-migrate (deploy/base/migrate.yaml) runs it before a rollout; the services
// still migrate at start under the same per-schema advisory locks, so a site without the Job, or
// a Job racing a pod, applies each migration exactly once (deploy/README.md, "Upgrades").
import { baseConfigSchema, createLogger, loadConfig, migrateSchemas } from "@wenku/kit";
import { modules } from "./stack.js";

const migrateConfigSchema = baseConfigSchema.pick({ DATABASE_URL: true, LOG_LEVEL: true, NODE_ENV: true });

async function main(): Promise<number> {
  const cfg = loadConfig(migrateConfigSchema);
  if (!cfg.DATABASE_URL) throw new Error("DATABASE_URL is required: the database to migrate");
  const log = createLogger({ service: "migrate", level: cfg.LOG_LEVEL });
  const done = await migrateSchemas(
    cfg.DATABASE_URL,
    modules.flatMap((m) => m.migrations),
    log,
  );
  const lines = done.map((s) => `${s.schema}: ${s.applied.length ? s.applied.join(", ") : "up to date"}`);
  process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`migrate: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
