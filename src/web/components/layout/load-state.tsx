import { CircleAlert, LoaderCircle } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { errorMessage } from '@/lib/error-message';

interface LoadStateProps {
  readonly pending: boolean;
  /** 'Loading conjunction...' */
  readonly loadingText: string;
  readonly error: Error | null;
  /** What to say when the error is the thing's absence (a 404); the error's own text otherwise. */
  readonly notFound?: { readonly when: boolean; readonly text: string };
  /** 'Error loading conjunction' (': {server message}' follows). */
  readonly errorPrefix: string;
}

/** A detail page's loading line and its error (or not-found) alert, the same on every detail page. */
export function LoadState({ pending, loadingText, error, notFound, errorPrefix }: LoadStateProps) {
  return (
    <>
      {pending && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          {loadingText}
        </p>
      )}
      {error && (
        <Alert variant={notFound?.when ? 'default' : 'destructive'}>
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{notFound?.when ? notFound.text : `${errorPrefix}: ${errorMessage(error) ?? 'Unknown error'}`}</AlertDescription>
        </Alert>
      )}
    </>
  );
}
