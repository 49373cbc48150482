/** `POST /admin/profiles` — create or replace a wallet's public profile (shown on its comments). */
import type { RouteModule } from '../../app/services.js';
import { Profile, ProfileInput } from '../../operator/schemas.js';

export const operatorProfiles: RouteModule = (app, { operator }) => {
  app.post('/profiles', {
    schema: { tags: ['operator'], security: [{ operator: [] }], summary: 'Create or replace a profile', body: ProfileInput, response: { 200: Profile } },
    config: { family: 'admin' },
  }, async (req) => operator.createProfile(req.body));
};
