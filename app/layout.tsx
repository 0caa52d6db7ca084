import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Quarry', template: '%s · Quarry' },
  description: 'Research tasks and batches',
};

// Runs before first paint so a dark-mode user never sees a white flash: the stored choice, or the
// system preference when the choice is "system" (or unset).
const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem('quarry-theme')||'system';var d=t==='dark'||(t==='system'&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.classList.toggle('dark',d)}catch(e){}})()`;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
