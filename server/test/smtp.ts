import { SMTPServer } from 'smtp-server';
import { parseMessage } from '../../e2e/fixtures/mime';

export type CapturedMail = { to: string[]; subject: string; text: string };

/**
 * A real SMTP server on a free local port that keeps what it receives. Its built-in TLS
 * certificate has expired, so STARTTLS is off and the client URL says ignoreTLS.
 */
export async function startSmtpCapture() {
  const mails: CapturedMail[] = [];
  // While held, the server takes each message but answers only once released: a slow
  // mail server, to show that no request waits for one.
  let held: Promise<void> | null = null;
  let release = () => {};
  let receiving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      receiving += 1;
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const done = () => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            ...parseMessage(raw),
          });
          callback();
        };
        if (held) held.then(done);
        else done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    mails,
    /** How many messages the server has begun to receive (held or not). */
    receiving: () => receiving,
    hold: () => {
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    release: () => {
      held = null;
      release();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
