import { PageTitle } from '@/components/layout/page-title';

/** Orbital Drag Modeling (/orbital-drag): title only until its data issue lands. */
export default function OrbitalDragPage() {
  return (
    <div className="p-6">
      <PageTitle title="Orbital Drag Modeling" subtitle="Real-time atmospheric drag prediction for LEO satellites" />
    </div>
  );
}
