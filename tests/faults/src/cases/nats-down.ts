// NATS JetStream down for FAULTS_NATS_DOWN_SEC (default 30): documents keep being uploaded. Each one is
// either accepted and converts once NATS is back, or refused with a clear 503; none may be accepted
// and then forgotten, no request may hang, and the services reconnect by themselves (the cluster
// reports no restart).
import { setTimeout as sleep } from "node:timers/promises";
import { makePdf } from "@wenku/testkit/documents";
import { check, type FaultContext } from "../context.js";
import type { Figures } from "../figures.js";
import { awaitConversions, type Submitted, submitDocument } from "../site.js";

export async function natsDown(c: FaultContext, downSec: number): Promise<Figures> {
  const { cluster, nats, token, category } = c;
  const restartsBefore = cluster.restarts.length;
  const pdf = (n: number) => makePdf({ pages: 2, lines: (p) => [`NATS 停机期间上传的第${n}篇文档，第${p}页。`] });
  const answers: Array<Submitted & { ms: number }> = [];
  await nats.down();
  const downAt = performance.now();
  for (let n = 1; performance.now() - downAt < downSec * 1000; n++) {
    const t = performance.now();
    const r = await submitDocument(cluster.url, token, category, `faults-nats-down-${Date.now()}-${n}`, pdf(n));
    answers.push({ ...r, ms: performance.now() - t });
    await sleep(500);
  }
  await nats.up();
  const upAt = performance.now();
  const accepted = answers.flatMap((a) => (a.accepted ? [a.id] : []));
  const refused = answers.filter((a) => !a.accepted);
  // One more after NATS is back: the path works again without any restart.
  const after = await submitDocument(cluster.url, token, category, `faults-nats-after-${Date.now()}`, pdf(0));
  check(after.accepted, `an upload after NATS came back was refused: ${JSON.stringify(after)}`);
  const result = await awaitConversions(cluster.url, token, [...accepted, after.id], 90_000);
  const recoverMs = performance.now() - upAt;
  const slowest = Math.max(...answers.map((a) => a.ms));
  const unclear = refused.filter((a) => a.status !== 503);
  check(!unclear.length, `uploads refused otherwise than with 503: ${JSON.stringify(unclear.slice(0, 3))}`);
  check(!result.waiting.length && !result.failed.length, `accepted documents lost: ${JSON.stringify(result)}`);
  check(slowest < 30_000, `an upload hung ${Math.round(slowest)} ms while NATS was down`);
  const restarts = cluster.restarts.slice(restartsBefore);
  check(!restarts.length, `processes were restarted: ${JSON.stringify(restarts)}`);
  return {
    case: `NATS down ${downSec} s`,
    requests: answers.length,
    errors: refused.length,
    recoverMs,
    lost: result.waiting.length + result.failed.length,
    notes: [
      `${accepted.length} uploads accepted while NATS was down, ${refused.length} refused with 503; all accepted converted ${(recoverMs / 1000).toFixed(1)} s after NATS came back`,
      `slowest answer while down: ${(slowest / 1000).toFixed(1)} s; processes restarted: ${restarts.length}`,
    ],
  };
}
