// A service killed (SIGKILL) and restarted by the cluster while autocannon keeps 100 connections busy
// on a list it answers: no request hangs past the gateway's deadline (its requests' 30 s), and
// requests fail only between the kill and the service's return (plus the moment the gateway takes
// to find it again).
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { check, type FaultContext } from "../context.js";
import type { Figures } from "../figures.js";

/** The gateway's deadline for a request to a service (gateway/src/server.ts timeoutMs). */
const DEADLINE_MS = 30_000;
/** After /healthz answers again, the gateway may still need this long to reach the new process. */
const REJOIN_MS = 2_000;

export async function serviceRestarted(c: FaultContext, service: string, path: string): Promise<Figures> {
  const { cluster } = c;
  const answers: Array<{ at: number; ok: boolean; ms: number; status: number }> = [];
  const instance = autocannon({
    url: cluster.url + path,
    connections: 100,
    duration: 120,
    timeout: (DEADLINE_MS + 5_000) / 1000,
  });
  instance.on("response", (_c, status, _b, ms) => {
    answers.push({ at: performance.now(), ok: status >= 200 && status < 300, ms, status });
  });
  instance.on("reqError", () => answers.push({ at: performance.now(), ok: false, ms: 0, status: 0 }));
  const done = Promise.resolve(instance);
  // Under way first: a few hundred answers before the kill.
  const warm = performance.now();
  while (answers.filter((a) => a.ok).length < 200) {
    check(performance.now() - warm < 30_000, "the list did not answer under load before the kill");
    await sleep(50);
  }
  const restartsBefore = cluster.restarts.length;
  const killedAt = performance.now();
  const oldPid = await cluster.kill(service);
  const backMs = await cluster.back(service, oldPid, killedAt);
  const backAt = killedAt + backMs;
  await sleep(3_000);
  instance.stop();
  const result = await done;
  const before = answers.filter((a) => a.at < killedAt);
  const errors = answers.filter((a) => !a.ok);
  const late = errors.filter((a) => a.at > backAt + REJOIN_MS);
  const firstOk = answers.find((a) => a.at > killedAt && a.ok && a.at > (errors.at(-1)?.at ?? 0));
  const restart = cluster.restarts.slice(restartsBefore).find((r) => r.name === service);
  const statuses = [...new Set(errors.map((a) => a.status))].sort();
  const failedBefore = [...new Set(before.filter((a) => !a.ok).map((a) => a.status))];
  check(before.length > 0 && !failedBefore.length, `requests failed before the kill: ${failedBefore.join(",")}`);
  check(result.timeouts === 0, `${result.timeouts} requests timed out (hung past the deadline)`);
  check(
    result.latency.max < DEADLINE_MS,
    `a request took ${result.latency.max} ms, past the ${DEADLINE_MS} ms deadline`,
  );
  check(!late.length, `${late.length} requests failed after ${service} was back (statuses ${statuses.join(",")})`);
  check(restart?.signal === "SIGKILL", `the cluster did not report ${service}'s restart`);
  check(
    errors.every((a) => a.status === 503),
    `errors other than 503 while ${service} was down: ${statuses.join(",")}`,
  );
  return {
    case: `${service} SIGKILL under load`,
    requests: answers.length,
    errors: errors.length,
    recoverMs: (firstOk?.at ?? backAt) - killedAt,
    lost: 0,
    notes: [
      `autocannon, 100 connections on GET ${path}: ${answers.length} answers, ${errors.length} errors (${statuses.join(",") || "none"}), all between the kill and ${service}'s return; slowest ${result.latency.max} ms, timeouts ${result.timeouts}`,
      `${service} restarted by the cluster (restart #${restart.attempt} after ${restart.delayMs} ms), healthy ${(backMs / 1000).toFixed(1)} s after the kill`,
    ],
  };
}
