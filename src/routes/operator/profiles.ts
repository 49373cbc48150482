/** `POST /admin/profiles` — create or replace a wallet's public profile (shown on its comments). */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const fields = {
  name: Text(200), pseudonym: Text(200), bio: Text(5000), profileImage: Text(2000), baseAddress: Text(42),
  displayUsernamePublic: Type.Optional(Type.Boolean()), isMod: Type.Optional(Type.Boolean()), isCreator: Type.Optional(Type.Boolean()),
};
const Body = Type.Object({ address: Type.String(), ...fields }, { additionalProperties: false });
const Profile = Type.Object({
  address: Type.String(), name: Type.String(), pseudonym: Type.String(), bio: Type.String(), profileImage: Type.String(), baseAddress: Type.String(),
  displayUsernamePublic: Type.Boolean(), isMod: Type.Boolean(), isCreator: Type.Boolean(),
});

export const operatorProfiles: RouteModule = (app, { operator }) => {
  app.post('/profiles', {
    schema: { tags: ['operator'], security: [{ operator: [] }], summary: 'Create or replace a profile', body: Body, response: { 200: Profile } },
    config: { family: 'admin' },
  }, async (req) => operator.createProfile(req.body));
};
