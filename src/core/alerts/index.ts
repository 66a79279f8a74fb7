/** The alert lifecycle of conjunction events (issue 29): transitions and reopening rules. Re-exports only. */
export * from './alert-lifecycle.ts';
