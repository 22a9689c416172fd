import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../../domain/html';
import { unsubscribeMessages as m } from '../../../domain/messages/digest';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { paragraph, sendPlainPage } from '../../plugins/plain-page';
import { readersSql } from '../auth';
import { limited, writeLimits } from '../rate-limits';
import { readerOfToken } from './digest-mail';

// The digest e-mail's unsubscribe link (decision 020). Outside /api on purpose: mail
// providers send the one-click POST (RFC 8058) with no Origin header, which the API's
// cross-site guard refuses; here the signed token is the only credential, and all it can do
// is turn one reader's digest e-mail off. GET never changes anything (link scanners and
// previews open links): it shows a page whose button POSTs.

const querySchema = z.object({ token: z.string().max(200).optional() });

// The reader's digest e-mail off (a reader gone since the mail changes nothing).
const turnOffStatement = preparedStatement<{ readerId: string }, { reader_id: string }>(
  'notifications_unsubscribe',
  (p) => sql`insert into notification_preferences (reader_id, weekly_digest_email)
   select ${p.readerId}::uuid, false where ${readersSql.exists(sql`${p.readerId}::uuid`)}
   on conflict (reader_id) do update set weekly_digest_email = false, updated_at = now()
   returning reader_id`,
);

const page = (reply: FastifyReply, status: number, body: string) =>
  sendPlainPage(reply, { status, title: m.title, body, link: { href: '/', text: m.back } });

export async function unsubscribeRoutes(
  app: FastifyInstance,
  { db, secret }: { db: Db; secret: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The one-click POST's body is 'List-Unsubscribe=One-Click' (a form); it says nothing else.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  const invalid = (reply: FastifyReply) => page(reply, 400, paragraph(m.invalid, 'alert'));

  r.get('/unsubscribe', { schema: { querystring: querySchema } }, async (request, reply) => {
    const token = request.query.token ?? '';
    if (!readerOfToken(secret, token)) return invalid(reply);
    return page(
      reply,
      200,
      `${paragraph(m.question)}
${paragraph(m.explanation)}
<form method="post" action="/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}">
<button type="submit">${escapeHtml(m.confirm)}</button></form>`,
    );
  });

  r.post(
    '/unsubscribe',
    { config: limited('unsubscribe', writeLimits.visitor), schema: { querystring: querySchema } },
    async (request, reply) => {
      const readerId = readerOfToken(secret, request.query.token ?? '');
      if (!readerId) return invalid(reply);
      await turnOffStatement(db, { readerId });
      return page(reply, 200, `${paragraph(m.done, 'status')}\n${paragraph(m.doneHint)}`);
    },
  );
}
