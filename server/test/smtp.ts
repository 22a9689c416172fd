import { SMTPServer } from 'smtp-server';

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

// Just enough MIME for our own plain-text mails: encoded-word subject, quoted-printable
// or base64 body.
function parseMessage(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeWords(/^subject: (.*)$/im.exec(headers)?.[1] ?? '');
  const encoding = /^content-transfer-encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  const body = rest.join('\n\n');
  if (encoding === 'base64') return { subject, text: Buffer.from(body, 'base64').toString('utf8') };
  if (encoding === 'quoted-printable') return { subject, text: decodeQuotedPrintable(body) };
  return { subject, text: body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/gi, '%25');
  return decodeURIComponent(bytes);
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    );
}
