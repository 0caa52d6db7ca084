import { TableSkeleton } from '@/components/ui/skeleton';

export default function Loading() {
  return <TableSkeleton rows={6} label="Loading page" />;
}
