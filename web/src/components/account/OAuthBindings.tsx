import { DisconnectOutlined, UserOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { OAuthAPI } from "@wenku/proto/api/v1/oauth_pb.js";
import { Avatar, Button, Card, Empty, List, Popconfirm, Typography } from "antd";
import { toApiError } from "../../api/errors.js";
import { invalidateMethod } from "../../api/invalidate.js";
import { useI18n } from "../../i18n/I18nProvider.js";
import { ApiErrorAlert } from "../common/ApiErrorAlert.js";
import { useFeedback } from "../feedback/appContext.js";
import { OAuthButtons } from "./OAuthButtons.js";

/**
 * The caller's bound third-party accounts (ListUserOAuth) with remove (DeleteUserOAuth: the server
 * refuses the last way to sign in and says so), and buttons binding the providers not bound yet.
 */
export function OAuthBindings() {
  const { t } = useI18n();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const list = useQuery(OAuthAPI.method.listUserOAuth, {});
  const configs = useQuery(OAuthAPI.method.getOAuthConfigs, {});
  const remove = useMutation(OAuthAPI.method.deleteUserOAuth, {
    onSuccess: () => invalidateMethod(queryClient, OAuthAPI.method.listUserOAuth),
  });
  const names = new Map((configs.data?.oauths ?? []).map((c) => [c.type, c.name]));
  const bindings = list.data?.oauth ?? [];

  const unbind = async (id: bigint) => {
    try {
      await remove.mutateAsync({ id });
      void message.success(t("oauth.unbound"));
    } catch (cause) {
      void message.error(toApiError(cause, t("oauth.unbindFailed")).message);
    }
  };

  return (
    <Card title={t("oauth.bindingsTitle")} size="small" style={{ marginTop: 24 }} data-testid="oauth-bindings">
      {list.error ? (
        <ApiErrorAlert error={toApiError(list.error, t("oauth.failed"))} />
      ) : (
        <List
          loading={list.isPending}
          dataSource={bindings}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("oauth.noBindings")} /> }}
          renderItem={(b) => (
            <List.Item
              data-testid="oauth-binding"
              actions={[
                <Popconfirm
                  key="unbind"
                  title={t("oauth.unbindConfirm")}
                  onConfirm={() => unbind(b.id)}
                  okText={t("oauth.unbind")}
                  cancelText={t("oauth.cancel")}
                >
                  <Button size="small" danger icon={<DisconnectOutlined />}>
                    {t("oauth.unbind")}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                avatar={<Avatar src={b.avatar || undefined} icon={<UserOutlined />} />}
                title={names.get(b.oauthType) ?? t("oauth.provider", { type: String(b.oauthType) })}
                description={
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: "100%" }}>
                    {b.nickname || b.username || b.openid}
                    {b.email ? ` · ${b.email}` : ""}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
      <OAuthButtons bind except={bindings.map((b) => b.oauthType)} />
    </Card>
  );
}
