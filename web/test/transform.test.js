import { importIconsOneByOne } from "./transform.js";

test("each icon of a named import comes from its own module, on the lines the import took", () => {
  const src =
    'import {\n  FilePdfOutlined,\n  FileWordFilled as Word,\n  CheckCircleTwoTone,\n} from "@ant-design/icons";\nconst x = 1;\n';
  const out = importIconsOneByOne(src);
  expect(out).toBe(
    'import FilePdfOutlined from "@ant-design/icons/FilePdfOutlined"; import Word from "@ant-design/icons/FileWordFilled"; import CheckCircleTwoTone from "@ant-design/icons/CheckCircleTwoTone";\n\n\n\n\nconst x = 1;\n',
  );
  expect(out.split("\n").length).toBe(src.split("\n").length);
});

test("what is not an icon stays a named import of the package; type-only imports and other packages are left alone", () => {
  expect(importIconsOneByOne('import { IconProvider, UserOutlined } from "@ant-design/icons";')).toBe(
    'import UserOutlined from "@ant-design/icons/UserOutlined"; import { IconProvider } from "@ant-design/icons";',
  );
  for (const src of [
    'import { IconProvider } from "@ant-design/icons";',
    'import type { IconComponentProps } from "@ant-design/icons";',
    'import { Button } from "antd";',
  ])
    expect(importIconsOneByOne(src)).toBe(src);
});

test("an icon's own module is the very component the package index exports", async () => {
  const one = await import("@ant-design/icons/UserOutlined");
  const index = await import("@ant-design/icons");
  expect(one.default).toBe(index.UserOutlined);
});
