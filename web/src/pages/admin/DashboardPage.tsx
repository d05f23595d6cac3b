import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function DashboardPage() {
  return <PagePlaceholder title="admin.dashboard" />;
}
