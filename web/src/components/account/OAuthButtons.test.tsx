import type { ConnectRouter } from "@connectrpc/connect";
import { describe, expect, it, jest } from "@jest/globals";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { OAuthAPI, type StartOAuthLoginRequest } from "@wenku/proto/api/v1/oauth_pb.js";
import { useLocation } from "react-router";
import { emptyServices, renderRoutes, testDeps } from "../../../test/render.js";
import { OAuthButtons } from "./OAuthButtons.js";
import { pendingLogin } from "./oauthFlow.js";

jest.setTimeout(30_000);

/** GetOAuthConfigs with GitHub on, Google off and the official account's scan page; StartOAuthLogin recorded. */
function services(seen: StartOAuthLoginRequest[]) {
  return (router: ConnectRouter) => {
    emptyServices(router);
    router.service(OAuthAPI, {
      getOAuthConfigs: () => ({
        oauths: [
          { type: 4, name: "GitHub", enable: true, clientId: "c", redirectUrl: "https://site/oauth/github" },
          { type: 7, name: "Google", enable: false, clientId: "g" },
          { type: 8, name: "微信公众号", enable: true, clientId: "wx", authorizeUrl: "https://site/oauth/wechatmp" },
        ],
      }),
      startOAuthLogin: (req) => {
        seen.push(req);
        throw new Error("stop here: the test does not leave the page");
      },
    });
  };
}

describe("OAuthButtons", () => {
  it("offers the enabled providers; a click starts a login bound to a key this tab keeps", async () => {
    const seen: StartOAuthLoginRequest[] = [];
    renderRoutes([{ path: "*", element: <OAuthButtons redirect="/me/profile" /> }], {
      deps: testDeps({ services: services(seen) }),
    });
    const github = await screen.findByRole("button", { name: "使用GitHub登录" }, { timeout: 8000 });
    expect(screen.queryByRole("button", { name: "使用Google登录" })).toBeNull();
    fireEvent.click(github);
    await waitFor(() => expect(seen).toHaveLength(1));
    const kept = pendingLogin();
    expect(kept).toMatchObject({ type: 4, redirect: "/me/profile", bind: false });
    expect(seen[0]).toMatchObject({ oauthType: 4, browserKey: kept?.browserKey, isBind: false });
    expect(kept?.browserKey).toMatch(/^[\w-]{43}$/);
  });

  it("on the profile, binds: the buttons say so and the server is asked for a bind of the signed-in account", async () => {
    const seen: StartOAuthLoginRequest[] = [];
    renderRoutes([{ path: "*", element: <OAuthButtons bind /> }], { deps: testDeps({ services: services(seen) }) });
    fireEvent.click(await screen.findByRole("button", { name: "绑定GitHub" }, { timeout: 8000 }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(pendingLogin()).toMatchObject({ type: 4, bind: true });
    expect(seen[0]).toMatchObject({ oauthType: 4, isBind: true });
  });

  it("sends the official account to its scan page instead of starting a redirect", async () => {
    const seen: StartOAuthLoginRequest[] = [];
    renderRoutes(
      [
        { path: "/login", element: <OAuthButtons /> },
        { path: "/oauth/wechatmp", element: <p>scan page</p> },
      ],
      { path: "/login", deps: testDeps({ services: services(seen) }) },
    );
    fireEvent.click(await screen.findByRole("button", { name: "使用微信公众号登录" }, { timeout: 8000 }));
    expect(await screen.findByText("scan page")).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it("inside WeChat's browser starts the official account's web authorisation instead", async () => {
    const seen: StartOAuthLoginRequest[] = [];
    const ua = jest.spyOn(window.navigator, "userAgent", "get");
    ua.mockReturnValue("Mozilla/5.0 (iPhone) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI");
    try {
      renderRoutes(
        [
          { path: "/login", element: <OAuthButtons redirect="/document/3" /> },
          { path: "/oauth/wechatmp", element: <p>scan page</p> },
        ],
        { path: "/login", deps: testDeps({ services: services(seen) }) },
      );
      fireEvent.click(await screen.findByRole("button", { name: "使用微信公众号登录" }, { timeout: 8000 }));
      await waitFor(() => expect(seen).toHaveLength(1));
      expect(seen[0]).toMatchObject({ oauthType: 8 });
      expect(pendingLogin()).toMatchObject({ type: 8, redirect: "/document/3" });
      expect(screen.queryByText("scan page")).toBeNull();
    } finally {
      ua.mockRestore();
    }
  });

  it("takes where to go back to along to the scan page", async () => {
    const seen: StartOAuthLoginRequest[] = [];
    function Where() {
      const { search } = useLocation();
      return <p>scan page {search}</p>;
    }
    renderRoutes(
      [
        { path: "/login", element: <OAuthButtons redirect="/document/3" /> },
        { path: "/oauth/wechatmp", element: <Where /> },
      ],
      { path: "/login", deps: testDeps({ services: services(seen) }) },
    );
    fireEvent.click(await screen.findByRole("button", { name: "使用微信公众号登录" }, { timeout: 8000 }));
    expect(await screen.findByText("scan page ?redirect=%2Fdocument%2F3")).toBeTruthy();
  });
});
