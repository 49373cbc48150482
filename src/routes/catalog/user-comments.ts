/** `GET /comments/user_address/{user_address}` — a wallet's comments (user or proxy wallet, any case). */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { dialectOf } from '../../http/mounts.js';
import { sendJsonText } from '../../http/json-text.js';
import { gammaComment } from '../../catalog/gamma/comments.js';
import { CATALOG_ERRORS, FlatComment, page } from './schemas.js';
import { GammaComment } from './gamma-schemas.js';

export const userCommentsRoute: RouteModule = (app, { catalog }) => {
  const gamma = dialectOf(app) === 'gamma'; // /gamma: the venue's comment values (catalog/gamma/comments.ts)
  app.get('/comments/user_address/:user_address', {
    schema: {
      tags: ['catalog'], summary: "A wallet's comments",
      params: Type.Object({ user_address: Type.String() }), querystring: Type.Object({ ...page }),
      response: { 200: Type.Array(gamma ? GammaComment : FlatComment), ...CATALOG_ERRORS },
    },
    config: { family: 'catalog' },
  }, async (req, reply) => {
    const comments = await catalog.userComments(req.params.user_address, { limit: req.query.limit ?? 20, offset: req.query.offset ?? 0 });
    return gamma ? sendJsonText(reply, JSON.stringify(comments.map((c) => gammaComment(c)))) : comments;
  });
};
