import Form, { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ObjectField } from '../../src/widgets/ObjectField.tsx';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    breed: { type: 'string', title: 'Breed' },
    notes: { type: 'string', title: 'Notes' },
  },
};
const SchemaField = (() => {
  const field = getDefaultRegistry().fields.SchemaField;
  if (!field) throw new Error('RJSF has no SchemaField');
  return field;
})();

describe("the record form's object field", () => {
  /**
   * RJSF's SchemaField, counting how often each property's is rendered (by name): the work of
   * rendering a field starts there, before RJSF's own deep comparison of its props.
   */
  function counted() {
    const renders = new Map<string, number>();
    function Counting(props: FieldProps) {
      renders.set(props.name, (renders.get(props.name) ?? 0) + 1);
      return <SchemaField {...props} />;
    }
    return { renders, fields: { ObjectField, SchemaField: Counting } };
  }

  it('renders only the field whose value changed when the form takes a value', () => {
    const { renders, fields } = counted();
    const onChange = vi.fn<(data: unknown) => void>();
    render(
      <Form
        schema={schema}
        uiSchema={{ 'ui:order': ['name', 'breed', 'notes'] }}
        validator={validator}
        fields={fields}
        onChange={(e) => onChange(e.formData)}
      />,
    );
    renders.clear();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Daisy' } });
    expect(onChange).toHaveBeenLastCalledWith({ name: 'Daisy' });
    expect(screen.getByLabelText('Name')).toHaveValue('Daisy');
    expect(renders.get('name')).toBeGreaterThan(0);
    expect(renders.has('breed')).toBe(false);
    expect(renders.has('notes')).toBe(false);
  });

  it('shows a uiSchema given anew with different entries', () => {
    const { fields } = counted();
    const form = (uiSchema: UiSchema) => (
      <Form schema={schema} uiSchema={uiSchema} validator={validator} fields={fields} />
    );
    const { rerender } = render(form({ breed: { 'ui:title': 'Breed' } }));
    expect(screen.getByLabelText('Breed')).toBeInTheDocument();
    rerender(form({ breed: { 'ui:title': 'Main breed' } }));
    expect(screen.getByLabelText('Main breed')).toBeInTheDocument();
    rerender(form({ 'ui:order': ['notes', '*'], breed: { 'ui:title': 'Main breed' } }));
    const labels = [...document.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual(['Notes', 'Name', 'Main breed']);
  });
});
