import Form from '@rjsf/core';
import type { ValidatorType } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import type { ApiRecord } from '../../../shared/api.ts';
import { apiPost, apiPut } from '../../core/api/client.ts';
import { reportError } from '../../core/errors/report-error.ts';
import {
  RECORD_FORM_DEFAULTS,
  recordValidator,
  type RecordTypeConfig,
} from '../../engine/record-types.ts';
import { registeredWidgets } from '../../engine/widget-registry.ts';
import { Button } from '../../ui/Button.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import '../../widgets/index.ts';
import form from '../../ui/forms/FormPanel.module.css';

interface RecordFormProps {
  type: RecordTypeConfig;
  unitId: number;
  /** The record being edited; undefined adds a new one. */
  record?: ApiRecord;
  onSaved: (record: ApiRecord) => void;
  onCancel: () => void;
}

/**
 * A record type's form, rendered by RJSF with the project's widgets and checked in the browser by
 * the validators compiled at build time; the server checks the same schema again on save.
 */
export function RecordForm({ type, unitId, record, onSaved, onCancel }: RecordFormProps) {
  const [validator, setValidator] = useState<ValidatorType | null>(null);
  const [saving, setSaving] = useState(false);
  const [data, setData] = useState<Record<string, unknown>>(record?.data ?? {});

  useEffect(() => {
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
  }, [type]);

  if (!validator) return <PageLoading />;

  const base = `/units/${String(unitId)}/records/${type.name}`;
  const save = async (formData: Record<string, unknown>) => {
    setSaving(true);
    try {
      const saved = record
        ? await apiPut<ApiRecord>(`${base}/${String(record.id)}`, formData)
        : await apiPost<ApiRecord>(base, formData);
      onSaved(saved);
    } catch (error) {
      reportError(error);
    } finally {
      setSaving(false);
    }
  };

  const item = type.itemTitle ?? 'record';
  return (
    <section className={form.form} aria-labelledby="record-form-heading">
      <h2 id="record-form-heading">{record ? `Edit ${item}` : `Add ${item}`}</h2>
      <Form
        schema={type.schema}
        uiSchema={{ ...type.uiSchema, 'ui:submitButtonOptions': { norender: true } }}
        formData={data}
        validator={validator}
        widgets={registeredWidgets()}
        showErrorList="top"
        experimental_defaultFormStateBehavior={RECORD_FORM_DEFAULTS}
        noHtml5Validate
        disabled={saving}
        onChange={(e) => setData(e.formData as Record<string, unknown>)}
        onSubmit={(e) => void save(e.formData as Record<string, unknown>)}
      >
        <div className={form.actions}>
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        </div>
      </Form>
    </section>
  );
}
