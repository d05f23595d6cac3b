import { create } from "@bufbuild/protobuf";
import { useMutation } from "@connectrpc/connect-query";
import { OAuthAPI, type UserOAuth } from "@wenku/proto/api/v1/oauth_pb.js";
import { LoginReplySchema } from "@wenku/proto/api/v1/user_pb.js";
import { Button, Result, Spin, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { toApiError } from "../../api/errors.js";
import { AuthCard } from "../../components/account/AuthCard.js";
import { safeRedirect } from "../../components/account/formRules.js";
import { OAuthUnbound, type SignedIn } from "../../components/account/OAuthUnbound.js";
import { endLogin, OAUTH_PATHS, type PendingLogin, pendingLogin } from "../../components/account/oauthFlow.js";
import { useFeedback } from "../../components/feedback/appContext.js";
import { useAccount } from "../../hooks/useAccount.js";
import { useI18n } from "../../i18n/I18nProvider.js";

type Outcome =
  | { kind: "working" }
  | { kind: "failed"; message: string; bind: boolean }
  | { kind: "unbound"; oauth: UserOAuth; started: PendingLogin };

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
  const { message } = useFeedback();
  const loginOAuth = useMutation(OAuthAPI.method.loginOAuth);
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
      setOutcome({ kind: "failed", message: t("oauth.denied"), bind: !!started?.bind });
      return;
    }
    if (!oauthType || !code || !started || started.type !== oauthType) {
      setOutcome({ kind: "failed", message: t("oauth.expired"), bind: !!started?.bind });
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
        // started from the profile: the server bound it to the signed-in account (or said why not)
        if (started.bind) {
          endLogin();
          if (!reply.bound) throw new Error(t("oauth.failed"));
          void message.success(t("oauth.bound"));
          await navigate("/me/profile", { replace: true });
          return;
        }
        if (reply.token) return await finish(reply, started);
        if (reply.oauth) setOutcome({ kind: "unbound", oauth: reply.oauth, started });
      } catch (cause) {
        endLogin();
        setOutcome({ kind: "failed", message: toApiError(cause, t("oauth.failed")).message, bind: started.bind });
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
            <Link to={outcome.bind ? "/me/profile" : "/login"}>
              <Button type="primary">{t(outcome.bind ? "oauth.backToProfile" : "oauth.backToLogin")}</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  return (
    <OAuthUnbound
      oauth={outcome.oauth}
      signIn={signIn}
      onSignedIn={(reply) => finish(reply, outcome.started)}
      done={() => leave(outcome.started)}
    />
  );
}
