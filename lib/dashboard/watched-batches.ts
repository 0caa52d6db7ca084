// Batches this browser launched or opened and wants to hear about when they finish. Kept in
// localStorage so the notice also comes when the analyst has moved on to another page.

const KEY = 'quarry.watched-batches';
const NOTIFY_KEY = 'quarry.notify-on-finish';

function read(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function watchedBatches(): string[] {
  return typeof window === 'undefined' ? [] : read();
}

export function watchBatch(id: string) {
  const ids = read().filter((x) => x !== id);
  localStorage.setItem(KEY, JSON.stringify([...ids.slice(-19), id]));
}

export function unwatchBatch(id: string) {
  localStorage.setItem(KEY, JSON.stringify(read().filter((x) => x !== id)));
}

export function isNotifyEnabled(): boolean {
  return typeof window !== 'undefined' && localStorage.getItem(NOTIFY_KEY) === '1';
}

export function setNotifyEnabled(on: boolean) {
  localStorage.setItem(NOTIFY_KEY, on ? '1' : '0');
}
