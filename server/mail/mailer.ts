import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { makePrivateDir, makePrivateFile } from '../db/private-files';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/**
 * Real SMTP through nodemailer when SMTP_URL is set. Without it (the embedded default),
 * each mail is written as an .eml file into the outbox folder (DATA_DIR/mail), so a reset
 * link can still be followed locally. Neither the link nor the address is ever logged:
 * the log says only that a mail was written, and where.
 */
export function createMailer(config: Config['mail'], log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) return outboxMailer(config, log);
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from: config.from, ...mail });
    },
    close: () => transport.close(),
  };
}

function outboxMailer(config: Config['mail'], log: FastifyBaseLogger): Mailer {
  // nodemailer builds the whole RFC 822 message without sending it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: config.from, ...mail });
      // Readable by the server's user only: a reset mail holds a live token.
      makePrivateDir(config.outboxDir);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      const file = path.join(config.outboxDir, name);
      // Written aside, then renamed: whoever reads the folder never sees half a mail.
      const partial = path.join(config.outboxDir, `.${name}.partial`);
      await fs.writeFile(partial, info.message as Buffer, { mode: 0o600 });
      makePrivateFile(partial);
      await fs.rename(partial, file);
      log.info({ file }, 'SMTP_URL not set: mail written to the outbox folder, not sent');
    },
    close: () => transport.close(),
  };
}
