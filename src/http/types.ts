/**
 * Kept for src/routes/trading/, which another piece of work is editing (issue #42): its files
 * still import `RouteModule` and `Services` from here. Everything else imports `App` from
 * app-type.ts and the other two from src/app/services.ts; this file goes when those routes move
 * (an entry of test/foundation/layers.test.ts EXCEPTIONS).
 */
export type { App } from './app-type.js';
export type { RouteModule, Services } from '../app/services.js';
