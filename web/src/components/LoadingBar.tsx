import { theme } from "antd";
import { useSyncExternalStore } from "react";
import type { LoadingBar as LoadingBarModel } from "./loadingBar.js";

/** The thin progress line at the top of the window (see loadingBar.ts for the timing rules). */
export function LoadingBar({ bar }: { bar: LoadingBarModel }) {
  const { token } = theme.useToken();
  const state = useSyncExternalStore(bar.subscribe, bar.getState, bar.getState);
  return (
    <div
      role="progressbar"
      aria-hidden={!state.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.percent)}
      data-testid="loading-bar"
      data-failed={state.failed || undefined}
      style={{
        position: "fixed",
        top: 0,
        left: 0,
        height: 3,
        width: `${state.percent}%`,
        zIndex: 2000,
        pointerEvents: "none",
        background: state.failed ? token.colorError : token.colorPrimary,
        opacity: state.visible ? 1 : 0,
        transition: "width 0.1s linear, opacity 0.4s",
      }}
    />
  );
}
