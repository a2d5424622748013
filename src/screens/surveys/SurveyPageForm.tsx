import Form from '@rjsf/core';
import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import { useMemo, type ReactNode } from 'react';
import type { SurveyPage, SurveyPrefill } from '../../../shared/surveys/types.ts';
import { RECORD_FORM_DEFAULTS } from '../../engine/record-validator.ts';
import { registeredWidgets } from '../../engine/widget-registry.ts';
import { PlainErrorList } from '../../ui/forms/PlainErrorList.tsx';
import '../../widgets/index.ts';
import form from '../../ui/forms/FormPanel.module.css';
import { plainFormErrors } from '../records/form-errors.ts';
import { PrefillNote } from './PrefillNote.tsx';
import { RadioGroupWidget } from './RadioGroupWidget.tsx';
import type { SurveyPageForm as BuiltPage } from './survey-forms.ts';

type PageAnswers = Record<string, unknown>;

interface SurveyPageFormProps {
  built: BuiltPage;
  page: SurveyPage;
  data: PageAnswers;
  prefill: SurveyPrefill;
  /** The server's messages on this page's questions, from a refused submit. */
  extraErrors?: ErrorSchema;
  onChange: (data: PageAnswers) => void;
  /** The page is valid: go on. */
  onNext: (data: PageAnswers) => void;
  /** The wizard's buttons (Back, Next), inside the form so that Next submits it. */
  children: ReactNode;
}

const TEMPLATES = { ErrorListTemplate: PlainErrorList };

/**
 * As record forms, and a required yes/no question starts unanswered: RJSF would otherwise fill it
 * with false, an answer "No" the farm never gave, sent to its buyer.
 */
const SURVEY_FORM_DEFAULTS = { ...RECORD_FORM_DEFAULTS, requiredBooleanDefault: 'skip' } as const;

/**
 * One page of a survey, drawn by RJSF with the record forms' widgets and plain messages, and
 * checked in the browser by the validator compiled at build time before the wizard moves on. A
 * prefilled question says where its answer came from, under the field.
 */
export function SurveyPageForm({
  built,
  page,
  data,
  prefill,
  extraErrors,
  onChange,
  onNext,
  children,
}: SurveyPageFormProps) {
  const transformErrors = useMemo(() => plainFormErrors(built.schema), [built.schema]);

  const uiSchema = useMemo(() => {
    const ui: UiSchema = { ...built.uiSchema, 'ui:submitButtonOptions': { norender: true } };
    const questions = (built.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [name, question] of Object.entries(questions)) {
      const source = prefill.sources[`/${page.id}/${name}`];
      if (source === undefined) continue;
      const own = (built.uiSchema[name] ?? {}) as UiSchema;
      ui[name] = {
        ...own,
        'ui:help': (
          <PrefillNote
            source={source}
            questionSchema={question}
            prefilled={prefill.answers[page.id]?.[name]}
            value={data[name]}
          />
        ),
      };
    }
    return ui;
  }, [built.uiSchema, built.schema, page, prefill, data]);

  return (
    <Form
      className={form.form}
      schema={built.schema}
      uiSchema={uiSchema}
      formData={data}
      validator={built.validator}
      widgets={{ ...registeredWidgets(), RadioWidget: RadioGroupWidget }}
      templates={TEMPLATES}
      showErrorList="top"
      transformErrors={transformErrors}
      extraErrors={extraErrors}
      focusOnFirstError
      // The messages are on the form; RJSF would also log them to the console.
      onError={() => undefined}
      experimental_defaultFormStateBehavior={SURVEY_FORM_DEFAULTS}
      noHtml5Validate
      onChange={(e) => onChange((e.formData ?? {}) as PageAnswers)}
      onSubmit={(e) => onNext((e.formData ?? {}) as PageAnswers)}
    >
      {children}
    </Form>
  );
}
