import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { escapeHtml } from '../../../domain/html';
import {
  digestFigures,
  digestMail,
  digestNotificationMessage,
} from '../../../domain/messages/digest';
import { fill, fillPlural } from '../../../domain/messages/fill';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import type { Mail, Mailer } from '../../mail/mailer';
import type { Auth } from '../auth';
import { readersSql } from '../auth';
import type { JobHandler } from '../jobs';

// The weekly digest by e-mail (beyond the spec; decision 020): only to readers who turned it
// on, one job per reader queued by the Monday digest, sent with a one-click unsubscribe link
// (RFC 8058) carrying a token signed with the app's secret.

/** The job that mails one reader their digest: payload { readerId, week }. */
export const WEEKLY_DIGEST_MAIL = 'weekly-digest-mail';

/** Last week's figures, as the digest notification's meta carries them. */
export type DigestFigures = {
  /** ISO week, '2026-W47'. */
  week: string;
  /** Its Monday and Sunday, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  segments: number;
  pages: number;
  /** The reader's streak at the end of that Sunday. */
  streak: number;
};

const figures = (f: Pick<DigestFigures, 'segments' | 'pages' | 'streak'>) => ({
  segments: fillPlural(f.segments, digestFigures.segments),
  pages: fillPlural(f.pages, digestFigures.pages),
  streak: f.streak > 0 ? fillPlural(f.streak, digestFigures.streak) : digestFigures.noStreak,
});

/** The notification's message: 'La semaine dernière : 4 segments validés, 120 pages lues, …'. */
export function digestMessage(f: Pick<DigestFigures, 'segments' | 'pages' | 'streak'>): string {
  return fill(digestNotificationMessage, figures(f));
}

// ---- The unsubscribe token ----

const TOKEN_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[\w-]{43}$/;

const signature = (secret: string, readerId: string) =>
  createHmac('sha256', secret)
    .update(`lisons-unsubscribe\0weekly-digest-email\0${readerId}`)
    .digest('base64url');

/**
 * `<reader id>.<HMAC-SHA256 of it, keyed with the app's secret>`: it proves the link came
 * from one of our mails to that reader, stores nothing, and can only turn their digest e-mail
 * off. It does not expire: an unsubscribe link must work in an old mail too.
 */
export function unsubscribeToken(secret: string, readerId: string): string {
  return `${readerId}.${signature(secret, readerId)}`;
}

/** The reader a token was made for, or null for anything else (forged, altered, malformed). */
export function readerOfToken(secret: string, token: string): string | null {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [readerId = '', given = ''] = token.split('.');
  const expected = signature(secret, readerId);
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected)) ? readerId : null;
}

/** The page of the link in the mail (GET shows a button) and the one-click POST target. */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

// ---- The mail ----

const dayFormat = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '16 novembre 2026', '1er décembre 2026' (the first of a month is '1er' in French). */
export function frenchDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`)).replace(/^1 /, '1er ');
}

/** A mail with headers of its own (nodemailer takes them with the rest of the message). */
export type MailWithHeaders = Mail & { html: string; headers: Record<string, string> };

/** The digest mail of one reader: French text and HTML, the unsubscribe link and headers. */
export function digestMailContent(x: {
  username: string | null;
  figures: DigestFigures;
  publicUrl: string;
  token: string;
  to: string;
}): MailWithHeaders {
  const f = figures(x.figures);
  const greeting = x.username
    ? fill(digestMail.greeting, { name: x.username })
    : digestMail.greetingNoName;
  const intro = fill(digestMail.intro, {
    from: frenchDay(x.figures.from),
    to: frenchDay(x.figures.to),
  });
  const streak =
    x.figures.streak > 0
      ? fillPlural(x.figures.streak, digestMail.streakLine)
      : digestMail.noStreakLine;
  const lines = [f.segments, f.pages, streak];
  const stats = `${x.publicUrl}/achievements`;
  const unsubscribe = unsubscribeUrl(x.publicUrl, x.token);

  const text = [
    greeting,
    '',
    intro,
    ...lines.map((line) => `- ${line}`),
    '',
    fill(digestMail.ctaText, { link: stats }),
    '',
    digestMail.signature,
    '',
    '--',
    digestMail.why,
    fill(digestMail.unsubscribeText, { link: unsubscribe }),
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${e(digestMail.subject)}</title></head>
<body style="font-family: Georgia, serif; color: #1f2937; max-width: 560px; margin: 0 auto; padding: 16px;">
<p>${e(greeting)}</p>
<p>${e(intro)}</p>
<ul>${lines.map((line) => `<li>${e(line)}</li>`).join('')}</ul>
<p><a href="${e(stats)}">${e(digestMail.cta)}</a></p>
<p>${digestMail.signature.split('\n').map(e).join('<br>')}</p>
<hr>
<p style="font-size: 13px; color: #6b7280;">${e(digestMail.why)}
<a href="${e(unsubscribe)}">${e(digestMail.unsubscribe)}</a></p>
</body></html>`;

  return {
    to: x.to,
    subject: digestMail.subject,
    text,
    html,
    headers: {
      // RFC 2369 and RFC 8058: mail clients show an unsubscribe button, and a POST to this
      // address unsubscribes in one click without opening any page.
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

type MailRow = { meta: Partial<DigestFigures> | null; username: string | null };

// The reader's digest by its dedupe key. Nothing unless the notification exists and the
// reader still wants the mail now (they may have turned it off since Monday's run).
const mailStatement = preparedStatement<{ readerId: string; dedupeKey: string }, MailRow>(
  'notifications_digest_mail',
  (x) => sql`select n.meta, u.username
   from notifications n
   join notification_preferences p on p.reader_id = n.recipient_id and p.weekly_digest_email
   left join ${readersSql.join({ alias: 'u', id: sql`n.recipient_id` })}
   where n.recipient_id = ${x.readerId}::uuid and n.dedupe_key = ${x.dedupeKey}::text
     and n.type = 'weekly_digest'`,
);

/** The dedupe key of a reader's digest of one ISO week. */
export const digestKey = (week: string) => `week:${week}`;

export type DigestMailDeps = {
  db: Db;
  mailer: Mailer;
  /** The app's secret (AUTH_SECRET or the stored one), which signs unsubscribe tokens. */
  secret: string;
  publicUrl: string;
  /** The reader's address (read when sending, never carried in the job's payload). */
  addressOf: (readerId: string) => Promise<string | null>;
};

/**
 * A reader's address through better-auth's own user store (the auth module owns users), or
 * null until they confirmed it: a mail they did not ask for goes to a proven mailbox only.
 */
export const addressesOf =
  (auth: Pick<Auth, '$context'>) =>
  async (readerId: string): Promise<string | null> => {
    const user = await (await auth.$context).internalAdapter.findUserById(readerId);
    return user?.emailVerified ? user.email : null;
  };

/** The mail job: sends the reader's digest of `week` if they still want it; a failure retries. */
export function digestMailHandlers(deps: DigestMailDeps): Record<string, JobHandler> {
  return {
    [WEEKLY_DIGEST_MAIL]: async (payload) => {
      const readerId = String(payload.readerId);
      const week = String(payload.week);
      const [row] = await mailStatement(deps.db, {
        readerId,
        dedupeKey: digestKey(week),
      });
      if (!row?.meta) return;
      const to = await deps.addressOf(readerId);
      if (!to) return;
      const meta = row.meta;
      const mail = digestMailContent({
        to,
        username: row.username,
        figures: {
          week,
          from: String(meta.from),
          to: String(meta.to),
          segments: Number(meta.segments ?? 0),
          pages: Number(meta.pages ?? 0),
          streak: Number(meta.streak ?? 0),
        },
        publicUrl: deps.publicUrl,
        token: unsubscribeToken(deps.secret, readerId),
      });
      await deps.mailer.send(mail);
    },
  };
}
