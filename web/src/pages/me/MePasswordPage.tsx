import { MeFrame } from "../../components/account/MeFrame.js";
import { PasswordForm } from "../../components/account/PasswordForm.js";

/** /me/password: username (read-only), old password, new password, repeat. */
export default function MePasswordPage() {
  return (
    <MeFrame title="page.me.password">
      <PasswordForm />
    </MeFrame>
  );
}
