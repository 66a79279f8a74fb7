import { useEffect, useState } from 'react';

/** How long typing must pause before a text filter is sent (issue 11: about 300 ms). */
const FILTER_DEBOUNCE_MS = 300;

/**
 * A text field whose value is committed (to the URL) only after FILTER_DEBOUNCE_MS without
 * typing. Returns the field's own value and setter. When the committed value
 * changes from elsewhere (Clear filters, the browser's back button) the field
 * follows it, unless it already says the same up to surrounding spaces (so a
 * space typed before the next word survives the commit of the text before it).
 */
export function useDebouncedField(committed: string, onCommit: (value: string) => void): [string, (value: string) => void] {
  const [value, setValue] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    if (value.trim() !== committed) setValue(committed);
  }
  useEffect(() => {
    if (value.trim() === committed) return;
    const id = setTimeout(() => onCommit(value), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [value, committed, onCommit]);
  return [value, setValue];
}
