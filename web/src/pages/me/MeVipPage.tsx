import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function MeVipPage() {
  return <PagePlaceholder title="page.me.vip" />;
}
