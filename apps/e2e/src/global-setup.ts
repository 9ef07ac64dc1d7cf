import { ensureWebBuild } from '../../../scripts/lib/web-build';

/** The journeys run against the production build the server serves. */
export default function setup() {
  ensureWebBuild();
}
