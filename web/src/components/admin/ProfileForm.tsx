import type { User } from "@wenku/proto/api/v1/user_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { App, Button, Form, Input, Skeleton } from "antd";
import { useCallback, useState } from "react";
import { useClient } from "../../api/client.js";
import { toApiError } from "../../api/errors.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSessionStore } from "../../store/SessionProvider.js";
import { rules } from "../account/formRules.js";
import { ApiErrorAlert } from "../common/ApiErrorAlert.js";
import { useRemote } from "./remote.js";

interface ProfileValues {
  username: string;
  realname: string;
  email: string;
  mobile: string;
  identity: string;
  address: string;
  signature: string;
}

/** The caller's own profile (admin header drawer). E-mail and mobile are locked once set (spec §5). */
export function ProfileForm({ onSaved }: { onSaved?: () => void }) {
  const { t } = useI18n();
  const client = useClient(UserAPI);
  const store = useSessionStore();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const load = useCallback((signal: AbortSignal) => client.getUser({}, { signal }), [client]);
  const { data: user, error, reload } = useRemote<User>(load, t("adm.common.loadFailed"));

  if (error) return <ApiErrorAlert error={error} onRetry={reload} />;
  if (!user) return <Skeleton active />;

  const submit = async (values: ProfileValues) => {
    setSaving(true);
    try {
      await client.updateUserProfile({ ...values, id: user.id, avatar: user.avatar });
      const session = store.getSnapshot().user;
      if (session) store.setUser({ ...session, ...values });
      void message.success(t("adm.profile.updated"));
      onSaved?.();
    } catch (cause) {
      void message.error(toApiError(cause, t("error.updateFailed")).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<ProfileValues>
      layout="vertical"
      initialValues={{
        username: user.username,
        realname: user.realname,
        email: user.email,
        mobile: user.mobile,
        identity: user.identity,
        address: user.address,
        signature: user.signature,
      }}
      onFinish={submit}
      data-testid="profile-form"
    >
      <Form.Item name="username" label={t("adm.profile.username")} rules={rules(t).username}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item name="realname" label={t("adm.profile.realname")}>
        <Input />
      </Form.Item>
      <Form.Item
        name="email"
        label={t("adm.profile.email")}
        rules={rules(t).email}
        {...(user.email ? { extra: t("adm.profile.locked") } : {})}
      >
        <Input disabled={user.email !== ""} autoComplete="email" />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={t("adm.profile.mobile")}
        rules={rules(t).mobile}
        {...(user.mobile ? { extra: t("adm.profile.locked") } : {})}
      >
        <Input disabled={user.mobile !== ""} autoComplete="tel" />
      </Form.Item>
      <Form.Item name="identity" label={t("adm.profile.identity")}>
        <Input />
      </Form.Item>
      <Form.Item name="address" label={t("adm.profile.address")}>
        <Input />
      </Form.Item>
      <Form.Item name="signature" label={t("adm.profile.signature")}>
        <Input.TextArea rows={3} maxLength={255} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} block>
        {t("adm.common.save")}
      </Button>
    </Form>
  );
}
