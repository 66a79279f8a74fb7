/*
 * The message to show for a failed request. The client data layer's errors read
 * '{status}: {body}' (spec §8); our server's error bodies are {"message": "..."},
 * and that message is what an operator needs ('Invalid request: body.threshold: ...').
 */

const STATUS_AND_BODY = /^\d{3}: (\{[\s\S]*\})$/;

/** The server's message, else the error's own message; undefined when there is none (the caller's 'Unknown error'). */
export function errorMessage(error: unknown): string | undefined {
  if (!(error instanceof Error) || !error.message) return undefined;
  const body = STATUS_AND_BODY.exec(error.message)?.[1];
  if (body) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message) {
        return parsed.message;
      }
    } catch {
      // Not JSON after all: show the whole text.
    }
  }
  return error.message;
}
