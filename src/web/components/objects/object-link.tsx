import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '@/lib/utils';

/** The page of a catalogue object (issue 14: every object name links to it). */
export const objectPagePath = (norad: number) => `/objects/${norad}`;

/** An object's name (or `children`) as a link to its page; `title` (default: the name) is its tooltip. */
export function ObjectLink({ norad, name, className, children, title }: { norad: number; name: string; className?: string; children?: ReactNode; title?: string }) {
  return (
    <Link href={objectPagePath(norad)} className={cn('hover:underline', className)} title={title ?? name}>
      {children ?? name}
    </Link>
  );
}
