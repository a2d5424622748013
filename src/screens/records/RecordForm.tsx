import Form, { getDefaultRegistry } from '@rjsf/core';
import type { ValidatorType } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import type { ApiErrorBody, ApiRecord } from '../../../shared/api.ts';
import type { OutboxItem } from '../../core/outbox/outbox-item.ts';
import { discardItem, submitWrite } from '../../core/outbox/outbox-store.ts';
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
import { recordTarget } from './record-target.ts';
import { useFormData } from './use-form-data.ts';

interface RecordFormProps {
  type: RecordTypeConfig;
  unitId: number;
  /** The record being edited; undefined adds a new one. */
  record?: ApiRecord;
  /** A write the server refused from the outbox, opened here to be fixed: its data and reasons. */
  fix?: OutboxItem;
  /** What the user would call a record with this data, in the outbox's list. */
  describe: (data: Record<string, unknown>) => string;
  onSaved: (record: ApiRecord) => void;
  /** No answer came: the write waits in the outbox, on this device, to be sent. */
  onQueued: (item: OutboxItem) => void;
  onCancel: () => void;
}

/** The per-field errors of a refusal, when the server sent some; other failures are reported. */
function fieldErrorsOf(
  errors: ApiErrorBody['errors'] | undefined,
): ApiErrorBody['errors'] | undefined {
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
export function RecordForm(props: RecordFormProps) {
  const { type, unitId, record, fix, describe, onSaved, onQueued, onCancel } = props;
  // Loaded with the list (RecordsScreen), so the form opens without a loading state.
  const [validator, setValidator] = useState<ValidatorType | null>(
    () => loadedRecordValidator(type) ?? null,
  );
  const [saving, setSaving] = useState(false);
  const { formData, onChange, onError, show, showing, container, replace } = useFormData(
    (fix?.body as Record<string, unknown> | undefined) ?? record?.data ?? {},
  );
  const recordId = record?.id ?? fix?.target?.recordId;
  // One draft per form: a new record of the type, or the edit of one record.
  const draft = useDraft<Record<string, unknown>>({
    unitId,
    kind: 'record',
    formId: recordDraftId(type.name, recordId),
    schemaVersion: schemaVersionOf(type.schema),
  });
  /** The per-field errors of the save the server last refused. */
  const [refusal, setRefusal] = useState<ApiErrorBody['errors'] | null>(
    () => fieldErrorsOf(fix?.refusal?.errors) ?? null,
  );
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
      // Through the outbox: kept on this device first, so a lost connection loses nothing.
      const outcome = await submitWrite<ApiRecord>({
        method: recordId === undefined ? 'POST' : 'PUT',
        path: recordId === undefined ? base : `${base}/${String(recordId)}`,
        body: data,
        label: describe(data),
        target: recordTarget(type.name, unitId, recordId),
      });
      // The outbox's copy replaces the one opened to be fixed.
      if (fix && outcome.kind !== 'refused') await discardItem(fix.key);
      // Taken by the server, or kept by the outbox: the draft has done its work.
      if (outcome.kind !== 'refused') await draft.saved();
      if (outcome.kind === 'sent') onSaved(outcome.data);
      else if (outcome.kind === 'queued') onQueued(outcome.item);
      else {
        const errors = fieldErrorsOf(outcome.error.body?.errors);
        if (errors === undefined) reportError(outcome.error);
        else {
          setRefusal(errors);
          show(Array.isArray(errors) ? [] : Object.keys(errors));
        }
      }
    } catch (error) {
      reportError(error);
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
      <h2 id="record-form-heading">{recordId !== undefined ? `Edit ${item}` : `Add ${item}`}</h2>
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
