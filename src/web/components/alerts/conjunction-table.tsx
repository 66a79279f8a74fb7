import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useRef, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { ConjunctionListItem } from '@contracts/conjunction-events.ts';
import { AlertStatusBadge } from '@/components/alerts/alert-status-badge';
import { PcValue } from '@/components/alerts/pc-value';
import { ObjectLink } from '@/components/objects/object-link';
import { RiskBadge } from '@/components/sst/risk-badge';
import { formatMetresValue, formatRelativeTca, formatSpeedValue, formatUtcDateTime } from '@/lib/conjunction-format';
import type { ConjunctionSort, SortField } from '@/lib/conjunction-filters';
import { cn } from '@/lib/utils';

/** Every row is the same height, so the virtualiser never measures (smooth with thousands of rows). */
export const CONJUNCTION_ROW_HEIGHT = 40;

interface Column {
  label: ReactNode;
  /** The server's sort field this column sorts by. */
  sort?: SortField;
  /** False for a column that sorts by another's field (time to TCA sorts by TCA): it does not carry aria-sort. */
  ownsSort?: boolean;
  /** Right-aligned, monospaced digits. */
  numeric?: boolean;
  /** Monospaced digits (timestamps), left-aligned. */
  mono?: boolean;
  width: string;
  cell: (item: ConjunctionListItem, now: number) => ReactNode;
}

/** An object's name, a link to its page (issue 14); the row's other cells open the event. */
function ObjectName({ object }: { object: ConjunctionListItem['primaryObject'] }) {
  const owner = object.owner ? `, owner ${object.owner}` : '';
  return (
    <ObjectLink
      norad={object.noradId}
      name={object.name}
      title={`${object.name} (NORAD ${object.noradId}${owner})`}
      className="block truncate focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    />
  );
}

/** The table's columns, in order (issue 11; the alert status and assignee of issue 29). R/T/N are the miss vector in the primary's RTN frame. */
const COLUMNS: readonly Column[] = [
  {
    label: 'ID',
    width: '108px',
    cell: (item) => (
      <Link href={`/alerts/${encodeURIComponent(item.conjunctionId)}`} className="font-mono text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {item.conjunctionId}
      </Link>
    ),
  },
  { label: 'TCA (UTC)', sort: 'tca', mono: true, width: '150px', cell: (item) => formatUtcDateTime(item.tca) },
  { label: 'Time to TCA', sort: 'tca', ownsSort: false, width: '96px', cell: (item, now) => formatRelativeTca(item.tca, now) },
  { label: 'Primary', sort: 'primary', width: 'minmax(112px, 1fr)', cell: (item) => <ObjectName object={item.primaryObject} /> },
  { label: 'Secondary', sort: 'secondary', width: 'minmax(112px, 1fr)', cell: (item) => <ObjectName object={item.secondaryObject} /> },
  { label: 'Miss (m)', sort: 'miss', numeric: true, width: '80px', cell: (item) => formatMetresValue(item.missDistance) },
  { label: <abbr title="Radial" className="no-underline">R (m)</abbr>, sort: 'radial', numeric: true, width: '80px', cell: (item) => formatMetresValue(item.radial) },
  { label: <abbr title="In-track" className="no-underline">T (m)</abbr>, sort: 'inTrack', numeric: true, width: '80px', cell: (item) => formatMetresValue(item.inTrack) },
  { label: <abbr title="Cross-track (normal)" className="no-underline">N (m)</abbr>, sort: 'crossTrack', numeric: true, width: '80px', cell: (item) => formatMetresValue(item.crossTrack) },
  { label: 'Speed (km/s)', sort: 'relativeVelocity', numeric: true, width: '64px', cell: (item) => formatSpeedValue(item.relativeVelocity) },
  { label: 'Pc', sort: 'pc', width: '116px', cell: (item) => <PcValue pc={item.collisionProbability} method={item.pcMethod} /> },
  { label: 'Risk', sort: 'risk', width: '96px', cell: (item) => <RiskBadge level={item.riskLevel} /> },
  { label: 'Alert status', sort: 'alertStatus', width: '112px', cell: (item) => <AlertStatusBadge status={item.alertStatus} /> },
  {
    label: 'Assignee',
    sort: 'assignee',
    width: '96px',
    cell: (item) => (item.assignee === null ? <span className="text-muted-foreground">—</span> : <span className="block truncate">{item.assignee}</span>),
  },
  { label: 'Source', sort: 'source', width: '68px', cell: (item) => <span className="block truncate">{item.source}</span> },
  { label: 'Last update (UTC)', sort: 'lastUpdated', mono: true, width: '128px', cell: (item) => formatUtcDateTime(item.lastUpdated).slice(0, 16) },
];

const GRID_TEMPLATE = COLUMNS.map((column) => column.width).join(' ');

function ariaSort(column: Column, sort: ConjunctionSort): 'ascending' | 'descending' | 'none' | undefined {
  if (!column.sort || column.ownsSort === false) return undefined;
  if (column.sort !== sort.field) return 'none';
  return sort.descending ? 'descending' : 'ascending';
}

function SortIcon({ active, descending }: { active: boolean; descending: boolean }) {
  if (!active) return <ArrowUpDown className="size-3 opacity-40" aria-hidden="true" />;
  return descending ? <ArrowDown className="size-3" aria-hidden="true" /> : <ArrowUp className="size-3" aria-hidden="true" />;
}

interface ConjunctionTableProps {
  items: readonly ConjunctionListItem[];
  sort: ConjunctionSort;
  onSort: (field: SortField) => void;
  now: number;
}

/**
 * The Conjunction Alerts table (issue 11): sortable headers (the server sorts;
 * aria-sort on the sorted column), and only the rows in view (plus a few either
 * side) in the DOM, laid out as a CSS grid so the absolutely placed rows keep the
 * header's columns. Each row opens the event; its id cell is a real link for the
 * keyboard, and the objects' names link to their pages. aria-rowcount/aria-rowindex tell assistive technology where each row
 * sits in the whole list, and explicit table roles keep the grid-laid-out elements
 * a table for it.
 */
export function ConjunctionTable({ items, sort, onSort, now }: ConjunctionTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [, navigate] = useLocation();
  // TanStack Virtual returns functions that cannot be memoised; this component does not rely on them being stable.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CONJUNCTION_ROW_HEIGHT,
    overscan: 10,
    getItemKey: (index) => items[index]?.conjunctionId ?? index,
  });

  const openRow = (event: MouseEvent<HTMLTableRowElement>, item: ConjunctionListItem) => {
    // The id link navigates by itself; a click elsewhere in the row does the same, unless it ended a text selection.
    if (event.target instanceof Element && event.target.closest('a, button')) return;
    if (window.getSelection()?.toString()) return;
    navigate(`/alerts/${encodeURIComponent(item.conjunctionId)}`);
  };

  return (
    <div ref={scrollRef} className="max-h-[70vh] overflow-auto border-t" data-testid="conjunction-table-scroll">
      {/* The explicit roles keep it a table for screen readers: browsers may drop the semantics of table elements laid out as grid. */}
      <table role="table" aria-label="Conjunctions" aria-rowcount={items.length + 1} className="grid min-w-max text-xs">
        <thead role="rowgroup" className="sticky top-0 z-10 grid bg-card shadow-[0_1px_0_var(--color-border)]">
          <tr role="row" aria-rowindex={1} className="grid" style={{ gridTemplateColumns: GRID_TEMPLATE }}>
            {COLUMNS.map((column, index) => {
              const active = column.sort !== undefined && column.sort === sort.field;
              return (
                <th
                  key={index}
                  role="columnheader"
                  scope="col"
                  aria-sort={ariaSort(column, sort)}
                  className={cn('flex items-center px-1.5 py-2 font-medium text-muted-foreground', column.numeric && 'justify-end text-right')}
                >
                  {column.sort ? (
                    <button
                      type="button"
                      onClick={() => onSort(column.sort!)}
                      className={cn(
                        'inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        active && 'text-foreground',
                      )}
                    >
                      {column.label}
                      <SortIcon active={active} descending={sort.descending} />
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup" className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const item = items[row.index];
            if (!item) return null;
            return (
              <tr
                key={row.key}
                role="row"
                aria-rowindex={row.index + 2}
                onClick={(event) => openRow(event, item)}
                className="absolute left-0 grid w-full cursor-pointer items-center border-b transition-colors hover:bg-accent/40"
                style={{ gridTemplateColumns: GRID_TEMPLATE, height: row.size, transform: `translateY(${row.start}px)` }}
              >
                {COLUMNS.map((column, index) => (
                  <td key={index} role="cell" className={cn('min-w-0 truncate px-1.5', (column.numeric || column.mono) && 'font-mono tabular-nums', column.numeric && 'text-right')}>
                    {column.cell(item, now)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
