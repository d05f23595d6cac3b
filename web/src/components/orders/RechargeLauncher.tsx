import { Suspense } from "react";
import { lazyComponent } from "../../router/lazyPage.js";

/** The dialog and its rules load on the first open: no page's first load carries them. */
const RechargeDialog = lazyComponent(() => import("./RechargeDialog.js"));

/** Mounts the recharge dialog while `open` (every entry point: header menu, phone menu, /me). */
export function RechargeLauncher({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <RechargeDialog onClose={onClose} />
    </Suspense>
  );
}
