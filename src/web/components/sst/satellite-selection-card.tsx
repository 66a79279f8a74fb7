import { CircleAlert, LoaderCircle, Search } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { SatelliteRecord } from '@contracts/satellites.ts';
import { SatelliteList } from '@/components/sst/satellite-list';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { CsvColumn } from '@/lib/csv';
import { ALL_CATEGORIES, distinctCategories, filterSatellites, indexSatellites } from '@/lib/satellite-filter';

export const LOADING_SATELLITES_TEXT = 'Loading satellites';
export const NO_MATCH_TEXT = 'No satellites match the search';
export const SEARCH_PLACEHOLDER = 'Search by name, NORAD ID, COSPAR ID';

/** The list's CSV (issue 14): the records the search and category leave, and whether each is selected. */
export function satelliteListCsvColumns(selected: ReadonlySet<number>): CsvColumn<SatelliteRecord>[] {
  return [
    { header: 'Name', value: (s) => s.name },
    { header: 'NORAD ID', value: (s) => s.id },
    { header: 'COSPAR ID', value: (s) => s.cosparId },
    { header: 'Category', value: (s) => s.category },
    { header: 'Selected', value: (s) => (selected.has(s.id) ? 'yes' : 'no') },
  ];
}

interface SatelliteSelectionCardProps {
  /** The catalogue's records; undefined until the first read. */
  satellites: readonly SatelliteRecord[] | undefined;
  error: Error | null;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onSelectOfeq: () => void;
  onClear: () => void;
}

/**
 * Spec §2 "Satellite Selection": Select OFEQ, Clear All, a search over name,
 * NORAD ID and COSPAR ID, a category filter (All plus the records' categories)
 * and the virtualised list with its CSV. The search is deferred so typing stays
 * responsive while 50,000 records are filtered.
 */
export function SatelliteSelectionCard({ satellites, error, selected, onToggle, onSelectOfeq, onClear }: SatelliteSelectionCardProps) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const deferredSearch = useDeferredValue(search);
  const titleId = useId();
  const searchId = useId();
  const categoryId = useId();

  const index = useMemo(() => indexSatellites(satellites ?? []), [satellites]);
  const categories = useMemo(() => distinctCategories(satellites ?? []), [satellites]);
  const visible = useMemo(() => filterSatellites(index, deferredSearch, category), [index, deferredSearch, category]);

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Satellite Selection</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onSelectOfeq} disabled={!satellites}>
            Select OFEQ
          </Button>
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear All
          </Button>
          <ExportCsvButton rows={visible} columns={satelliteListCsvColumns(selected)} name="satellites" className="ml-auto" />
        </div>
        <div className="space-y-2">
          <Label htmlFor={searchId} className="sr-only">
            Search satellites
          </Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input id={searchId} type="search" className="pl-9" placeholder={SEARCH_PLACEHOLDER} value={search} onChange={(event) => setSearch(event.target.value)} />
          </div>
        </div>
        <div className="space-y-2">
          <Label id={categoryId}>Category</Label>
          <Select value={category} onValueChange={setCategory}>
            <SelectTrigger aria-labelledby={categoryId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_CATEGORIES}>All</SelectItem>
              {categories.map((name) => (
                <SelectItem key={name} value={name}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {error && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{`Error loading satellites: ${error.message}`}</AlertDescription>
          </Alert>
        )}
        {!satellites && !error && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {LOADING_SATELLITES_TEXT}
          </p>
        )}
        {satellites && visible.length === 0 && <p className="text-sm text-muted-foreground">{NO_MATCH_TEXT}</p>}
        {satellites && visible.length > 0 && <SatelliteList satellites={visible} selected={selected} onToggle={onToggle} />}
      </CardContent>
    </Card>
  );
}
