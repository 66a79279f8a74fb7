/**
 * A Date whose local-time getters read UTC. date-fns formats through those
 * getters and clones dates with their own constructor, so
 * format(new UtcDate(iso), 'MMM d, yyyy HH:mm') prints UTC wall-clock time in
 * any browser time zone (what @date-fns/utc's UTCDate does, for the few
 * getters our formats use; that package is not a dependency).
 */
export class UtcDate extends Date {
  constructor(value: string | number | Date) {
    super(value instanceof Date ? value.getTime() : value);
  }

  override getFullYear(): number {
    return this.getUTCFullYear();
  }

  override getMonth(): number {
    return this.getUTCMonth();
  }

  override getDate(): number {
    return this.getUTCDate();
  }

  override getDay(): number {
    return this.getUTCDay();
  }

  override getHours(): number {
    return this.getUTCHours();
  }

  override getMinutes(): number {
    return this.getUTCMinutes();
  }

  override getSeconds(): number {
    return this.getUTCSeconds();
  }

  override getMilliseconds(): number {
    return this.getUTCMilliseconds();
  }

  override getTimezoneOffset(): number {
    return 0;
  }
}
