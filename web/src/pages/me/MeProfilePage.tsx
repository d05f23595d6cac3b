import { MeFrame } from "../../components/account/MeFrame.js";
import { OAuthBindings } from "../../components/account/OAuthBindings.js";
import { ProfileForm } from "../../components/account/ProfileForm.js";

/** /me/profile: the proto UpdateUserProfile fields; e-mail and mobile locked once set. */
export default function MeProfilePage() {
  return (
    <MeFrame title="page.me.profile">
      <ProfileForm />
      <OAuthBindings />
    </MeFrame>
  );
}
