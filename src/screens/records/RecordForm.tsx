import Form, { getDefaultRegistry } from '@rjsf/core';
import type { ValidatorType } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import type { ApiErrorBody, ApiRecord } from '../../../shared/api.ts';
import { apiPost, apiPut } from '../../core/api/client.ts';
import { ApiError } from '../../core/api/errors.ts';
import { schemaVersionOf } from '../../core/drafts/schema-version.ts';
import { useDraft } from '../../core/drafts/use-draft.ts';
import { reportError } from '../../core/errors/report-error.ts';
import type { RecordTypeConfig } from '../../engine/record-types.ts';
import {
  loadedRecordValidator,
  RECORD_FORM_DEFAULTS,
  recordValidator,
} from '../../engine/record-validator.ts';
import { registeredWidgets } from '../../engine/widget-registry.ts';
import { Button } from '../../ui/Button.tsx';
import { DraftNotice } from '../../ui/drafts/DraftNotice.tsx';
import { DelayedProgress } from '../../ui/progress/ProgressBar.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { PlainErrorList } from '../../ui/forms/PlainErrorList.tsx';
import '../../widgets/index.ts';
import { deferredWidgets } from '../../widgets/deferred-changes.tsx';
import { NumberField } from '../../widgets/NumberField.tsx';
import { ObjectField } from '../../widgets/ObjectField.tsx';
import form from '../../ui/forms/FormPanel.module.css';
import { plainFormErrors, serverErrorSchema } from './form-errors.ts';
import { recordDraftId } from './record-drafts.ts';
import { useFormData } from './use-form-data.ts';

interface RecordFormProps {
  type: RecordTypeConfig;
  unitId: number;
  /** The record being edited; undefined adds a new one. */
  record?: ApiRecord;
  onSaved: (record: ApiRecord) => void;
  onCancel: () => void;
}

/** The per-field errors of a 406, when the server sent some; other failures are reported. */
function fieldErrorsOf(error: unknown): ApiErrorBody['errors'] | undefined {
  if (!(error instanceof ApiError) || error.status !== 406) return undefined;
  const errors = error.body?.errors;
  if (errors === undefined) return undefined;
  return (Array.isArray(errors) ? errors.length : Object.keys(errors).length) > 0
    ? errors
    : undefined;
}

const TEMPLATES = { ErrorListTemplate: PlainErrorList };

/**
 * RJSF's widgets and the project's, each showing what is typed at once and giving it to the form
 * when typing pauses or the field is left (src/widgets/deferred-changes.tsx): on a form of a
 * couple of hundred fields a keystroke re-renders its field, and the form catches up after.
 */
const WIDGETS = deferredWidgets({ ...getDefaultRegistry().widgets, ...registeredWidgets() });
const FIELDS = { NumberField, ObjectField };

/**
 * A record type's form, rendered by RJSF with the project's widgets and checked in the browser by
 * the validators compiled at build time; the server checks the same schema again on save. Every
 * message is in plain words (shared/field-messages.ts), the browser's and the server's alike: a
 * save the server refuses shows its messages on the fields, and keeps what the user typed.
 */
export function RecordForm({ type, unitId, record, onSaved, onCancel }: RecordFormProps) {
  // Loaded with the list (RecordsScreen), so the form opens without a loading state.
  const [validator, setValidator] = useState<ValidatorType | null>(
    () => loadedRecordValidator(type) ?? null,
  );
  const [saving, setSaving] = useState(false);
  const { formData, onChange, onError, show, showing, container, replace } = useFormData(
    record?.data ?? {},
  );
  // One draft per form: a new record of the type, or the edit of one record.
  const draft = useDraft<Record<string, unknown>>({
    unitId,
    kind: 'record',
    formId: recordDraftId(type.name, record?.id),
    schemaVersion: schemaVersionOf(type.schema),
  });
  /** The per-field errors of the save the server last refused. */
  const [refusal, setRefusal] = useState<ApiErrorBody['errors'] | null>(null);
  // The same objects on every render: RJSF compares its props deeply when they are new.
  const uiSchema = useMemo(
    () => ({ ...type.uiSchema, 'ui:submitButtonOptions': { norender: true } }),
    [type.uiSchema],
  );
  const transformErrors = useMemo(() => plainFormErrors(type.schema), [type.schema]);
  // A field's server message stays until the user changes that field's value (which the form
  // hears when typing pauses or the field is left).
  const extraErrors = useMemo(
    () =>
      refusal ? serverErrorSchema(refusal, type.schema, (field) => showing.has(field)) : undefined,
    [refusal, showing, type.schema],
  );

  useEffect(() => {
    if (validator) return undefined;
    let current = true;
    recordValidator(type).then(
      (v) => {
        if (current) setValidator(() => v);
      },
      (error: unknown) => reportError(error),
    );
    return () => {
      current = false;
    };
  }, [type, validator]);

  if (!validator) return <PageLoading />;

  const base = `/units/${String(unitId)}/records/${type.name}`;
  const save = async (data: Record<string, unknown>) => {
    setSaving(true);
    setRefusal(null);
    try {
      const saved = record
        ? await apiPut<ApiRecord>(`${base}/${String(record.id)}`, data)
        : await apiPost<ApiRecord>(base, data);
      await draft.saved();
      onSaved(saved);
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (errors === undefined) reportError(error);
      else {
        setRefusal(errors);
        show(Array.isArray(errors) ? [] : Object.keys(errors));
      }
    } finally {
      setSaving(false);
    }
  };

  const item = type.itemTitle ?? 'record';
  return (
    <section
      ref={container}
      className={`${form.form} ${form.longForm}`}
      aria-labelledby="record-form-heading"
    >
      <h2 id="record-form-heading">{record ? `Edit ${item}` : `Add ${item}`}</h2>
      <DraftNotice draft={draft} unsaved={`an unsaved ${item}`} onResume={replace} />
      <Form
        schema={type.schema}
        uiSchema={uiSchema}
        formData={formData}
        validator={validator}
        widgets={WIDGETS}
        fields={FIELDS}
        showErrorList="top"
        templates={TEMPLATES}
        transformErrors={transformErrors}
        extraErrors={extraErrors}
        focusOnFirstError
        // The messages are on the form; RJSF would also log them to the console.
        onError={onError}
        experimental_defaultFormStateBehavior={RECORD_FORM_DEFAULTS}
        noHtml5Validate
        disabled={saving}
        onChange={(e) => {
          const data = e.formData as Record<string, unknown>;
          onChange(data);
          draft.keep(data);
        }}
        onSubmit={(e) => void save(e.formData as Record<string, unknown>)}
      >
        <div className={form.actions}>
          <Button type="submit" busy={saving} busyLabel="Saving…">
            Save
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        </div>
        <DelayedProgress active={saving} label={`Saving the ${item}…`} />
      </Form>
    </section>
  );
}
