import { Suspense } from "react";
import { withTexts } from "../../i18n/language.js";
import { lazyComponent } from "../../router/lazyPage.js";

/** The dialog and its rules load on the first open: no page's first load carries them. */
const RechargeDialog = lazyComponent(() => withTexts(import("./RechargeDialog.js"), ["orders"]));

/** Mounts the recharge dialog while `open` (every entry point: header menu, phone menu, /me). */
export function RechargeLauncher({
  open,
  onClose,
  onOrdered,
}: {
  open: boolean;
  onClose: () => void;
  /** After the order was created and its page opened (the phone menu closes then). */
  onOrdered?: () => void;
}) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <RechargeDialog onClose={onClose} onOrdered={onOrdered} />
    </Suspense>
  );
}
