import { Form } from "antd";
import { useI18n } from "../../i18n/I18nProvider.js";
import { AuthPasswordInput } from "./AuthPasswordInput.js";
import { rules } from "./formRules.js";

/**
 * A new password and its confirmation (fields `password` and `confirm`): the registration password
 * rules, and the confirmation must match. `label` names the first field (密码 on the register page,
 * 新密码 when resetting one).
 */
export function NewPasswordFields({ label }: { label: string }) {
  const { t } = useI18n();
  const r = rules(t);
  return (
    <>
      <Form.Item name="password" label={label} rules={r.newPassword(t("validate.passwordRequired"))}>
        <AuthPasswordInput autoComplete="new-password" placeholder={label} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t("auth.confirmPassword")}
        dependencies={["password"]}
        rules={r.sameAs("password", t("validate.confirmRequired"), t("validate.confirmMismatch"))}
      >
        <AuthPasswordInput autoComplete="new-password" placeholder={t("auth.confirmPassword")} />
      </Form.Item>
    </>
  );
}
