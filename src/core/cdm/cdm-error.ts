/** A CDM that cannot be read or written: the message names the line (when known) and the keyword. */
export class CdmError extends Error {
  override name = 'CdmError';
  /** 1-based line of the offending text, if the fault has one. */
  readonly line?: number;
  /** The keyword (or XML element) at fault, if any. */
  readonly keyword?: string;

  constructor(message: string, where: { readonly line?: number; readonly keyword?: string } = {}) {
    const prefix = [where.line === undefined ? '' : `line ${where.line}`, where.keyword ?? ''].filter((p) => p !== '').join(': ');
    super(prefix ? `${prefix}: ${message}` : message);
    if (where.line !== undefined) this.line = where.line;
    if (where.keyword !== undefined) this.keyword = where.keyword;
  }
}
