import appContextModule, { type useAppProps } from "antd/lib/app/context";
import { useContext } from "react";
import { esDefault } from "../common/esDefault.js";

/** antd's App context, what `App.useApp()` reads. */
export const AppContext = esDefault(appContextModule);

/**
 * `App.useApp()` without importing antd's App component, which brings the whole feedback code
 * (Modal, notifications) into any page that imports it.
 */
export function useFeedback(): useAppProps {
  return useContext(AppContext);
}
