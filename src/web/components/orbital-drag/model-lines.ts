/** The five models of the density chart and comparison table, in the spec's order (§2). */
export const MODEL_LINES = [
  { key: 'nrlmsise', name: 'NRLMSISE-00', colour: '#22d3ee' },
  { key: 'jb2008', name: 'JB2008', colour: '#a78bfa' },
  { key: 'dtm2020', name: 'DTM-2020', colour: '#34d399' },
  { key: 'tiegcm', name: 'TIE-GCM', colour: '#fbbf24' },
  { key: 'msis86', name: 'MSIS-86', colour: '#f87171' },
] as const;
