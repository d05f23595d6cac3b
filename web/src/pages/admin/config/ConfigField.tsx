import type { Config } from "@wenku/proto/api/v1/config_pb.js";
import { Form, Input, InputNumber, Select, Switch } from "antd";
import type { ReactNode } from "react";
import { ImageUploadInput } from "../../../components/admin/ImageUploadInput.js";
import { UPLOAD_CONFIG_IMAGE_URL } from "../../../components/document/uploadFile.js";
import { type Translate, useI18n } from "../../../i18n/I18nProvider.js";
import type { Lang } from "../../../i18n/language.js";
import { CONFIG_OPTIONS_EN, CONFIG_TEXTS_EN } from "./configTexts.en.js";
import { optionsOf } from "./configValues.js";

/** A select's choices, their labels in English when the interface is (the catalogue's are Chinese). */
const choices = (row: Config, lang: Lang) =>
  optionsOf(row.options).map((o) => (lang === "en" ? { ...o, label: CONFIG_OPTIONS_EN[o.value] ?? o.label } : o));

/** The server's mask of a stored secret (ListConfig); sent back, it keeps the stored value. */
export const SECRET_MASK = "******";

/** The input a config key is edited with, from its input_type (text for a type this app does not know). */
function inputOf(row: Config, testId: string, t: Translate, lang: Lang): { input: ReactNode; checkbox?: boolean } {
  switch (row.inputType) {
    case "textarea":
      return { input: <Input.TextArea autoSize={{ minRows: 2, maxRows: 12 }} data-testid={testId} /> };
    case "number":
      return {
        input: (
          <InputNumber
            precision={0}
            style={{ width: "100%", maxWidth: 240 }}
            data-testid={testId}
            {...(row.min === undefined ? {} : { min: Number(row.min) })}
            {...(row.max === undefined ? {} : { max: Number(row.max) })}
          />
        ),
      };
    case "switch":
      return { input: <Switch data-testid={testId} />, checkbox: true };
    case "select":
      return { input: <Select options={choices(row, lang)} data-testid={testId} style={{ maxWidth: 360 }} /> };
    case "select-multi":
      return {
        input: (
          <Select
            mode="multiple"
            allowClear
            options={choices(row, lang)}
            placeholder={t("adm.cfg.selectPlaceholder")}
            data-testid={testId}
          />
        ),
      };
    case "image":
      return { input: <ImageUploadInput uploadUrl={UPLOAD_CONFIG_IMAGE_URL} testId={testId} /> };
    case "password":
      return { input: <Input.Password autoComplete="new-password" data-testid={testId} /> };
    default:
      return { input: <Input maxLength={1024} data-testid={testId} /> };
  }
}

/** One config key as a form field: its label, its input, its help text, the server's refusal under it. */
export function ConfigField({ row }: { row: Config }) {
  const { t, lang } = useI18n();
  const testId = `cfg-${row.category}-${row.name}`;
  const { input, checkbox } = inputOf(row, testId, t, lang);
  const secretNote = row.isSecret ? t(row.value === SECRET_MASK ? "adm.cfg.secretSet" : "adm.cfg.secretUnset") : "";
  // The catalogue writes labels and help in Chinese; English has its own (a key it lacks shows the server's).
  const english = lang === "en" ? CONFIG_TEXTS_EN[`${row.category}.${row.name}`] : undefined;
  const help = [english ? english[1] : row.placeholder, secretNote].filter(Boolean).join(lang === "en" ? "; " : "；");
  return (
    <Form.Item
      name={[row.category, row.name]}
      label={english?.[0] || row.label || row.name}
      extra={help || undefined}
      {...(checkbox ? { valuePropName: "checked" } : {})}
    >
      {input}
    </Form.Item>
  );
}
