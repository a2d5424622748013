/**
 * The check a JSON Schema cannot make of a record type's `uniqueKey`
 * (schemas/record-type.schema.json): that each of its fields is a field of schema.properties, and
 * that a field compared "per" month or year is a date.
 */

interface Problem {
  file: string;
  pointer: string;
  message: string;
  hint: string;
}

interface RecordTypeWithKey {
  schema: { properties: Record<string, unknown> };
  uniqueKey?: unknown;
}

export function checkUniqueKey(record: RecordTypeWithKey, file: string): Problem[] {
  const key = record.uniqueKey;
  if (!Array.isArray(key)) return [];
  const fields = record.schema.properties;
  const problems: Problem[] = [];
  key.forEach((entry: unknown, i) => {
    const named = typeof entry === 'string' ? entry : (entry as { field?: unknown }).field;
    const per = typeof entry === 'object' ? (entry as { per?: unknown }).per : undefined;
    if (typeof named !== 'string') return; // the schema check says so
    const pointer = `/uniqueKey/${String(i)}${typeof entry === 'string' ? '' : '/field'}`;
    if (!Object.hasOwn(fields, named)) {
      problems.push({
        file,
        pointer,
        message: `makes "${named}" part of the uniqueness key, but schema.properties has no such field`,
        hint: 'correct it to a field of schema.properties, or add the field there',
      });
      return;
    }
    const format = (fields[named] as { format?: unknown } | undefined)?.format;
    if ((per === 'month' || per === 'year') && format !== 'date') {
      problems.push({
        file,
        pointer: `/uniqueKey/${String(i)}/per`,
        message: `compares "${named}" per ${per}, but it is not a date field (format "date")`,
        hint: `compare it by its whole value ("${named}"), or key on a date field`,
      });
    }
  });
  return problems;
}
