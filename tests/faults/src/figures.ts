// Each case's figures, printed as it ends and again in one table at the end of the suite.

export interface Figures {
  case: string;
  /** Requests (or documents) sent while the fault lasted and around it. */
  requests: number;
  /** Answers that were not a success (refusals such as 503 included). */
  errors: number;
  /** From the fault's end (server back, process killed) to the first success seen again. */
  recoverMs: number;
  /** Accepted documents (or bookings) that never arrived: must be 0. */
  lost: number;
  /** What else the case measured, in words. */
  notes: string[];
}

export function printFigures(f: Figures): void {
  console.log(
    `  ${f.case}: requests ${f.requests}, errors ${f.errors}, recovered in ${(f.recoverMs / 1000).toFixed(1)} s, lost ${f.lost}`,
  );
  for (const n of f.notes) console.log(`    ${n}`);
}

export function printTable(all: readonly Figures[]): void {
  const w = Math.max(4, ...all.map((f) => f.case.length));
  console.log(`\n${"case".padEnd(w)}  requests  errors  recover s  lost`);
  for (const f of all) {
    console.log(
      `${f.case.padEnd(w)}  ${String(f.requests).padStart(8)}  ${String(f.errors).padStart(6)}  ${(f.recoverMs / 1000).toFixed(1).padStart(9)}  ${String(f.lost).padStart(4)}`,
    );
  }
}
