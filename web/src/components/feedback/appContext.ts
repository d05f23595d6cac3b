import appContextModule, { type useAppProps } from "antd/lib/app/context";
import { useContext } from "react";

/**
 * antd's App context, what `App.useApp()` reads. The bundle imports antd's ES modules (a Vite alias
 * of antd/lib); the unit tests get the CommonJS build, where it sits one `default` deeper.
 */
export const AppContext: typeof appContextModule =
  "Provider" in appContextModule
    ? appContextModule
    : (appContextModule as unknown as { default: typeof appContextModule }).default;

/**
 * `App.useApp()` without importing antd's App component, which brings the whole feedback code
 * (Modal, notifications) into any page that imports it.
 */
export function useFeedback(): useAppProps {
  return useContext(AppContext);
}
