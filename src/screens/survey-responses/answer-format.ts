import type { SurveyPage } from '../../../shared/surveys/types.ts';
import { formatDate } from '../../core/format/dates.ts';
import { formatNumber } from '../../core/format/numbers.ts';

/** One question of a page as the read-only view shows it. */
export interface ShownAnswer {
  name: string;
  title: string;
  /** The answer in words, or null when the page holds none. */
  text: string | null;
}

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A choice's title ("Red Tractor Assured") rather than its stored code, from oneOf or items. */
function choiceTitle(schema: Schema | undefined, value: unknown): string | undefined {
  const options = schema?.oneOf;
  if (!Array.isArray(options)) return undefined;
  const choice: unknown = options.find((option) => isObject(option) && option.const === value);
  return isObject(choice) && typeof choice.title === 'string' ? choice.title : undefined;
}

/** The widget options a question's uiSchema gives it: unit, decimals (as record forms use them). */
function uiOptions(uiSchema: Schema, name: string): { unit?: string; decimals?: number } {
  const field = uiSchema[name];
  const options = isObject(field) ? field['ui:options'] : undefined;
  if (!isObject(options)) return {};
  return {
    unit: typeof options.unit === 'string' ? options.unit : undefined,
    decimals: typeof options.decimals === 'number' ? options.decimals : undefined,
  };
}

/** An answer in words through its question's schema: choices by title, dates, figures with units. */
export function answerText(
  value: unknown,
  schema: Schema | undefined,
  options: { unit?: string; decimals?: number } = {},
): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    const items = isObject(schema?.items) ? schema.items : undefined;
    // A list of rows (crops, sprays) one to a line; a list of choices on one line.
    const separator = value.some(isObject) ? '\n' : '; ';
    return value.map((item) => answerText(item, items) ?? '—').join(separator);
  }
  const title = choiceTitle(schema, value);
  if (title !== undefined) return title;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    const figure = formatNumber(value, options.decimals ?? 2);
    return options.unit ? `${figure} ${options.unit}` : figure;
  }
  if (typeof value === 'string') {
    return schema?.format === 'date' ? formatDate(value, 'medium') || value : value;
  }
  if (isObject(value)) {
    // The row's fields in the schema's order, each answered one named by its title.
    const properties = isObject(schema?.properties) ? schema.properties : {};
    const keys = [
      ...Object.keys(properties).filter((key) => Object.hasOwn(value, key)),
      ...Object.keys(value).filter((key) => !Object.hasOwn(properties, key)),
    ];
    const parts = keys.flatMap((key) => {
      const innerSchema = properties[key];
      const inner = isObject(innerSchema) ? innerSchema : undefined;
      const shown = answerText(value[key], inner);
      if (shown === null) return [];
      return [`${typeof inner?.title === 'string' ? inner.title : key}: ${shown}`];
    });
    return parts.length === 0 ? null : parts.join(', ');
  }
  return JSON.stringify(value);
}

/** The page's questions in the order the wizard asks them (uiSchema's ui:order, else the schema's). */
export function pageAnswers(page: SurveyPage, answers: Record<string, unknown> | undefined) {
  const properties = isObject(page.schema.properties) ? page.schema.properties : {};
  const names = Object.keys(properties);
  const order = page.uiSchema['ui:order'];
  const ordered = Array.isArray(order)
    ? [
        ...order.filter((n): n is string => typeof n === 'string' && names.includes(n)),
        ...names.filter((n) => !order.includes(n)),
      ]
    : names;
  return ordered.map((name): ShownAnswer => {
    const schema = properties[name];
    const question = isObject(schema) ? schema : undefined;
    return {
      name,
      title: typeof question?.title === 'string' ? question.title : name,
      text: answerText(answers?.[name], question, uiOptions(page.uiSchema, name)),
    };
  });
}
