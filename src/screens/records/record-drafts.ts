/** A record form's draft: the type's new record, or "type/id" for the edit of a record. */
export const recordDraftId = (typeName: string, recordId?: number): string =>
  recordId === undefined ? typeName : `${typeName}/${String(recordId)}`;

/** Which record form a draft is of (the reverse of recordDraftId), or null for another kind. */
export function parseRecordDraft(draft: {
  kind: string;
  formId: string;
}): { typeName: string; recordId: number | undefined } | null {
  if (draft.kind !== 'record') return null;
  const slash = draft.formId.indexOf('/');
  if (slash < 0) return { typeName: draft.formId, recordId: undefined };
  const recordId = Number(draft.formId.slice(slash + 1));
  return Number.isInteger(recordId) && recordId > 0
    ? { typeName: draft.formId.slice(0, slash), recordId }
    : null;
}
