/** The dead-man's switch (heartbeats): the public surface. */
export { HeartbeatService, type HeartbeatOptions, type HeartbeatLog } from './service.js';
