// Build-time redirects of antd internals that would otherwise put code no page uses into every
// page's first load. Each names the exact importer and import it replaces, and fails the build when
// antd's files no longer look as expected.
import { readFile } from "node:fs/promises";
import type { Plugin } from "vite";

/**
 * antd's form context (imported by Input, Drawer, Tooltip, Modal… on every page) takes only
 * `FormProvider` from @rc-component/form, but that package's index assigns statics to its Form and so
 * cannot be tree-shaken: the whole form library (with async-validator) came along. FormProvider lives,
 * self-contained, in es/FormContext.js, the very module the index re-exports, so the context is the
 * same one real forms use.
 */
export function narrowFormProvider(): Plugin {
  const formContext = /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;
  return {
    name: "wenku:narrow-form-provider",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "@rc-component/form" || !importer || !formContext.test(importer)) return null;
      return this.resolve("@rc-component/form/es/FormContext.js", importer, { skipSelf: true });
    },
  };
}

/**
 * antd's button and tag styles (on every page) take only `isBright` from the colour picker's
 * ColorPresets module, which also holds the presets panel: Collapse and the colour blocks came along
 * with it. Those two importers get a module made at build time of the very function, cut out of
 * ColorPresets.js with the colour class it uses; the build fails if antd's file no longer has it.
 */
export function narrowIsBright(): Plugin {
  const importers = /[\\/]antd[\\/]es[\\/](button[\\/]style[\\/]token|tag[\\/]style[\\/]index)\.js$/;
  const SUFFIX = "?wenku-is-bright";
  return {
    name: "wenku:narrow-is-bright",
    enforce: "pre",
    async resolveId(source, importer) {
      if (source !== "../../color-picker/components/ColorPresets" || !importer || !importers.test(importer))
        return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `${resolved.id}${SUFFIX}` : null;
    },
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const source = await readFile(id.slice(0, -SUFFIX.length), "utf8");
      const fn = /^export const isBright = [\s\S]*?^};$/m.exec(source);
      if (!fn || !source.includes("Color as RcColor } from '@rc-component/color-picker'")) {
        throw new Error("antd's ColorPresets.js changed: isBright or its RcColor import not found");
      }
      return `import { Color as RcColor } from '@rc-component/color-picker';\n${fn[0]}\n`;
    },
  };
}

/**
 * antd's ConfigProvider (the root of every page) imports the tooltip's UniqueProvider, the shared
 * popup of `<ConfigProvider tooltip={{ unique: true }}>`, and with it the whole popup positioning
 * library (@rc-component/trigger). It renders it only when `tooltip.unique` is set, which the app
 * never does; the import gets a module that fails loudly if it ever is. Tooltips themselves import
 * the library on their own, in the chunks of the pages that show one.
 */
export function narrowTooltipUnique(): Plugin {
  const importer = /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/;
  const ID = "\0wenku:tooltip-unique-unsupported";
  return {
    name: "wenku:narrow-tooltip-unique",
    enforce: "pre",
    async resolveId(source, from) {
      if (source !== "../tooltip/UniqueProvider" || !from || !importer.test(from)) return null;
      const config = await readFile(from, "utf8");
      if (!/if \(tooltip\?\.unique\) \{/.test(config)) {
        throw new Error("antd's ConfigProvider changed: it no longer renders UniqueProvider only for tooltip.unique");
      }
      return ID;
    },
    load(id) {
      if (id !== ID) return null;
      return `export default function UniqueProvider() {
  throw new Error("ConfigProvider tooltip.unique is not supported: the build replaces antd's UniqueProvider (web/build/antd.ts)");
}
`;
    },
  };
}
