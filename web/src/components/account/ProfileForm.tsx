import { useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { type User, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Alert, App, Button, Form, Input, Skeleton } from "antd";
import { useState } from "react";
import { toApiError } from "../../api/errors.js";
import { invalidateUsers, useCurrentUser } from "../../hooks/useUser.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { ApiErrorAlert } from "../common/ApiErrorAlert.js";
import { AvatarUpload } from "./AvatarUpload.js";
import { rules } from "./formRules.js";

interface ProfileValues {
  username: string;
  realname: string;
  identity: string;
  email: string;
  mobile: string;
  address: string;
  signature: string;
}

/**
 * The caller's own profile (spec §2 fields), in the personal centre and in the admin's profile
 * drawer alike. The username is shown, not edited (the server renames users only for staff, from
 * the user list); e-mail and mobile are locked once set (spec §5). A save refreshes every cached
 * copy of the user, so the header and the personal centre show the new details.
 */
export function ProfileForm({ onSaved }: { onSaved?: () => void }) {
  const { t } = useI18n();
  const { data: user, error, reload } = useCurrentUser();
  if (user) return <ProfileFields key={String(user.id)} user={user} onSaved={onSaved} />;
  if (error) return <ApiErrorAlert error={error} onRetry={reload} />;
  return <Skeleton active aria-label={t("page.me.profile")} />;
}

function ProfileFields({ user, onSaved }: { user: User; onSaved: (() => void) | undefined }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileValues>();
  const [error, setError] = useState("");
  const update = useMutation(UserAPI.method.updateUserProfile, { onSuccess: () => invalidateUsers(queryClient) });
  const r = rules(t);
  const emailLocked = user.email !== "";
  const mobileLocked = user.mobile !== "";

  const onFinish = async (values: ProfileValues) => {
    setError("");
    try {
      await update.mutateAsync({
        id: user.id,
        username: user.username,
        avatar: user.avatar,
        realname: values.realname?.trim() ?? "",
        identity: values.identity?.trim() ?? "",
        email: emailLocked ? user.email : (values.email?.trim() ?? ""),
        mobile: mobileLocked ? user.mobile : (values.mobile?.trim() ?? ""),
        address: values.address?.trim() ?? "",
        signature: values.signature?.trim() ?? "",
      });
      void message.success(t("profile.success"));
      onSaved?.();
    } catch (cause) {
      const text = toApiError(cause, t("error.updateFailed")).message;
      setError(text);
      void message.error(text);
    }
  };

  return (
    <>
      <AvatarUpload avatar={user.avatar} onChanged={() => invalidateUsers(queryClient)} />
      <Form<ProfileValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        onFinish={onFinish}
        data-testid="profile-form"
        initialValues={{
          username: user.username,
          realname: user.realname,
          identity: user.identity,
          email: user.email,
          mobile: user.mobile,
          address: user.address,
          signature: user.signature,
        }}
      >
        <Form.Item name="username" label={t("profile.username")} rules={r.username}>
          <Input disabled autoComplete="username" />
        </Form.Item>
        <Form.Item name="realname" label={t("profile.realname")}>
          <Input maxLength={64} autoComplete="name" />
        </Form.Item>
        <Form.Item name="identity" label={t("profile.identity")}>
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t("profile.email")}
          rules={emailLocked ? [] : r.email}
          extra={emailLocked ? t("profile.locked") : undefined}
        >
          <Input disabled={emailLocked} autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item
          name="mobile"
          label={t("profile.mobile")}
          rules={mobileLocked ? [] : r.mobile}
          extra={mobileLocked ? t("profile.locked") : undefined}
        >
          <Input disabled={mobileLocked} autoComplete="tel" inputMode="tel" maxLength={11} />
        </Form.Item>
        <Form.Item name="address" label={t("profile.address")}>
          <Input maxLength={255} autoComplete="street-address" />
        </Form.Item>
        <Form.Item name="signature" label={t("profile.signature")}>
          <Input.TextArea maxLength={255} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />}
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t("profile.save")}
        </Button>
      </Form>
    </>
  );
}
