import { fileURLToPath } from "node:url";
import { constants } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ProxyOptions, runnerImport } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { narrowFormProvider, narrowIsBright, narrowTooltipUnique } from "./build/antd.js";
import { routeChunks } from "./build/chunks.js";
import { clientDescriptorSchema } from "./build/descriptorSchema.js";
import { clientDescriptors } from "./build/descriptors.js";

/** The gateway is the one public origin; in dev every server path goes to it. */
const GATEWAY = "http://127.0.0.1:8080";

const toGateway: ProxyOptions = { target: GATEWAY, changeOrigin: false };

/** Server-owned paths: REST, Connect (`/api.v1.<Service>/<Method>`), page images, files, health, sitemap. */
const proxy: Record<string, ProxyOptions> = {
  "^/api/": toGateway,
  "^/api\\.v1\\.": toGateway,
  "^/view/": toGateway,
  "^/download/": toGateway,
  "^/uploads/": toGateway,
  "^/healthz": toGateway,
  "^/sitemap\\.xml$": toGateway,
};

/**
 * Vendor code every page runs, kept in a few long-cached chunks (fewer requests, stable hashes across
 * app releases). Everything else (antd components, icons, protobuf descriptors) is split by use, so
 * a page loads only the components it renders: grouping all of antd made every visitor download it.
 * The rest of what the entry imports statically is one chunk, the entry's ("app"): left alone, the
 * bundler split off every module a lazy page also imports (20 small chunks on every first load).
 */
const vendorGroups = [
  { name: "react-dom", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 50 },
  { name: "router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 45 },
  {
    name: "antd-style",
    test: /node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@emotion|stylis)[\\/]/,
    priority: 35,
  },
  { name: "app", tags: ["$initial" as const], priority: 10 },
];

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
/**
 * The code the most visited pages share with others, one chunk per row (build/chunks.ts): the public
 * layout with the home page, the not-found and error pages (antd's Result, which the home page does
 * not load), the document page. Other pages load these plus what is theirs alone.
 */
const routeChunk = routeChunks([
  { name: "front", roots: [src("layouts/DefaultLayout.tsx"), src("pages/HomePage.tsx")] },
  { name: "result", roots: [src("pages/NotFoundPage.tsx"), src("pages/ErrorPage.tsx")] },
  { name: "reader", roots: [src("pages/document/DocumentPage.tsx")] },
]);

/**
 * Packages that run nothing when imported but do not say so (no `sideEffects` in their package.json):
 * without this an import of one export through a package's index keeps every module the index names.
 * @rc-component/input's index brought TextArea to every page with a search box, and
 * @rc-component/color-picker's brought the whole picker along with the colour class antd's button
 * styles use. Their modules only define components and helpers (no bare imports, no globals).
 */
const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/]@rc-component[\\/]/;
const sideEffectFree = (id: string): false | undefined => (SIDE_EFFECT_FREE.test(id) ? false : undefined);

/**
 * Writes dist/routes.json: the URL patterns of the route table (src/router/routeTable.ts with the back office of adminRoutes.ts), which the
 * gateway reads to answer 404 for paths no page serves. The table is evaluated with Vite's module
 * runner: its page imports are functions that never run here, so no page module is loaded.
 */
function routesManifest(): Plugin {
  return {
    name: "wenku:routes-manifest",
    apply: "build",
    async generateBundle() {
      const table = fileURLToPath(new URL("./src/router/adminRoutes.ts", import.meta.url));
      const { module } = await runnerImport<typeof import("./src/router/adminRoutes.js")>(table, {
        configFile: false,
        logLevel: "warn",
      });
      const routes = module.allRoutePatterns();
      if (!routes.includes("/")) throw new Error("routes.json: the route table has no home page");
      this.emitFile({ type: "asset", fileName: "routes.json", source: `${JSON.stringify({ routes }, null, 1)}\n` });
    },
  };
}

/** Every text asset also as .br (quality 11) and .gz (level 9), once at build time: the gateway sends them as they are. */
const precompress = compression({
  include: /\.(html|css|js|mjs|json|svg|txt|xml|ico|webmanifest)$/,
  threshold: 512,
  algorithms: [
    defineAlgorithm("brotliCompress", { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    defineAlgorithm("gzip", { level: 9 }),
  ],
  logLevel: "silent",
});

export default defineConfig({
  plugins: [
    react(),
    clientDescriptors(),
    clientDescriptorSchema(),
    narrowFormProvider(),
    narrowIsBright(),
    narrowTooltipUnique(),
    routesManifest(),
    routeChunk.plugin,
    precompress,
  ],
  // `antd/locale/*` (what the sources and the CJS-only unit tests import) is antd/lib, CommonJS that
  // drags its own copies of the picker and pagination texts along; the bundle takes the ES modules.
  // Likewise antd/lib/* (imported where a module antd's index does not export is needed).
  resolve: {
    alias: [
      { find: /^antd\/locale\/(\w+)$/, replacement: "antd/es/locale/$1" },
      { find: /^antd\/lib\/(.+)$/, replacement: "antd/es/$1" },
    ],
  },
  server: { host: "127.0.0.1", port: 5173, proxy },
  preview: { host: "127.0.0.1", port: 4173, proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: { codeSplitting: { groups: [...vendorGroups, ...routeChunk.groups] } },
      treeshake: { moduleSideEffects: sideEffectFree },
    },
  },
});
