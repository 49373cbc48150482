/** `POST /admin/comments` — add a comment (or a reply) to an event, series or market; answers it in the catalog shape. */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { FlatComment } from '../catalog/schemas.js';

const Body = Type.Object({
  body: Type.String({ minLength: 1, maxLength: 10_000 }),
  parentEntityType: Type.Union([Type.Literal('Event'), Type.Literal('Series'), Type.Literal('market')]),
  parentEntityID: Type.Integer({ minimum: 1 }),
  parentCommentID: Type.Optional(Type.Union([Type.String({ pattern: '^\\d+$' }), Type.Integer({ minimum: 1 }), Type.Null()])),
  userAddress: Type.String(), replyAddress: Type.Optional(Type.String()),
  createdAt: Type.Optional(Type.String({ format: 'date-time' })),
  reactions: Type.Optional(Type.Array(Type.Object({
    reactionType: Type.String({ minLength: 1, maxLength: 50 }), icon: Type.Optional(Type.String({ maxLength: 50 })), userAddress: Type.String(),
  }, { additionalProperties: false }), { maxItems: 1000 })),
}, { additionalProperties: false });

export const operatorComments: RouteModule = (app, { operator }) => {
  app.post('/comments', {
    schema: { tags: ['operator'], security: [{ operator: [] }], summary: 'Add a comment', body: Body, response: { 200: FlatComment } },
    config: { family: 'admin' },
  }, async (req) => operator.createComment(req.body));
};
