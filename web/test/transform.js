import swcJest from "@swc/jest";

/**
 * The web tests' transform: @swc/jest, after pointing named imports of antd's icons at each icon's
 * own module. `import { UserOutlined } from "@ant-design/icons"` loads the package index, which loads
 * all of its ~850 icons (about 1,700 modules, ~2 s of CPU in every test file that renders one);
 * `import UserOutlined from "@ant-design/icons/UserOutlined"` (a documented entry of the package,
 * the one antd itself uses) is the very same component without the rest. Vite's build tree-shakes
 * the index, so the app's sources keep the usual form.
 */
const ICONS_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@ant-design\/icons["'];?/g;
const ICON_NAME = /^[A-Z][A-Za-z0-9]*(Outlined|Filled|TwoTone)$/;

/** The source with every icon of a named `@ant-design/icons` import read from the icon's own module. */
export function importIconsOneByOne(src) {
  if (!src.includes("@ant-design/icons")) return src;
  return src.replace(ICONS_IMPORT, (whole, list) => {
    const one = [];
    const rest = [];
    for (const spec of list.split(",").map((s) => s.trim())) {
      if (!spec) continue;
      const [name, local = name] = spec.split(/\s+as\s+/).map((s) => s.trim());
      if (ICON_NAME.test(name)) one.push(`import ${local} from "@ant-design/icons/${name}";`);
      else rest.push(spec);
    }
    if (one.length === 0) return whole;
    if (rest.length > 0) one.push(`import { ${rest.join(", ")} } from "@ant-design/icons";`);
    // One line for one: line numbers in stack traces stay those of the source.
    return one.join(" ") + "\n".repeat(whole.split("\n").length - 1);
  });
}

export default {
  createTransformer(options) {
    const swc = swcJest.createTransformer(options);
    return {
      canInstrument: swc.canInstrument,
      process: (src, filename, jestOptions) => swc.process(importIconsOneByOne(src), filename, jestOptions),
      processAsync: (src, filename, jestOptions) => swc.processAsync(importIconsOneByOne(src), filename, jestOptions),
      getCacheKey: (src, filename, jestOptions) => swc.getCacheKey(importIconsOneByOne(src), filename, jestOptions),
    };
  },
};
