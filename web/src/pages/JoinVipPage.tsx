import { PagePlaceholder } from "../components/PagePlaceholder.js";

export default function JoinVipPage() {
  return <PagePlaceholder title="page.joinVip" />;
}
