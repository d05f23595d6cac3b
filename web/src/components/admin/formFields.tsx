import { Form, Input, InputNumber, Switch } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import type { MessageKey } from "../../i18n/zh-CN.js";

/** The fields most admin forms share, each with its label, help and rule in one place. */

/** A required name (title, language…): blank or spaces only is refused. */
export function NameField({
  name = "title",
  label = "adm.common.title",
  required = "adm.common.titleRequired",
}: {
  name?: string;
  label?: MessageKey;
  required?: MessageKey;
}) {
  const { t } = useI18n();
  return (
    <Form.Item name={name} label={t(label)} rules={[{ required: true, whitespace: true, message: t(required) }]}>
      <Input maxLength={64} />
    </Form.Item>
  );
}

/** Sort order: a whole number from 0, smaller first. */
export function SortField({ help = "adm.common.sortHelp" }: { help?: MessageKey }) {
  const { t } = useI18n();
  return (
    <Form.Item name="sort" label={t("adm.common.sort")} extra={t(help)}>
      <InputNumber min={0} precision={0} style={{ width: 160 }} />
    </Form.Item>
  );
}

/** An on/off flag with optional help ("enable" by default). */
export function SwitchField({
  name = "enable",
  label = "adm.common.enable",
  help,
}: {
  name?: string;
  label?: MessageKey;
  help?: MessageKey;
}) {
  const { t } = useI18n();
  return (
    <Form.Item name={name} label={t(label)} extra={help && t(help)} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}

export function DescriptionField({ maxLength = 255, rows = 3 }: { maxLength?: number; rows?: number }) {
  const { t } = useI18n();
  return (
    <Form.Item name="description" label={t("adm.common.description")}>
      <Input.TextArea rows={rows} maxLength={maxLength} showCount />
    </Form.Item>
  );
}

/** What a tree item's drawer edits: an existing item, or a new one under `parentId` (0n: top level). */
export type TreeEdit<T> = { item: T } | { parentId: bigint };

/** The edited item (null when new) and the parent the form starts with. */
export function treeEditOf<T extends { parentId: bigint }>(
  edit: TreeEdit<T> | null,
): { item: T | null; parentId: bigint } {
  const item = edit && "item" in edit ? edit.item : null;
  return { item, parentId: item ? item.parentId : edit && "parentId" in edit ? edit.parentId : 0n };
}
