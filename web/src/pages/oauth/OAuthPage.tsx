import { UserOutlined } from "@ant-design/icons";
import { create } from "@bufbuild/protobuf";
import { useMutation } from "@connectrpc/connect-query";
import { OAuthAPI, type OAuthLoginReply, type UserOAuth } from "@wenku/proto/api/v1/oauth_pb.js";
import { LoginReplySchema, UserAPI } from "@wenku/proto/api/v1/user_pb.js";
import { Avatar, Button, Form, Input, Result, Segmented, Space, Spin, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { toApiError } from "../../api/errors.js";
import { AuthCard } from "../../components/account/AuthCard.js";
import { AuthPasswordInput } from "../../components/account/AuthPasswordInput.js";
import { FormSubmit } from "../../components/account/FormSubmit.js";
import { rules, safeRedirect } from "../../components/account/formRules.js";
import { endLogin, OAUTH_PATHS, type PendingLogin, pendingLogin } from "../../components/account/oauthFlow.js";
import { useFeedback } from "../../components/feedback/appContext.js";
import { useAccount } from "../../hooks/useAccount.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSession } from "../../store/SessionProvider.js";

type SignedIn = { token: string; user?: OAuthLoginReply["user"] };

type Outcome =
  | { kind: "working" }
  | { kind: "failed"; message: string }
  | { kind: "unbound"; oauth: UserOAuth; started: PendingLogin };

/** A name the server takes (2-32 letters, digits, _ or -) from what the provider calls the account. */
const suggestName = (o: UserOAuth) => (o.username || o.nickname || "").replace(/[^\w-]/g, "").slice(0, 32);

/**
 * /oauth/{type}: the provider sent the visitor back with a code. The login this tab started (its
 * browser key, kept in sessionStorage) finishes it: a bound account signs in and goes where it was
 * headed (default /me); an unbound one may sign in with a password and bind, or create an account.
 * Started from the profile page, it binds to the signed-in account.
 */
export default function OAuthPage() {
  const { t } = useI18n();
  const { type = "" } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const account = useAccount();
  const session = useSession();
  const { message } = useFeedback();
  const loginOAuth = useMutation(OAuthAPI.method.loginOAuth);
  const bindOAuth = useMutation(OAuthAPI.method.bindOAuth);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "working" });
  const ran = useRef(false);

  const signIn = (reply: SignedIn) => account.start(create(LoginReplySchema, { token: reply.token, user: reply.user }));
  const leave = async (started: PendingLogin | null) => {
    endLogin();
    void message.success(t("auth.loginSuccess"));
    await navigate(safeRedirect(started?.redirect ?? null, "/me"), { replace: true });
  };
  const finish = async (reply: SignedIn, started: PendingLogin | null) => {
    await signIn(reply);
    await leave(started);
  };

  useEffect(() => {
    // the code is single use: one exchange per page, whatever React re-runs
    if (ran.current) return;
    ran.current = true;
    const started = pendingLogin();
    const code = params.get("code") ?? "";
    const oauthType = OAUTH_PATHS[type];
    if (params.get("error")) {
      endLogin();
      setOutcome({ kind: "failed", message: t("oauth.denied") });
      return;
    }
    if (!oauthType || !code || !started || started.type !== oauthType) {
      setOutcome({ kind: "failed", message: t("oauth.expired") });
      return;
    }
    void (async () => {
      try {
        const reply = await loginOAuth.mutateAsync({
          oauthType,
          code,
          state: params.get("state") ?? "",
          browserKey: started.browserKey,
        });
        if (started.bind && session.token) {
          endLogin();
          if (reply.token) throw new Error(t("oauth.alreadyBound"));
          const o = reply.oauth;
          await bindOAuth.mutateAsync({ oauthType, openid: o?.openid ?? "", session: o?.session ?? "" });
          void message.success(t("oauth.bound"));
          await navigate("/me/profile", { replace: true });
          return;
        }
        if (reply.token) return await finish(reply, started);
        if (reply.oauth) setOutcome({ kind: "unbound", oauth: reply.oauth, started });
      } catch (cause) {
        endLogin();
        setOutcome({ kind: "failed", message: toApiError(cause, t("oauth.failed")).message });
      }
    })();
  });

  if (outcome.kind === "working")
    return (
      <AuthCard title={t("oauth.title")}>
        <div style={{ textAlign: "center", padding: 32 }} data-testid="oauth-working">
          <Spin />
          <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
            {t("oauth.working")}
          </Typography.Paragraph>
        </div>
      </AuthCard>
    );
  if (outcome.kind === "failed")
    return (
      <AuthCard title={t("oauth.title")}>
        <Result
          status="warning"
          title={outcome.message}
          data-testid="oauth-failed"
          extra={
            <Link to="/login">
              <Button type="primary">{t("oauth.backToLogin")}</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  return (
    <Unbound
      oauth={outcome.oauth}
      signIn={signIn}
      onSignedIn={(reply) => finish(reply, outcome.started)}
      done={() => leave(outcome.started)}
    />
  );
}

/** An external account bound to nobody: sign in with a password and bind it, or create an account. */
function Unbound({
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
