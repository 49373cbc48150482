/** The venue's relayer host, served under the `/relayer` mount only (src/routes/index.ts MOUNTS). */
import type { RouteModule } from '../../app/services.js';
import { deployed } from './deployed.js';

export const relayerRoutes: RouteModule = (app, services) => {
  deployed(app, services);
};
