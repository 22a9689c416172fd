import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/**
 * Real SMTP through nodemailer when SMTP_URL is set. Without it (the embedded default),
 * mails are written to the server log so a reset link can still be followed locally.
 */
export function createMailer(config: Config['mail'], log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      send: async (mail) => {
        log.warn(
          { mail: { to: mail.to, subject: mail.subject } },
          `SMTP_URL not set, mail not sent:\n${mail.text}`,
        );
      },
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from: config.from, ...mail });
    },
    close: () => transport.close(),
  };
}
