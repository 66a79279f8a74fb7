import type { DigestMessage } from '../notifications/notification-service.ts';
import type { RenderedDigest } from './digest-service.ts';
import { lastDueDay, lastSendTime } from './digest-day.ts';

/**
 * Sends the daily digest once a day at DIGEST_HOUR_UTC, across every server sharing the database
 * (issue 29). Each server looks once a minute; the first to look after the hour claims the day and
 * enqueues the e-mail (one delivery per `daily_digest` rule, through the notification queue).
 *
 * The claim (`scheduled_task_claims`, task `daily-digest`) is asked with a gap of "time since the
 * hour": it succeeds exactly when nobody claimed since the hour, so one server per day sends, a
 * restart the same day sends nothing again, and a server that comes up after the hour (all were down
 * at it) sends the day's digest late rather than never. The deliveries' dedupe key `digest:D` makes
 * a second enqueue of the same day (a retry after a failure) add nothing.
 */

export const DIGEST_TASK = 'daily-digest';
/** How often a server looks whether the day's digest is due: it goes out within a minute of the hour. */
export const DIGEST_TICK_MS = 60_000;

export interface DigestSchedulerOptions {
  hourUtc: number;
  /** The digest of day D (DigestService.render). */
  render: (day: string) => Promise<RenderedDigest>;
  /** Enqueues the e-mail (NotificationService.enqueueDigest); resolves to the deliveries made. */
  enqueue: (message: DigestMessage) => Promise<readonly unknown[]>;
  /** Claims `task` when nobody claimed it within `minGapMs` (ScheduledTaskRepository.claim). */
  claim: (task: string, minGapMs: number) => Promise<boolean>;
  clock?: () => Date;
  tickMs?: number;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

export type DigestTickOutcome = { outcome: 'sent'; day: string; deliveries: number } | { outcome: 'done' | 'elsewhere' | 'failed'; day: string };

export class DigestScheduler {
  private timer: NodeJS.Timeout | undefined;
  private readonly clock: () => Date;
  /** The last day this server saw handled (sent here or claimed elsewhere): no need to ask the database again that day. */
  private handled: string | undefined;
  /** A day this server claimed but could not enqueue: it tries again at its next ticks (the dedupe key keeps it one message). */
  private retry: string | undefined;
  private running: Promise<DigestTickOutcome> | undefined;

  constructor(private readonly options: DigestSchedulerOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.tickMs ?? DIGEST_TICK_MS);
    this.timer.unref();
    // The first look soon after start: a server that was down at the hour sends the day's digest then.
    setTimeout(() => void this.tick(), 5_000).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One look: sends the due day's digest if this server claims it. Ticks do not overlap. */
  tick(): Promise<DigestTickOutcome> {
    this.running ??= this.look().finally(() => (this.running = undefined));
    return this.running;
  }

  private async look(): Promise<DigestTickOutcome> {
    const now = this.clock();
    const { day } = lastDueDay(now, this.options.hourUtc);
    if (this.retry !== day) {
      if (this.handled === day) return { outcome: 'done', day };
      // Succeeds when the latest claim is at least (now - hour) old: nobody claimed since the hour.
      const sinceHour = Math.max(1, now.getTime() - lastSendTime(now, this.options.hourUtc).getTime());
      let claimed: boolean;
      try {
        claimed = await this.options.claim(DIGEST_TASK, sinceHour);
      } catch (error) {
        this.options.log.warn({ err: error, day }, 'could not claim the daily digest: asking again at the next look');
        return { outcome: 'failed', day };
      }
      this.handled = day;
      if (!claimed) return { outcome: 'elsewhere', day };
    }
    try {
      const r = await this.options.render(day);
      const deliveries = await this.options.enqueue({
        dedupeKey: `digest:${day}`,
        subject: r.subject,
        text: r.text,
        html: r.html,
        attachments: [{ filename: r.pdfFilename, contentType: 'application/pdf', contentBase64: r.pdf.toString('base64') }],
      });
      this.retry = undefined;
      this.options.log.info({ day, deliveries: deliveries.length }, 'daily digest enqueued');
      return { outcome: 'sent', day, deliveries: deliveries.length };
    } catch (error) {
      this.retry = day;
      this.options.log.warn({ err: error, day }, 'could not enqueue the daily digest: trying again at the next look');
      return { outcome: 'failed', day };
    }
  }
}

/** What the server's schedule is built from (the AppContext's parts, named structurally so that services need not import the context). */
export interface DigestScheduleContext {
  config: { DIGEST_HOUR_UTC: number };
  instance: string;
  log: { child(bindings: object): DigestSchedulerOptions['log'] };
  services: { digest: { render(day: string): Promise<RenderedDigest> }; notifications: { enqueueDigest(message: DigestMessage): Promise<readonly unknown[]> } };
  repositories: { scheduledTasks: { claim(task: string, minGapMs: number, instance: string): Promise<boolean> } };
}

/** The server's daily digest schedule (serve.ts starts it after listen and stops it on shutdown): claims on the database's clock. */
export function digestSchedule(ctx: DigestScheduleContext): DigestScheduler {
  return new DigestScheduler({
    hourUtc: ctx.config.DIGEST_HOUR_UTC,
    render: (day) => ctx.services.digest.render(day),
    enqueue: (message) => ctx.services.notifications.enqueueDigest(message),
    claim: (task, minGapMs) => ctx.repositories.scheduledTasks.claim(task, minGapMs, ctx.instance),
    log: ctx.log.child({ service: 'digest' }),
  });
}
