import { SMTPServer } from 'smtp-server';
import { parseMessage } from '../../e2e/fixtures/mime';

export type CapturedMail = { to: string[]; subject: string; text: string };

/**
 * A real SMTP server on a free local port that keeps what it receives. Its built-in TLS
 * certificate has expired, so STARTTLS is off and the client URL says ignoreTLS.
 */
export async function startSmtpCapture() {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parseMessage(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
