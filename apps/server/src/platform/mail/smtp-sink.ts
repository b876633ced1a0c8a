import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface CaughtMail {
  id: number;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** What was attached (names, types, sizes): enough for a test to see a PDF went out. */
  attachments: { filename: string; contentType: string; size: number }[];
  date: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages(): CaughtMail[];
  /** Resolves with the first caught mail to `to` that arrives from now on or already did. */
  waitFor(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on localhost that keeps what it receives in memory. Development and tests send
 * mail through real SMTP to it, so the path a production mail takes is the path tests exercise.
 */
export async function startSmtpSink(port = 0, keep = 200): Promise<SmtpSink> {
  const caught: CaughtMail[] = [];
  const waiters: { to: string; resolve: (m: CaughtMail) => void }[] = [];
  let nextId = 1;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: CaughtMail = {
            id: nextId++,
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, size: a.size })),
            date: new Date().toISOString(),
          };
          caught.unshift(mail);
          caught.length = Math.min(caught.length, keep);
          for (const w of [...waiters]) {
            if (mail.to.includes(w.to)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(mail);
            }
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages: () => [...caught],
    waitFor(to, timeoutMs = 5000) {
      const address = to.toLowerCase();
      const found = caught.find((m) => m.to.includes(address));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ to: address, resolve: (m) => { clearTimeout(timer); resolve(m); } });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
