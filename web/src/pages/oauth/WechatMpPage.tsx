import { create } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Code } from "@connectrpc/connect";
import { skipToken } from "@connectrpc/connect-query";
import { OAuthAPI, type UserOAuth } from "@wenku/proto/api/v1/oauth_pb.js";
import { LoginReplySchema } from "@wenku/proto/api/v1/user_pb.js";
import { Alert, App, Button, Flex, QRCode, Typography } from "antd";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toApiError } from "../../api/errors.js";
import { useApiQuery } from "../../api/useApiQuery.js";
import { AuthCard } from "../../components/account/AuthCard.js";
import { safeRedirect } from "../../components/account/formRules.js";
import { OAuthUnbound, type SignedIn } from "../../components/account/OAuthUnbound.js";
import { useAccount } from "../../hooks/useAccount.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useSession } from "../../store/SessionProvider.js";

/** How often the page asks whether the code was scanned (TanStack pauses it in a hidden tab). */
const POLL_MS = 2_000;
const QR_SIZE = 200;

/** Seconds left until `at` (0 when past), ticking every second. */
function useSecondsLeft(at: Date | undefined): number {
  const left = () => (at ? Math.max(0, Math.ceil((at.getTime() - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `at`, the only input
  useEffect(() => {
    setSeconds(left());
    if (!at) return;
    const timer = setInterval(() => setSeconds(left()), 1_000);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}

/**
 * /oauth/wechatmp: scan-to-login with the site's WeChat official account (公众号) and/or mini program
 * (小程序). The page shows the official account's temporary QR code (drawn here from what it encodes:
 * no image from another site) and/or the mini program's code (an image the server fetched, sent as a
 * data: URL), whichever the site has switched on, and asks every 2 s
 * whether it was scanned; once WeChat told the site, the poll answers the login and the session starts,
 * then the visitor goes to ?redirect= or where the session store says (default /me). A WeChat account
 * bound to no user may create an account or sign in with a password and bind it (as on /oauth/{type}).
 * `?bind=1` (signed in): the scan binds it to the caller.
 */
export default function WechatMpPage() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const account = useAccount();
  const session = useSession();
  const [params] = useSearchParams();
  const isBind = params.get("bind") === "1" && !!session.user;
  const code = useApiQuery(OAuthAPI.method.getWechatMPScanCode, { isBind }, t("wx.loadFailed"), {
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const scene = code.loading ? "" : (code.data?.scene ?? "");
  const expiresAt = code.data?.expiresAt ? timestampDate(code.data.expiresAt) : undefined;
  const secondsLeft = useSecondsLeft(code.loading ? undefined : expiresAt);
  const [finished, setFinished] = useState<"" | "unbound" | "done">("");
  // kept: once finished the poll stops and its reply goes with it
  const [unbound, setUnbound] = useState<UserOAuth | null>(null);
  const live = !!scene && secondsLeft > 0 && !finished;
  const status = useApiQuery(
    OAuthAPI.method.getWechatMPScanLoginStatus,
    live ? { scene } : skipToken,
    t("wx.statusFailed"),
    { refetchInterval: POLL_MS, retry: false, gcTime: 0 },
  );
  const reply = status.data;
  const expired = !!scene && (secondsLeft === 0 || status.error?.code === Code.FailedPrecondition);

  useEffect(() => {
    if (!reply || finished) return;
    if (reply.token && reply.user) {
      setFinished("done");
      account
        .start(create(LoginReplySchema, { token: reply.token, user: reply.user }))
        .then(({ permissionsError }) => {
          if (permissionsError) void message.error(toApiError(permissionsError, t("error.permissionFailed")).message);
          void message.success(t("auth.loginSuccess"));
          navigate(safeRedirect(params.get("redirect"), session.oauthRedirect), { replace: true });
        })
        .catch((cause: unknown) => void message.error(toApiError(cause, t("error.loginFailed")).message));
    } else if (reply.success) {
      setFinished("done");
      void message.success(t("wx.bound"));
      navigate("/me/profile", { replace: true });
    } else if (reply.oauth?.openid) {
      setUnbound(reply.oauth);
      setFinished("unbound");
    }
  }, [reply, finished, account, message, navigate, session.oauthRedirect, params, t]);

  const refresh = () => {
    setFinished("");
    setUnbound(null);
    code.reload();
  };

  if (finished === "unbound" && unbound) {
    const signIn = (r: SignedIn) => account.start(create(LoginReplySchema, { token: r.token, user: r.user }));
    const leave = async () => {
      void message.success(t("auth.loginSuccess"));
      await navigate(safeRedirect(params.get("redirect"), session.oauthRedirect), { replace: true });
    };
    return (
      <OAuthUnbound
        oauth={unbound}
        signIn={signIn}
        onSignedIn={async (r) => {
          await signIn(r);
          await leave();
        }}
        done={leave}
      />
    );
  }

  const both = !!code.data?.url && !!code.data?.code;
  const qrStatus = code.loading ? "loading" : expired ? "expired" : reply?.scanned ? "scanned" : "active";
  return (
    <AuthCard title={t(isBind ? "wx.bindTitle" : "wx.scanTitle")} subtitle={t(isBind ? "wx.bindHint" : "wx.scanHint")}>
      <Flex vertical align="center" gap={16} data-testid="wechat-scan">
        {code.error ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ width: "100%" }}
            title={t("wx.loadFailed")}
            description={code.error.message}
            action={
              <Button size="small" onClick={refresh}>
                {t("wx.refresh")}
              </Button>
            }
          />
        ) : (
          <Flex wrap justify="center" gap={16}>
            {(code.loading || code.data?.url) && (
              <Flex vertical align="center" gap={4}>
                <QRCode
                  value={code.data?.url || "-"}
                  size={QR_SIZE}
                  status={qrStatus}
                  onRefresh={refresh}
                  bordered
                  data-testid="wechat-qrcode"
                />
                {both && <Typography.Text type="secondary">{t("wx.officialCaption")}</Typography.Text>}
              </Flex>
            )}
            {!code.loading && code.data?.code && (
              <Flex vertical align="center" gap={4}>
                <img
                  src={code.data.code}
                  alt={t("wx.miniAlt")}
                  width={QR_SIZE}
                  height={QR_SIZE}
                  style={{ borderRadius: "50%", opacity: expired || reply?.scanned ? 0.3 : 1 }}
                  data-testid="wechat-minicode"
                />
                <Typography.Text type="secondary">{t("wx.miniCaption")}</Typography.Text>
              </Flex>
            )}
          </Flex>
        )}
        <Typography.Text type="secondary" data-testid="wechat-scan-state" aria-live="polite">
          {expired
            ? t("wx.expired")
            : reply?.scanned
              ? t("wx.scanned")
              : scene
                ? t("wx.expiresIn", { seconds: secondsLeft })
                : t("common.loading")}
        </Typography.Text>
        {status.error && !expired && <Typography.Text type="danger">{status.error.message}</Typography.Text>}
        {expired && (
          <Button type="primary" onClick={refresh} data-testid="wechat-refresh">
            {t("wx.refresh")}
          </Button>
        )}
        <Link to={isBind ? "/me/profile" : "/login"}>{t(isBind ? "wx.toProfile" : "wx.otherWays")}</Link>
      </Flex>
    </AuthCard>
  );
}
