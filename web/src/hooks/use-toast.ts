// A tiny toast store with the spec's Radix-style behaviour: one toast at a time (a new one
// replaces the old), and a dismissed toast stays mounted for 1,000,000 ms so Radix can animate
// it out without a remount. `toast()` works outside React (e.g. in mutation callbacks).
import { useSyncExternalStore } from 'react';

const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'success' | 'destructive';

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
};

export type ToastMessage = ToastInput & { id: string; open: boolean };

let toasts: ToastMessage[] = [];
let nextId = 0;
let anyRaised = false;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastMessage[]): void {
  toasts = next;
  listeners.forEach((notify) => notify());
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id: string): void {
  scheduleRemoval(id);
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  anyRaised = true;
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}

/** Whether any toast has been raised yet: the toaster's code loads with the first one. */
export function useAnyToastRaised(): boolean {
  return useSyncExternalStore(subscribe, () => anyRaised, () => false);
}
