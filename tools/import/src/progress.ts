// Progress on stderr: on a terminal a bar with counts and rate (cli-progress) with log lines above it;
// elsewhere (CI, Kubernetes, a pipe) plain lines, one every few seconds and one per event.
import { MultiBar, type SingleBar } from "cli-progress";

export interface Counts {
  done: number;
  total: number;
  imported: number;
  duplicates: number;
  refused: number;
  failed: number;
}

export interface Progress {
  start(total: number): void;
  update(c: Counts): void;
  /** One line for the operator (a refusal, a failure, a dry run's plan). */
  log(line: string): void;
  stop(c: Counts): void;
}

const PLAIN_EVERY_MS = 5_000;

const rate = (done: number, since: number) => (done / Math.max(0.001, (Date.now() - since) / 1000)).toFixed(1);

function line(c: Counts, since: number): string {
  return `${c.done}/${c.total} · 导入 ${c.imported} · 重复 ${c.duplicates} · 拒绝 ${c.refused} · 失败 ${c.failed} · ${rate(c.done, since)} 个/秒`;
}

export function createProgress(out: NodeJS.WritableStream & { isTTY?: boolean }): Progress {
  let since = Date.now();
  if (!out.isTTY) {
    let last = 0;
    return {
      start(total) {
        since = Date.now();
        out.write(`共 ${total} 个文件\n`);
      },
      update(c) {
        if (Date.now() - last < PLAIN_EVERY_MS) return;
        last = Date.now();
        out.write(`${line(c, since)}\n`);
      },
      log: (l) => out.write(`${l}\n`),
      stop: (c) => out.write(`${line(c, since)}\n`),
    };
  }
  const bars = new MultiBar({
    stream: out,
    format:
      "{bar} {value}/{total} · 导入 {imported} · 重复 {duplicates} · 拒绝 {refused} · 失败 {failed} · {rate} 个/秒 · 剩余 {eta_formatted}",
    hideCursor: true,
    clearOnComplete: false,
    etaBuffer: 50,
  });
  let bar: SingleBar | undefined;
  const payload = (c: Counts) => ({ ...c, rate: rate(c.done, since) });
  return {
    start(total) {
      since = Date.now();
      bar = bars.create(total, 0, payload({ done: 0, total, imported: 0, duplicates: 0, refused: 0, failed: 0 }));
    },
    update: (c) => bar?.update(c.done, payload(c)),
    log: (l) => bars.log(`${l}\n`),
    stop(c) {
      bar?.update(c.done, payload(c));
      bars.stop();
    },
  };
}
