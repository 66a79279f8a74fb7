import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { objectPagePath } from '@/components/objects/object-link';
import { cn } from '@/lib/utils';
import { useObjectSearch } from '@/queries/objects';


/** Typing waits this long before asking the server. */
const DEBOUNCE_MS = 150;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** True while the user types into something else (then '/' is a character, not the shortcut). */
function typingElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The header's catalogue search (issue 14): name, NORAD number or COSPAR id across the whole
 * catalogue. '/' focuses it from anywhere; ↑/↓ move through the results, Enter opens the
 * object page, Escape closes the list.
 */
export function GlobalSearch() {
  const [, navigate] = useLocation();
  return <ObjectSearchBox label="Search objects" placeholder="Search objects  /" shortcut onPick={(norad) => navigate(objectPagePath(norad))} />;
}

export interface ObjectSearchBoxProps {
  /** The combobox's accessible name. */
  label: string;
  placeholder: string;
  /** Called with the chosen object's NORAD id (click or Enter). */
  onPick: (norad: number) => void;
  /** '/' focuses this box from anywhere (the header's search only). */
  shortcut?: boolean;
  className?: string;
}

/**
 * A catalogue search box (GET /api/objects?q=): ↑/↓ move through the results, Enter or a click
 * picks one, Escape closes the list. A combobox with a listbox (WAI-ARIA 1.2 combobox pattern).
 * The header's search opens the object page; /visualization highlights the object.
 */
export function ObjectSearchBox({ label, placeholder, onPick, shortcut = false, className }: ObjectSearchBoxProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const query = useDebounced(text, DEBOUNCE_MS);
  const { data, isFetching, error } = useObjectSearch(query);
  const items = query.trim() === '' ? [] : (data?.items ?? []);
  // Results of the previous text may be shorter than the highlighted row.
  const current = active < items.length ? active : 0;

  useEffect(() => {
    if (!shortcut) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingElsewhere(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shortcut]);

  const openObject = (norad: number) => {
    setOpen(false);
    setText('');
    input.current?.blur();
    onPick(norad);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive(items.length === 0 ? 0 : (current + 1) % items.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(items.length === 0 ? 0 : (current - 1 + items.length) % items.length);
    } else if (event.key === 'Enter') {
      const item = items[current];
      if (item) {
        event.preventDefault();
        openObject(item.noradId);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const expanded = open && query.trim() !== '';
  return (
    <div className={cn('relative w-64 shrink-0', className)}>
      <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label={label}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && items[current] ? `${listId}-${items[current].noradId}` : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-md border border-input bg-background pl-8 pr-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      {expanded && (
        <ul id={listId} role="listbox" aria-label="Objects found" className="absolute right-0 top-10 z-50 max-h-96 w-96 overflow-y-auto rounded-md border bg-popover p-1 text-sm shadow-lg">
          {items.map((item, i) => (
            <li
              key={item.noradId}
              id={`${listId}-${item.noradId}`}
              role="option"
              aria-selected={i === current}
              className={cn('flex cursor-pointer items-baseline justify-between gap-3 rounded px-2 py-1.5', i === current && 'bg-accent text-accent-foreground')}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => openObject(item.noradId)}
            >
              <span className="truncate font-medium">{item.name}</span>
              <span className="shrink-0 font-mono text-xs text-muted-foreground">
                {item.noradId}
                {item.cosparId ? ` · ${item.cosparId}` : ''}
              </span>
            </li>
          ))}
          {items.length === 0 && (
            <li role="presentation" className="px-2 py-1.5 text-muted-foreground">
              {error ? 'Search failed' : isFetching || data === undefined ? 'Searching…' : 'No object matches'}
            </li>
          )}
          {data && data.total > items.length && (
            <li role="presentation" className="px-2 py-1 text-xs text-muted-foreground">
              {items.length} of {data.total.toLocaleString('en-US')} shown: type more to narrow
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
