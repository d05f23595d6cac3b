// A converter killed with SIGKILL in the middle of a document: the cluster restarts it, JetStream hands
// the unacknowledged job to it once the job's ack wait passed (CONVERSION_ACK_WAIT_MS), and the
// document ends converted. Only one converter runs at a time here, and the killed one is gone before
// its successor starts: the job is never converted twice at once.
import { setTimeout as sleep } from "node:timers/promises";
import { makePdf } from "@wenku/testkit/documents";
import { check, type FaultContext } from "../context.js";
import type { Figures } from "../figures.js";
import { awaitConversions, statuses, submitDocument } from "../site.js";

/** Long enough to render that the kill lands while its pages are being made. */
const PAGES = 120;

export async function converterKilled(c: FaultContext): Promise<Figures> {
  const { cluster, token, category } = c;
  const pdf = makePdf({
    pages: PAGES,
    shapes: true,
    lines: (n) => Array.from({ length: 30 }, (_, i) => `第${n}页第${i + 1}行：转换进程被杀死后文档仍然完成转换。`),
  });
  const sent = await submitDocument(cluster.url, token, category, `faults-converter-kill-${Date.now()}`, pdf);
  check(sent.accepted, `the document was refused: ${JSON.stringify(sent)}`);
  const id = sent.id;
  // Converting (1): a converter took the job and reported so.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const s = (await statuses(cluster.url, token, [id])).get(id);
    if (s === 1) break;
    check(s !== 2, `the document converted before the converter could be killed: make it longer than ${PAGES} pages`);
    check(Date.now() < deadline, `no converter took the document in 60 s (status ${s})`);
    await sleep(50);
  }
  const restartsBefore = cluster.restarts.length;
  const linesBefore = cluster.lines.length;
  const killedAt = performance.now();
  const oldPid = await cluster.kill("converter");
  const backMs = await cluster.back("converter", oldPid, killedAt);
  const result = await awaitConversions(cluster.url, token, [id], 150_000);
  const convertedMs = performance.now() - killedAt;
  const restart = cluster.restarts.slice(restartsBefore).find((r) => r.name === "converter");
  check(restart?.signal === "SIGKILL", "the cluster did not report the converter's restart");
  check(result.converted.length === 1, `the document did not convert after the kill: ${JSON.stringify(result)}`);
  // Taken up and finished once after the kill: one converter at a time, never the job twice at once.
  const after = cluster.lines.slice(linesBefore);
  const reports = (rpc: string) => after.filter((l) => l.includes(`"rpc":"/api.v1.ConversionReportAPI/${rpc}"`)).length;
  const [startedAgain, convertedAgain] = [reports("ReportStarted"), reports("ReportConverted")];
  check(
    startedAgain === 1 && convertedAgain === 1,
    `after the kill: ${startedAgain} starts, ${convertedAgain} conversions`,
  );
  return {
    case: "converter SIGKILL mid-document",
    requests: 1,
    errors: result.failed.length,
    recoverMs: convertedMs,
    lost: 1 - result.converted.length,
    notes: [
      `converter pid ${oldPid} killed while converting (${PAGES} pages); restart #${restart.attempt} after ${restart.delayMs} ms, healthy again in ${(backMs / 1000).toFixed(1)} s`,
      `document converted ${(convertedMs / 1000).toFixed(1)} s after the kill (job handed over after CONVERSION_ACK_WAIT_MS), started once and converted once after it`,
    ],
  };
}
