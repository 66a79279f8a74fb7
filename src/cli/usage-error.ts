/** A bad command line: main prints the message and the usage on stderr and exits with 2. */
export class UsageError extends Error {
  override name = 'UsageError';
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}
