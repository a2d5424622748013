import { useState } from 'react';

/** The rows of a calculator: edited in place, added at the end, removed anywhere. */
export function useEditableRows<T extends object>(initial: readonly T[]) {
  const [rows, setRows] = useState<readonly T[]>(initial);
  return {
    rows,
    update: (index: number, change: Partial<T>) =>
      setRows((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row))),
    add: (row: T) => setRows((all) => [...all, row]),
    remove: (index: number) => setRows((all) => all.filter((_, i) => i !== index)),
    /** All rows at once: a saved calculation reopened. */
    replace: (next: readonly T[]) => setRows(next),
  };
}

/** A typed figure; an empty, partial or negative entry counts as 0 until it is a number. */
const numberFrom = (text: string) => {
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

interface NumberInputProps {
  label: string;
  value: number;
  max: number;
  step: number;
  /** Caps the value at max as it is typed (the input's max alone only flags it). */
  capAtMax?: boolean;
  onChange: (value: number) => void;
}

/** A non-negative figure in a calculator row, labelled for screen readers. */
export function NumberInput({ label, value, max, step, capAtMax, onChange }: NumberInputProps) {
  return (
    <input
      type="number"
      min={0}
      max={max}
      step={step}
      aria-label={label}
      value={value}
      onChange={(e) => {
        const n = numberFrom(e.target.value);
        onChange(capAtMax ? Math.min(max, n) : n);
      }}
    />
  );
}
