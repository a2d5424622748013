/**
 * The formulas of config/reports/*.json: a small, safe expression language, parsed here and
 * evaluated without eval or new Function. A formula combines the report's measures:
 *
 *   litres / cows / days_in_month(period)        output - variable_costs
 *   (deaths / opening_head) * 100                 max(a, b)
 *
 * Numbers, measure names, + − × ÷ (written + - * /), parentheses, unary minus, and the functions
 * of FUNCTIONS. A missing value (null) makes the whole figure missing, and so does a division
 * by nothing: a report shows a dash rather than NaN, Infinity or a made-up 0.
 */

export type Formula =
  | { kind: 'number'; value: number }
  | { kind: 'name'; name: string }
  | { kind: 'negate'; operand: Formula }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: Formula; right: Formula }
  | { kind: 'call'; name: string; args: Formula[] };

/** A formula that cannot be parsed: the message says what and at which character. */
export class FormulaError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
    this.name = 'FormulaError';
  }
}

/** What a formula's evaluation may ask of its report: a measure, and the period it is in. */
export interface FormulaScope {
  value(name: string): number | null;
  /** The period key ("2026-03", "2026") of the row being worked out; null across periods. */
  period: string | null;
}

interface FunctionEntry {
  /** What the function does, for the README and the validator's hint. */
  description: string;
  /** How many arguments it takes. */
  arity: number;
  /** Takes the period (the word `period`) rather than numbers. */
  takesPeriod?: boolean;
  apply(args: readonly (number | null)[], period: string | null): number | null;
}

const daysInMonth = (period: string | null): number | null => {
  const match = /^(\d{4})-(\d{2})$/.exec(period ?? '');
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
};

const daysInYear = (period: string | null): number | null => {
  const match = /^(\d{4})/.exec(period ?? '');
  if (!match) return null;
  const year = Number(match[1]);
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
};

const numbers = (args: readonly (number | null)[]): number[] | null =>
  args.every((a): a is number => a !== null) ? (args as number[]) : null;

/** The functions a formula may call, by name: a registry, so adding one is one entry. */
export const FUNCTIONS: Readonly<Record<string, FunctionEntry>> = {
  days_in_month: {
    description: 'days in the month of the row (days_in_month(period)), for per-day figures',
    arity: 1,
    takesPeriod: true,
    apply: (_args, period) => daysInMonth(period),
  },
  days_in_year: {
    description: 'days in the year of the row (days_in_year(period)): 365 or 366',
    arity: 1,
    takesPeriod: true,
    apply: (_args, period) => daysInYear(period),
  },
  abs: {
    description: 'the size of a number, without its sign',
    arity: 1,
    apply: (args) => {
      const n = numbers(args);
      return n ? Math.abs(n[0] ?? 0) : null;
    },
  },
  min: {
    description: 'the smaller of two figures',
    arity: 2,
    apply: (args) => {
      const n = numbers(args);
      return n ? Math.min(...n) : null;
    },
  },
  max: {
    description: 'the larger of two figures',
    arity: 2,
    apply: (args) => {
      const n = numbers(args);
      return n ? Math.max(...n) : null;
    },
  },
  or_zero: {
    description: 'the figure, or 0 where it is missing (a cost not incurred)',
    arity: 1,
    apply: (args) => args[0] ?? 0,
  },
};

type Token =
  | { type: 'number'; value: number; at: number }
  | { type: 'name'; value: string; at: number }
  | { type: 'op'; value: '+' | '-' | '*' | '/' | '(' | ')' | ','; at: number }
  | { type: 'end'; at: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const number = /^\d+(\.\d+)?/.exec(text.slice(i));
    if (number) {
      tokens.push({ type: 'number', value: Number(number[0]), at: i });
      i += number[0].length;
      continue;
    }
    const name = /^[a-z_][a-z0-9_]*/i.exec(text.slice(i));
    if (name) {
      tokens.push({ type: 'name', value: name[0], at: i });
      i += name[0].length;
      continue;
    }
    if ('+-*/(),'.includes(ch)) {
      tokens.push({ type: 'op', value: ch as '+', at: i });
      i++;
      continue;
    }
    throw new FormulaError(`"${ch}" is not part of a formula`, i);
  }
  tokens.push({ type: 'end', at: text.length });
  return tokens;
}

/**
 * Parses a formula (recursive descent: sum → product → unary → primary). Throws FormulaError
 * naming what was expected and where.
 */
export function parseFormula(text: string): Formula {
  const tokens = tokenize(text);
  let position = 0;
  const peek = (): Token => tokens[position] ?? { type: 'end', at: text.length };
  const next = (): Token => {
    const token = peek();
    position++;
    return token;
  };
  const isOp = (token: Token, ...ops: string[]) => token.type === 'op' && ops.includes(token.value);

  function sum(): Formula {
    let left = product();
    while (isOp(peek(), '+', '-')) {
      const op = (next() as { value: '+' | '-' }).value;
      left = { kind: 'binary', op, left, right: product() };
    }
    return left;
  }
  function product(): Formula {
    let left = unary();
    while (isOp(peek(), '*', '/')) {
      const op = (next() as { value: '*' | '/' }).value;
      left = { kind: 'binary', op, left, right: unary() };
    }
    return left;
  }
  function unary(): Formula {
    if (isOp(peek(), '-')) {
      next();
      return { kind: 'negate', operand: unary() };
    }
    return primary();
  }
  function primary(): Formula {
    const token = next();
    if (token.type === 'number') return { kind: 'number', value: token.value };
    if (token.type === 'name') {
      if (!isOp(peek(), '(')) return { kind: 'name', name: token.value };
      next();
      const args: Formula[] = [];
      if (!isOp(peek(), ')')) {
        args.push(sum());
        while (isOp(peek(), ',')) {
          next();
          args.push(sum());
        }
      }
      const close = next();
      if (!isOp(close, ')')) throw new FormulaError('expected ")" after the arguments', close.at);
      return { kind: 'call', name: token.value, args };
    }
    if (isOp(token, '(')) {
      const inner = sum();
      const close = next();
      if (!isOp(close, ')')) throw new FormulaError('expected ")"', close.at);
      return inner;
    }
    throw new FormulaError(
      token.type === 'end' ? 'the formula ends too soon' : 'expected a number, a name or "("',
      token.at,
    );
  }

  const formula = sum();
  const rest = peek();
  if (rest.type !== 'end') throw new FormulaError('expected an operator (+ - * /)', rest.at);
  return formula;
}

/** The names a formula reads (its measures), without the functions' `period`. */
export function namesIn(formula: Formula): string[] {
  switch (formula.kind) {
    case 'number':
      return [];
    case 'name':
      return [formula.name];
    case 'negate':
      return namesIn(formula.operand);
    case 'binary':
      return [...namesIn(formula.left), ...namesIn(formula.right)];
    case 'call':
      return FUNCTIONS[formula.name]?.takesPeriod ? [] : formula.args.flatMap(namesIn);
  }
}

/** What is wrong with a formula's calls (unknown function, wrong arguments); empty when none. */
export function callProblems(formula: Formula): string[] {
  switch (formula.kind) {
    case 'number':
    case 'name':
      return [];
    case 'negate':
      return callProblems(formula.operand);
    case 'binary':
      return [...callProblems(formula.left), ...callProblems(formula.right)];
    case 'call': {
      const entry = Object.hasOwn(FUNCTIONS, formula.name) ? FUNCTIONS[formula.name] : undefined;
      if (!entry)
        return [
          `calls "${formula.name}", which is not a function of formulas (${Object.keys(FUNCTIONS).join(', ')})`,
        ];
      if (formula.args.length !== entry.arity)
        return [
          `calls ${formula.name} with ${String(formula.args.length)} argument(s); it takes ${String(entry.arity)}`,
        ];
      if (entry.takesPeriod) {
        const [arg] = formula.args;
        return arg?.kind === 'name' && arg.name === 'period'
          ? []
          : [`${formula.name} takes the word period: ${formula.name}(period)`];
      }
      return formula.args.flatMap(callProblems);
    }
  }
}

const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);

/** The formula's value in a scope: null when any figure it needs is missing or it divides by 0. */
export function evaluateFormula(formula: Formula, scope: FormulaScope): number | null {
  switch (formula.kind) {
    case 'number':
      return formula.value;
    case 'name':
      return scope.value(formula.name);
    case 'negate': {
      const v = evaluateFormula(formula.operand, scope);
      return v === null ? null : -v;
    }
    case 'binary': {
      const left = evaluateFormula(formula.left, scope);
      const right = evaluateFormula(formula.right, scope);
      if (left === null || right === null) return null;
      if (formula.op === '+') return finite(left + right);
      if (formula.op === '-') return finite(left - right);
      if (formula.op === '*') return finite(left * right);
      return right === 0 ? null : finite(left / right);
    }
    case 'call': {
      const entry = Object.hasOwn(FUNCTIONS, formula.name) ? FUNCTIONS[formula.name] : undefined;
      if (!entry) return null;
      const args = entry.takesPeriod ? [] : formula.args.map((a) => evaluateFormula(a, scope));
      const value = entry.apply(args, scope.period);
      return value === null ? null : finite(value);
    }
  }
}
