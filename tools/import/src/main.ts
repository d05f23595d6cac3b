// `npm run import -- <folder> …` (and `node dist/import.js …` in the image): exit 0 when nothing failed,
// 1 when a file failed, 2 for a usage, manifest or sign-in problem, 130 when interrupted.
import {
  createProgress,
  formatSummary,
  ManifestError,
  parseOptions,
  runImport,
  SiteError,
  USAGE,
  UsageError,
} from "./import.js";

async function main(): Promise<number> {
  let opts: ReturnType<typeof parseOptions>;
  try {
    opts = parseOptions(process.argv.slice(2), process.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${err.message}\n\n${USAGE}\n`);
    return 2;
  }
  const interrupt = new AbortController();
  const stop = () => interrupt.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    const summary = await runImport(opts, { progress: createProgress(process.stderr), signal: interrupt.signal });
    process.stdout.write(`${formatSummary(summary, opts)}\n`);
    if (interrupt.signal.aborted) return 130;
    return summary.failed > 0 ? 1 : 0;
  } catch (err) {
    if (err instanceof ManifestError || err instanceof SiteError) {
      process.stderr.write(`导入未开始：${err.message}\n`);
      return 2;
    }
    throw err;
  }
}

process.exitCode = await main();
