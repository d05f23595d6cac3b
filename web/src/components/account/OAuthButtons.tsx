import { LoginOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@connectrpc/connect-query";
import { OAuthAPI } from "@wenku/proto/api/v1/oauth_pb.js";
import { Avatar, Button, Divider, Space, Typography } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toApiError } from "../../api/errors.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { useFeedback } from "../feedback/appContext.js";
import { isWechatBrowser } from "../share/WechatShare.js";
import { beginLogin } from "./oauthFlow.js";

/** Provider 8, the WeChat official account, and its scan-to-login page. */
const OFFICIAL_ACCOUNT = 8;
const SCAN_PAGE = "/oauth/wechatmp";

/**
 * The enabled third-party login providers (GetOAuthConfigs) as buttons: each starts a login at the
 * provider (state bound to this browser, PKCE) and leaves for its authorize page (the official
 * account: its scan page, or inside WeChat's browser, where a QR code cannot be scanned, its web
 * authorisation). `bind` starts one
 * that binds to the signed-in account (the profile page); `except` hides providers already bound.
 */
export function OAuthButtons({
  redirect = "",
  bind = false,
  except = [],
  divider = true,
}: {
  redirect?: string;
  bind?: boolean;
  except?: readonly number[];
  divider?: boolean;
}) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const configs = useQuery(OAuthAPI.method.getOAuthConfigs, {});
  const start = useMutation(OAuthAPI.method.startOAuthLogin);
  const [leaving, setLeaving] = useState(0);
  const navigate = useNavigate();
  const providers = (configs.data?.oauths ?? []).filter((p) => p.enable && !except.includes(p.type));
  if (!providers.length) return null;

  const go = async (type: number) => {
    // the official account signs in by scanning a QR code on its own page, not by a redirect (inside
    // WeChat: by WeChat's web authorisation, a redirect like the others)
    if (type === OFFICIAL_ACCOUNT && !isWechatBrowser()) {
      const query = bind ? "?bind=1" : redirect ? `?${new URLSearchParams({ redirect })}` : "";
      return void navigate(`${SCAN_PAGE}${query}`);
    }
    setLeaving(type);
    try {
      const pending = beginLogin(type, redirect, bind);
      // bind mode: the server's state names the signed-in account, and only it may finish the bind
      const reply = await start.mutateAsync({ oauthType: type, browserKey: pending.browserKey, isBind: bind });
      window.location.assign(reply.authorizeUrl);
    } catch (cause) {
      setLeaving(0);
      void message.error(toApiError(cause, t("oauth.startFailed")).message);
    }
  };

  return (
    <div data-testid="oauth-buttons">
      {divider && (
        <Divider plain style={{ margin: "20px 0 12px" }}>
          <Typography.Text type="secondary">{bind ? t("oauth.bindMore") : t("oauth.otherWays")}</Typography.Text>
        </Divider>
      )}
      <Space wrap style={{ width: "100%", justifyContent: "center" }}>
        {providers.map((p) => (
          <Button
            key={p.type}
            loading={leaving === p.type}
            disabled={leaving !== 0 && leaving !== p.type}
            onClick={() => void go(p.type)}
            icon={p.icon ? <Avatar size={18} src={p.icon} /> : <LoginOutlined />}
            aria-label={t(bind ? "oauth.bindWith" : "oauth.loginWith", { name: p.name })}
          >
            {p.name}
          </Button>
        ))}
      </Space>
    </div>
  );
}
