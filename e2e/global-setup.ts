import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { type CapturedMail, mailDir, smtpPort } from './fixtures/env';
import { parseMessage } from './fixtures/mime';

/**
 * A real SMTP server for the end-to-end run: the app server sends its mails to it (SMTP_URL
 * in playwright.config.ts) and it writes each one to `mailDir`, where tests read them
 * (fixtures/mail.ts). Its built-in TLS certificate has expired, hence no STARTTLS.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
          receivedAt: Date.now(),
        };
        count += 1;
        const name = `${String(mail.receivedAt)}-${String(count).padStart(4, '0')}.json`;
        // Written aside then renamed, so a reader never sees half a file.
        const temporary = path.join(mailDir, `.${name}`);
        fs.writeFileSync(temporary, JSON.stringify(mail));
        fs.renameSync(temporary, path.join(mailDir, name));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(smtpPort, '127.0.0.1', resolve);
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
