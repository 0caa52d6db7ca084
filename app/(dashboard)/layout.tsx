import type { ReactNode } from 'react';
import { Providers } from '@/components/layout/providers';

export default function DashboardLayout({ children }: { children: ReactNode }) {
  return <Providers>{children}</Providers>;
}
