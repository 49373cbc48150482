/** `GET /comments/user_address/{user_address}` — a wallet's comments (user or proxy wallet, any case). */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { CATALOG_ERRORS, FlatComment, page } from './schemas.js';

export const userCommentsRoute: RouteModule = (app, { catalog }) => {
  app.get('/comments/user_address/:user_address', {
    schema: {
      tags: ['catalog'], summary: "A wallet's comments",
      params: Type.Object({ user_address: Type.String() }), querystring: Type.Object({ ...page }),
      response: { 200: Type.Array(FlatComment), ...CATALOG_ERRORS },
    },
    config: { family: 'catalog' },
  }, async (req) => catalog.userComments(req.params.user_address, { limit: req.query.limit ?? 20, offset: req.query.offset ?? 0 }));
};
