// Fewer, larger lazy chunks for the pages most visitors open. Left to itself the bundler makes one
// chunk per set of lazy modules (routes) sharing a module: the home page loaded 75 scripts, 40 of
// them under 2 KB (single icons, one protobuf file, a hook), each a request in the waterfall.
//
// A group here names pages (their lazily loaded modules); every chunk those pages load that is not a
// page or layout of its own, nor the entry's, becomes part of the group's one chunk. Which chunks a
// page loads is read from the bundler's own answer (a first build without these groups, not written),
// not from the import graph: barrel modules (antd's index, the icons' index) import every component,
// so a walk over imports would put all of antd into the home page's chunk.
import { build, type Plugin, type Rolldown } from "vite";

export interface RouteChunk {
  /** The chunk's name. */
  name: string;
  /** Absolute paths of the lazily imported modules (pages, layouts) whose shared code goes into this chunk. */
  roots: readonly string[];
}

/** Set in the first build, which must chunk as if the groups were not there. */
const FIRST_PASS = "WENKU_ROUTE_CHUNKS_FIRST_PASS";

/** A code-splitting group as the bundler takes it (its `name` function decides module by module). */
export interface RouteChunkGroup {
  name: (id: string) => string | null;
  debugName: string;
  priority: number;
}

/**
 * `groups` go into `build.rolldownOptions.output.codeSplitting.groups` (below the entry's and vendor
 * groups, which keep their modules); `plugin` runs the first build that tells which chunks each root
 * loads. Earlier routes win a module several of them load.
 */
export function routeChunks(
  routes: readonly RouteChunk[],
  priority = 5,
): { plugin: Plugin; groups: RouteChunkGroup[] } {
  const owner = new Map<string, string>();
  const firstPass = process.env[FIRST_PASS] === "1";
  const plugin: Plugin = {
    name: "wenku:route-chunks",
    apply: "build",
    async configResolved(config) {
      if (firstPass) return;
      process.env[FIRST_PASS] = "1";
      try {
        const out = await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: "silent",
          build: { write: false, emptyOutDir: false },
        });
        assign(chunksOf(out), routes, owner);
      } finally {
        delete process.env[FIRST_PASS];
      }
    },
  };
  // one group per route, in order: a group also takes the modules its modules import (unless an
  // earlier group has them), so a later route must not be chunked first
  const groups = routes.map((r, i) => ({
    name: (id: string) => (owner.get(id) === r.name ? r.name : null),
    debugName: `route chunk ${r.name}`,
    priority: priority - i / routes.length,
  }));
  return { plugin, groups };
}

function chunksOf(out: Awaited<ReturnType<typeof build>>): Rolldown.OutputChunk[] {
  if (!Array.isArray(out) && !("output" in out))
    throw new Error("route chunks: the first build did not return its output");
  return (Array.isArray(out) ? out : [out]).flatMap((o) => o.output.filter((c) => c.type === "chunk"));
}

/** Fills `owner` (module id → chunk name) from the first build's chunks. */
export function assign(
  chunks: readonly Rolldown.OutputChunk[],
  routes: readonly RouteChunk[],
  owner: Map<string, string>,
): void {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  for (const route of routes) {
    const starts = chunks.filter((c) => c.facadeModuleId !== null && route.roots.includes(c.facadeModuleId));
    if (starts.length !== route.roots.length) {
      const found = new Set(starts.map((c) => c.facadeModuleId));
      throw new Error(`route chunks: no chunk for ${route.roots.filter((r) => !found.has(r)).join(", ")}`);
    }
    const seen = new Set<string>();
    const stack = starts.map((c) => c.fileName);
    while (stack.length) {
      const file = stack.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const chunk = byFile.get(file);
      if (!chunk) continue;
      stack.push(...chunk.imports);
      // pages and layouts keep their chunks (loaded when routed to); the entry keeps its own
      if (chunk.isEntry || chunk.isDynamicEntry) continue;
      for (const id of chunk.moduleIds) if (!owner.has(id)) owner.set(id, route.name);
    }
  }
}
