import { NotFoundResult } from "../components/NotFoundResult.js";

/** The /404 route and every unknown path. */
export default function NotFoundPage() {
  return <NotFoundResult />;
}
