/** A record form's draft: the type's new record, or "type/id" for the edit of a record. */
export const recordDraftId = (typeName: string, recordId?: number): string =>
  recordId === undefined ? typeName : `${typeName}/${String(recordId)}`;

/** Which form of the record type a draft is of: 'new', a record's id, or null (not this type). */
export function parseRecordDraftId(
  typeName: string,
  draft: { kind: string; formId: string },
): 'new' | number | null {
  if (draft.kind !== 'record') return null;
  if (draft.formId === typeName) return 'new';
  const id = draft.formId.startsWith(`${typeName}/`)
    ? Number(draft.formId.slice(typeName.length + 1))
    : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}
