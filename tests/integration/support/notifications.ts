/**
 * Receivers and fixtures for the notification tests (issue 29): a webhook receiver that checks
 * each message's signature as the docs tell receivers to, an SMTP server (the `smtp-server`
 * package) that keeps what it receives, and conjunction events with alert changes written as the
 * lifecycle writes them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../../../src/server/db/database.ts';
import { conjunctionEvents } from '../../../src/server/db/schema.ts';

export interface ReceivedWebhook {
  readonly deliveryId: string;
  readonly event: string;
  readonly timestamp: number;
  /** The signature matched the body and the secret. */
  readonly signatureValid: boolean;
  readonly body: Record<string, unknown>;
  /** The status the receiver answered. */
  readonly answered: number;
}

/**
 * Verifies `Data-Forge-Signature: t=<unix s>,v1=<hex>` over `<t>.<raw body>` with the secret, in
 * constant time (the receiver's side of messages.ts signatureHeader).
 */
export function verifySignature(header: string | undefined, rawBody: string, secret: string): { valid: boolean; timestamp: number } {
  const parts = Object.fromEntries((header ?? '').split(',').map((kv) => kv.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return { valid: false, timestamp: NaN };
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return { valid: given.length === expected.length && timingSafeEqual(given, expected), timestamp };
}

export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedWebhook[];
  /** The status of the next answers, in order; then 200. `'hang'` never answers. */
  answers: (number | 'hang')[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startWebhookReceiver(secret: string, port = 0): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    received,
    answers: [],
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const answer = receiver.answers.shift() ?? 200;
      const { valid, timestamp } = verifySignature(req.headers['data-forge-signature'] as string | undefined, raw, secret);
      received.push({
        deliveryId: String(req.headers['data-forge-delivery']),
        event: String(req.headers['data-forge-event']),
        timestamp,
        signatureValid: valid,
        body: JSON.parse(raw) as Record<string, unknown>,
        answered: answer === 'hang' ? 0 : answer,
      });
      if (answer === 'hang') return;
      res.writeHead(answer, { 'content-type': 'text/plain' });
      res.end(answer === 200 ? 'ok' : 'receiver failure');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  (receiver as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

export interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
  /** STARTTLS was used. */
  readonly secure: boolean;
  readonly user: string | undefined;
}

export interface SmtpReceiver {
  readonly port: number;
  readonly mails: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * An SMTP server on loopback that offers STARTTLS (smtp-server's built-in self-signed certificate)
 * and, when `login` is given, requires that user and password.
 */
export async function startSmtpReceiver(login?: { user: string; pass: string }): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: !login,
    disabledCommands: login ? [] : ['AUTH'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass) callback(null, { user: auth.username });
      else callback(new Error('invalid login'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A mail's header value (unfolded). */
export function mailHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The decoded body of the mail's part of `contentType` (quoted-printable or base64). */
export function mailPart(raw: string, contentType: string): string | undefined {
  const index = raw.toLowerCase().indexOf(`content-type: ${contentType.toLowerCase()}`);
  if (index < 0) return undefined;
  const rest = raw.slice(index);
  const split = rest.search(/\r?\n\r?\n/);
  const headers = rest.slice(0, split);
  const body = rest.slice(split).replace(/^\r?\n\r?\n/, '').split(/\r?\n--/, 1)[0]!;
  if (/content-transfer-encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding: quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

let sequence = 0;

/** Stores an open conjunction event (the columns the dispatcher reads, the rest plausible), returns its id. */
export async function insertEvent(
  db: Db,
  values: { primaryNorad: number; secondaryNorad: number; riskLevel: string; pc: number; tca: Date; now: Date; alertStatus?: string },
): Promise<{ id: number; conjunctionId: string }> {
  sequence += 1;
  const conjunctionId = `CNJ-2026-${String(900 + sequence).padStart(3, '0')}`;
  const [row] = await db
    .insert(conjunctionEvents)
    .values({
      conjunctionId,
      primaryNorad: values.primaryNorad,
      secondaryNorad: values.secondaryNorad,
      tca: values.tca,
      missKm: 0.412,
      radialKm: 0.1,
      inTrackKm: 0.3,
      crossTrackKm: 0.25,
      relativeVelocityKmS: 11.2,
      pc: values.pc,
      maxPc: values.pc,
      riskLevel: values.riskLevel,
      status: 'open',
      alertStatus: values.alertStatus ?? 'new',
      firstDetected: values.now,
      lastUpdated: values.now,
      details: {},
    })
    .returning({ id: conjunctionEvents.id, conjunctionId: conjunctionEvents.conjunctionId });
  return row!;
}
