/**
 * What every calculator answers: its method version and the tables it read, the totals and one
 * line per contribution, each saying how it was worked out and from which table values.
 */

/** One contribution to a result. */
export interface ResultLine {
  /** Stable within a result: "enteric:0", "band:2", "operation:1". */
  id: string;
  label: string;
  /** What the line counts towards (a source of emissions, a band, an operation). */
  source: string;
  /** The calculation in words and numbers, e.g. "200 head × 126 kg CH4/head/yr". */
  formula: string;
  /** The table values used, as <id>@<version>#<key>. */
  uses: string[];
  /** False when a value it used is marked unconfirmed in its table. */
  confirmed: boolean;
  /** Notes to show beside the line (an unconfirmed value's note, a convention). */
  notes?: string[];
  /** The line's figures (kg of a gas, kg CO2e, pence, STIR, Field Use EIQ…). */
  values: Record<string, number | string | null>;
}

export interface EvaluationResult<Totals> {
  calculator: string;
  methodVersion: string;
  /** The tables the method read, by role, as <id>@<version>. */
  tables: Record<string, string>;
  totals: Totals;
  lines: ResultLine[];
  /** Notes for the whole result (conventions, unconfirmed values used). */
  notes: string[];
}

/** Problems with a call's inputs, per field (dotted path: "animals.0.storage.1.months"). */
export class InputError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super('The inputs are not valid.');
    this.name = 'InputError';
  }
}

/** Collects input problems per field and throws them together. */
export class Problems {
  private readonly byField: Record<string, string[]> = Object.create(null) as Record<
    string,
    string[]
  >;

  add(field: string, message: string): void {
    (this.byField[field] ??= []).push(message);
  }

  get any(): boolean {
    return Object.keys(this.byField).length > 0;
  }

  throwIfAny(): void {
    if (this.any) throw new InputError(this.byField);
  }
}

/** A number or 0 for an input that was not given. */
export const orZero = (value: number | undefined | null): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;
