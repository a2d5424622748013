import { create } from 'zustand';

/** Button colours follow the style (spec section 4). */
export type DialogStyle = 'general' | 'success' | 'warning' | 'danger';

interface DialogBase {
  id: number;
  title: string;
  message: string;
  /** Shown as a bulleted list under the message (validation errors). */
  items?: string[];
  style: DialogStyle;
}

export type Dialog =
  | (DialogBase & { kind: 'confirm'; confirmLabel: string; cancelLabel: string })
  | (DialogBase & { kind: 'notice' | 'error'; closeLabel: string });

export interface DialogOptions {
  title: string;
  message: string;
  items?: string[];
  style?: DialogStyle;
}

interface DialogState {
  /** Open dialogs, oldest first; the last one is on top. */
  dialogs: Dialog[];
  /** The indeterminate progress dialog's message, or null when none is open. */
  progress: string | null;
  confirm: (
    options: DialogOptions & { confirmLabel?: string; cancelLabel?: string },
  ) => Promise<boolean>;
  notice: (options: DialogOptions & { closeLabel?: string }) => Promise<void>;
  /** The generic error dialog: titled 'Error' unless told otherwise, with a Close button. */
  error: (options: Partial<DialogOptions> & { message: string }) => Promise<void>;
  /** Answers a dialog: true for confirm, false for cancel or close. */
  settle: (id: number, answer: boolean) => void;
  showProgress: (message?: string) => void;
  /** Closing when none is open does nothing. */
  hideProgress: () => void;
}

let nextId = 1;
const waiting = new Map<number, (answer: boolean) => void>();

export const useDialogs = create<DialogState>()((set, get) => {
  const open = (dialog: Dialog) =>
    new Promise<boolean>((resolve) => {
      waiting.set(dialog.id, resolve);
      set((s) => ({ dialogs: [...s.dialogs, dialog] }));
    });

  return {
    dialogs: [],
    progress: null,
    confirm: (o) =>
      open({
        id: nextId++,
        kind: 'confirm',
        title: o.title,
        message: o.message,
        items: o.items,
        style: o.style ?? 'general',
        confirmLabel: o.confirmLabel ?? 'OK',
        cancelLabel: o.cancelLabel ?? 'Cancel',
      }),
    notice: async (o) => {
      await open({
        id: nextId++,
        kind: 'notice',
        title: o.title,
        message: o.message,
        items: o.items,
        style: o.style ?? 'general',
        closeLabel: o.closeLabel ?? 'OK',
      });
    },
    error: async (o) => {
      await open({
        id: nextId++,
        kind: 'error',
        title: o.title ?? 'Error',
        message: o.message,
        items: o.items,
        style: o.style ?? 'danger',
        closeLabel: 'Close',
      });
    },
    settle: (id, answer) => {
      set((s) => ({ dialogs: s.dialogs.filter((d) => d.id !== id) }));
      waiting.get(id)?.(answer);
      waiting.delete(id);
    },
    showProgress: (message = 'Please wait…') => {
      set({ progress: message });
    },
    hideProgress: () => {
      if (get().progress !== null) set({ progress: null });
    },
  };
});
