import { ConnectError } from "@connectrpc/connect";
import { type Config, ConfigAPI } from "@wenku/proto/api/v1/config_pb.js";
import { FieldViolationSchema } from "@wenku/proto/api/v1/errors_pb.js";
import { Alert, Button, Card, Flex, Form } from "antd";
import { type ReactNode, useEffect, useMemo } from "react";
import { toApiError } from "../../../api/errors.js";
import { useAdminMutation } from "../../../components/admin/list/useAdminMutation.js";
import { useSizeClass } from "../../../hooks/useSizeClass.js";
import { useI18n } from "../../../i18n/I18nProvider.js";
import { ConfigField } from "./ConfigField.js";
import { type FormValues, formValuesOf, groupByCategory, hiddenByChooser, toConfigInput } from "./configValues.js";
import { CATEGORY_NOTES, CATEGORY_TITLES, type ConfigSection } from "./sections.js";
import { WechatPayCheck } from "./WechatPayCheck.js";

/** Actions shown at the top of a category's group (each decides itself whether the caller may use it). */
const CATEGORY_ACTIONS: Readonly<Record<string, ReactNode>> = { wechatpay: <WechatPayCheck /> };

/** The field a refusal names ("email.password" → ["email", "password"]), if it is one of this form's. */
function refusedField(cause: unknown, rows: readonly Config[]): [string, string] | undefined {
  if (!(cause instanceof ConnectError)) return undefined;
  for (const { field } of cause.findDetails(FieldViolationSchema)) {
    const row = rows.find((r) => `${r.category}.${r.name}` === field);
    if (row) return [row.category, row.name];
  }
  return undefined;
}

/**
 * The form of one config page, built from the rows' metadata (ConfigField per key): a group per
 * category when the page has several. A page with a chooser (sms.sms_provider) shows only the chosen
 * one of the categories it names. Save sends every key of the page, shown or not (secrets left as the
 * mask keep their stored value); a refusal shows on the field it names.
 */
export function ConfigForm({ rows, section }: { rows: readonly Config[]; section: ConfigSection }) {
  const { t } = useI18n();
  const [form] = Form.useForm<FormValues>();
  const mobile = useSizeClass() === "mobile";
  const initialValues = useMemo(() => formValuesOf(rows), [rows]);
  // Fresh rows (after a save, or another admin's) become the form's values.
  useEffect(() => form.setFieldsValue(initialValues), [form, initialValues]);
  const save = useAdminMutation(ConfigAPI.method.updateConfig, {
    success: t("adm.cfg.saved"),
    failure: t("adm.cfg.saveFailed"),
    onError: (cause) => {
      const field = refusedField(cause, rows);
      if (!field) return;
      form.setFields([{ name: field, errors: [toApiError(cause, t("adm.cfg.saveFailed")).message] }]);
      form.scrollToField(field, { block: "center" });
    },
  });
  const groups = groupByCategory(rows, section.categories);
  const titled = groups.length > 1;
  const { chooser } = section;
  const chosen = Form.useWatch((v: FormValues) => (chooser ? v[chooser.category]?.[chooser.name] : undefined), form);
  const hidden = hiddenByChooser(rows, chooser, typeof chosen === "string" ? chosen : undefined);

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void save.run({ config: toConfigInput(rows, values) })}
      // A refusal shown on a field goes once the field is edited.
      onValuesChange={(changed: Partial<FormValues>) =>
        form.setFields(
          Object.entries(changed).flatMap(([category, fields]) =>
            Object.keys(fields ?? {}).map((name) => ({ name: [category, name], errors: [] })),
          ),
        )
      }
      style={{ maxWidth: 760 }}
      data-testid="config-form"
    >
      {section.notice && <Alert type="info" showIcon title={t(section.notice)} style={{ marginBottom: 16 }} />}
      {groups.map(([category, list]) =>
        titled ? (
          <Card
            key={category}
            size="small"
            title={CATEGORY_TITLES[category] ? t(CATEGORY_TITLES[category]) : category}
            // hidden, not removed: its fields stay in the form and saving keeps their values
            style={{ marginBottom: 16, ...(hidden.has(category) ? { display: "none" } : {}) }}
            data-testid={`config-group-${category}`}
          >
            {CATEGORY_NOTES[category] && (
              <Alert type="warning" showIcon title={t(CATEGORY_NOTES[category])} style={{ marginBottom: 12 }} />
            )}
            {CATEGORY_ACTIONS[category]}
            {list.map((row) => (
              <ConfigField key={row.name} row={row} />
            ))}
          </Card>
        ) : (
          list.map((row) => <ConfigField key={`${category}.${row.name}`} row={row} />)
        ),
      )}
      <Flex
        gap={8}
        wrap
        style={{
          position: "sticky",
          bottom: 0,
          zIndex: 2,
          padding: "12px 0",
          background: "var(--ant-color-bg-container, #fff)",
          borderTop: "1px solid rgba(5, 5, 5, 0.06)",
        }}
      >
        <Button type="primary" htmlType="submit" loading={save.pending} block={mobile} data-testid="config-save">
          {t("adm.cfg.save")}
        </Button>
        <Button onClick={() => form.resetFields()} disabled={save.pending} block={mobile}>
          {t("adm.cfg.reset")}
        </Button>
      </Flex>
    </Form>
  );
}
