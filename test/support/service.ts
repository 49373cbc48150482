/**
 * Starts the real service in-process for a test (fastify `inject`, no port) on a fresh database
 * of the given backend. `env` overrides configuration variables (docs/venue.md §14 names).
 */
import { createService, type Service, type ServiceOptions } from '../../src/server.js';
import type { Backend } from './backends.js';

export interface TestService extends Service {
  dispose(): Promise<void>;
}

export async function startTestService(backend: Backend, env: Record<string, string> = {}, opts: ServiceOptions = {}): Promise<TestService> {
  const { config, dispose } = await backend.fresh(env);
  const service = await createService(config, { logger: false, ...opts });
  return {
    ...service,
    dispose: async () => {
      await service.close();
      await dispose();
    },
  };
}
