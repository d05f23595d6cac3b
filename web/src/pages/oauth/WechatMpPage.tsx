import { PagePlaceholder } from "../../components/PagePlaceholder.js";

export default function WechatMpPage() {
  return <PagePlaceholder title="page.wechatMp" />;
}
