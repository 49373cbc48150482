/** `POST /admin/comments` — add a comment (or a reply) to an event, series or market; answers it in the catalog shape. */
import type { RouteModule } from '../../app/services.js';
import { CommentInput, FlatComment } from '../../operator/schemas.js';

export const operatorComments: RouteModule = (app, { operator }) => {
  app.post('/comments', {
    schema: { tags: ['operator'], security: [{ operator: [] }], summary: 'Add a comment', body: CommentInput, response: { 200: FlatComment } },
    config: { family: 'admin' },
  }, async (req) => operator.createComment(req.body));
};
