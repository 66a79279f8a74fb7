import { Download, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { columnsCsv, csvName, type CsvColumn } from '@/lib/csv';
import { downloadText } from '@/lib/download';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';

export const EXPORT_CSV_LABEL = 'Export CSV';

interface ExportCsvButtonProps<T> {
  /** The rows in the order shown, or a function that loads them all (a list the page shows only part of). */
  rows: readonly T[] | (() => Promise<readonly T[]>);
  columns: readonly CsvColumn<T>[];
  /** The file name's prefix: '{name}-YYYYMMDD-HHmm.csv' (UTC). */
  name: string;
  disabled?: boolean;
  /** The button's text, when a card has more than one list. */
  label?: string;
  className?: string;
}

/**
 * 'Export CSV' of a list or table (issue 14): the rows as CSV (lib/csv.ts: full precision, ISO 8601
 * UTC times, units in the headers), saved as '{name}-YYYYMMDD-HHmm.csv'. With rows to load first, the
 * button spins while they load and a failure is a notification. Disabled for an empty list.
 */
export function ExportCsvButton<T>({ rows, columns, name, disabled = false, label = EXPORT_CSV_LABEL, className }: ExportCsvButtonProps<T>) {
  const [loading, setLoading] = useState(false);
  const empty = Array.isArray(rows) && rows.length === 0;

  const save = (list: readonly T[]) => downloadText(columnsCsv(list, columns), csvName(name, Date.now()), 'text/csv;charset=utf-8');
  const exportCsv = async () => {
    if (typeof rows !== 'function') {
      save(rows as readonly T[]);
      return;
    }
    setLoading(true);
    try {
      save(await rows());
    } catch (error) {
      toast({ title: 'CSV export failed', description: errorMessage(error) ?? 'Unknown error', variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Button type="button" variant="outline" size="sm" className={cn('shrink-0 gap-1.5', className)} disabled={disabled || empty || loading} onClick={() => void exportCsv()}>
      {loading ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
      {label}
    </Button>
  );
}
