/**
 * The two channels a message leaves by (issue 29): a signed webhook POST and an e-mail over SMTP.
 * Each call is one attempt; it resolves when the receiver accepted the message and throws, with a
 * short reason kept as the delivery's last_error, when it did not.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailAttachment } from './messages.ts';

export class DeliveryFailure extends Error {
  override name = 'DeliveryFailure';
}

/**
 * POSTs `body` to `url`. 2xx: accepted. Anything else (a redirect too: a receiver that moved must be
 * reconfigured, and following it would send the signed body where the admin did not say) fails,
 * with the status and the start of the answer.
 */
export async function postWebhook(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Data-Forge-Webhook/1', ...headers }, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (cause?.code ?? cause?.message ?? (error as Error).message);
    throw new DeliveryFailure(`POST ${url}: ${why}`);
  }
  const text = await response.text().catch(() => '');
  if (response.status < 200 || response.status > 299) throw new DeliveryFailure(`POST ${url}: HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
}

export interface EmailMessage {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** The delivery id, as the Message-ID's left part: the same on every retry, so a mail system can drop a repeat. */
  readonly deliveryId: string;
  readonly attachments?: readonly EmailAttachment[] | undefined;
}

/** The Message-ID of a delivery: `<id@domain of From>` (RFC 5322 §3.6.4). */
export function messageIdOf(deliveryId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'data-forge.invalid';
  return `<${deliveryId}@${domain}>`;
}

/**
 * E-mail through nodemailer's SMTP transport, one per SMTP URL (kept: it reuses its connections).
 * smtp:// upgrades with STARTTLS whenever the server offers it (nodemailer's default unless
 * `ignoreTLS`); smtps:// is TLS from the start. Options go in the URL's query as nodemailer reads
 * them (e.g. `?tls.rejectUnauthorized=false` for a test server's self-signed certificate,
 * `?requireTLS=true` to refuse a server that does not offer STARTTLS).
 */
export class Mailer {
  private transport: { url: string; transporter: Transporter } | undefined;

  async send(smtpUrl: string, message: EmailMessage, timeoutMs: number): Promise<void> {
    if (this.transport?.url !== smtpUrl) {
      this.transport?.transporter.close();
      // The URL's own options win; the timeouts bound one attempt (nodemailer's defaults wait minutes).
      this.transport = { url: smtpUrl, transporter: nodemailer.createTransport({ url: smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs }) };
    }
    try {
      await this.transport.transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: messageIdOf(message.deliveryId, message.from),
        headers: { 'X-Data-Forge-Delivery': message.deliveryId },
        attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') })),
      });
    } catch (error) {
      const e = error as { code?: string; responseCode?: number; message?: string };
      throw new DeliveryFailure(`SMTP: ${e.responseCode ? `${e.responseCode} ` : ''}${e.message ?? e.code ?? String(error)}`.slice(0, 500));
    }
  }

  close(): void {
    this.transport?.transporter.close();
    this.transport = undefined;
  }
}
