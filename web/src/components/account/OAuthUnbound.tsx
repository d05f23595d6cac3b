import { UserOutlined } from "@ant-design/icons";
import { useMutation } from "@connectrpc/connect-query";
import { OAuthAPI, type OAuthLoginReply, type UserOAuth } from "@wenku/proto/api/v1/oauth_pb.js";
import { UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Avatar, Form, Input, Segmented, Space, Typography } from "antd";
import { useState } from "react";
import { toApiError } from "../../api/errors.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { AuthCard } from "./AuthCard.js";
import { AuthPasswordInput } from "./AuthPasswordInput.js";
import { FormSubmit } from "./FormSubmit.js";
import { rules } from "./formRules.js";

/** A login reply: the token and the user it signs in. */
export type SignedIn = { token: string; user?: OAuthLoginReply["user"] };

/** A name the server takes (2-32 letters, digits, _ or -) from what the provider calls the account. */
const suggestName = (o: UserOAuth) => (o.username || o.nickname || "").replace(/[^\w-]/g, "").slice(0, 32);

/**
 * An external account bound to nobody (/oauth/{type}, a scan on /oauth/wechatmp): sign in with a
 * password and bind it, or create an account.
 */
export function OAuthUnbound({
  oauth,
  signIn,
  onSignedIn,
  done,
}: {
  oauth: UserOAuth;
  /** Starts the session (the transport then carries its token). */
  signIn: (reply: SignedIn) => Promise<unknown>;
  /** Starts the session and leaves. */
  onSignedIn: (reply: SignedIn) => Promise<void>;
  /** Leaves (signed in). */
  done: () => Promise<void>;
}) {
  const { t } = useI18n();
  const r = rules(t);
  const login = useMutation(UserAPI.method.login);
  const bind = useMutation(OAuthAPI.method.bindOAuth);
  const register = useMutation(OAuthAPI.method.registerOAuth);
  const [mode, setMode] = useState<"register" | "bind">("register");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const proof = { oauthType: oauth.oauthType, openid: oauth.openid, session: oauth.session };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError("");
    try {
      await work();
    } catch (cause) {
      setError(toApiError(cause, t("oauth.failed")).message);
      setBusy(false);
    }
  };
  const onRegister = (v: { username: string }) =>
    run(async () => onSignedIn(await register.mutateAsync({ ...proof, username: v.username.trim() })));
  const onBind = (v: { username: string; password: string }) =>
    run(async () => {
      const reply = await login.mutateAsync({ username: v.username.trim(), password: v.password });
      // signed in first: BindOAuth binds to the caller
      await signIn(reply);
      await bind.mutateAsync(proof);
      await done();
    });

  return (
    <AuthCard title={t("oauth.unboundTitle")} subtitle={t("oauth.unboundHint")}>
      <Space align="center" style={{ marginBottom: 16 }} data-testid="oauth-account">
        <Avatar src={oauth.avatar || undefined} icon={<UserOutlined />} />
        <div>
          <Typography.Text strong>{oauth.nickname || oauth.username || oauth.openid}</Typography.Text>
          {oauth.email && (
            <div>
              <Typography.Text type="secondary">{oauth.email}</Typography.Text>
            </div>
          )}
        </div>
      </Space>
      <Segmented
        block
        value={mode}
        onChange={(v) => {
          setMode(v === "bind" ? "bind" : "register");
          setError("");
        }}
        options={[
          { value: "register", label: t("oauth.createAccount") },
          { value: "bind", label: t("oauth.bindExisting") },
        ]}
        style={{ marginBottom: 16 }}
      />
      {mode === "register" ? (
        <Form<{ username: string }>
          layout="vertical"
          requiredMark={false}
          onFinish={onRegister}
          initialValues={{ username: suggestName(oauth) }}
          data-testid="oauth-register-form"
        >
          <Form.Item name="username" label={t("auth.username")} rules={r.username} extra={t("oauth.noPasswordYet")}>
            <Input size="large" prefix={<UserOutlined />} autoComplete="username" />
          </Form.Item>
          <FormSubmit error={error} loading={busy} large>
            {t("oauth.createAndSignIn")}
          </FormSubmit>
        </Form>
      ) : (
        <Form<{ username: string; password: string }>
          layout="vertical"
          requiredMark={false}
          onFinish={onBind}
          data-testid="oauth-bind-form"
        >
          <Form.Item name="username" label={t("auth.username")} rules={r.username}>
            <Input size="large" prefix={<UserOutlined />} autoComplete="username" placeholder={t("auth.loginName")} />
          </Form.Item>
          <Form.Item name="password" label={t("auth.password")} rules={r.password}>
            <AuthPasswordInput autoComplete="current-password" placeholder={t("auth.password")} />
          </Form.Item>
          <FormSubmit error={error} loading={busy} large>
            {t("oauth.signInAndBind")}
          </FormSubmit>
        </Form>
      )}
    </AuthCard>
  );
}
