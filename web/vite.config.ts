import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";

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

/** Vendor chunk groups, most specific first (higher priority wins); keeps every chunk well under 500 kB. */
const vendorGroups = [
  { name: "react-dom", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 50 },
  { name: "router", test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 45 },
  { name: "antd-icons", test: /node_modules[\\/]@ant-design[\\/](icons|icons-svg)[\\/]/, priority: 40 },
  {
    name: "antd-style",
    test: /node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@emotion|stylis)[\\/]/,
    priority: 35,
  },
  { name: "rc", test: /node_modules[\\/]@rc-component[\\/]/, priority: 30 },
  { name: "antd", test: /node_modules[\\/](antd|@ant-design)[\\/]/, priority: 25 },
  { name: "connect", test: /node_modules[\\/](@connectrpc|@bufbuild)[\\/]|[\\/]proto[\\/]gen[\\/]/, priority: 20 },
  { name: "vendor", test: /node_modules[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [react()],
  server: { host: "127.0.0.1", port: 5173, proxy },
  preview: { host: "127.0.0.1", port: 4173, proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
