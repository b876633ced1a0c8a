export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface ToastMessage {
  id: number;
  message: string;
  severity: ToastSeverity;
  title?: string;
}

type Listener = (toast: ToastMessage) => void;
const listeners = new Set<Listener>();
let nextId = 1;

/**
 * Toasts are raised from anywhere (providers, HTTP callbacks, screens) and drawn by the one
 * <ToastProvider>, which lives inside the theme. A module-level channel avoids ordering the
 * providers around who may raise a toast.
 */
function show(message: string, severity: ToastSeverity = 'info', title?: string): void {
  const toast = { id: nextId++, message, severity, title };
  for (const listener of listeners) listener(toast);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const toast = {
  show,
  success: (message: string) => show(message, 'success'),
  error: (message: string, title?: string) => show(message, 'error', title),
  info: (message: string) => show(message, 'info'),
  warning: (message: string) => show(message, 'warning'),
};

export type ToastApi = typeof toast;

export function useToast(): ToastApi {
  return toast;
}
