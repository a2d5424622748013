import formLoaders from 'virtual:assessment-forms';
import { builtPageForms } from '../surveys/survey-forms.ts';

/** The sections of an assessment template version, compiled at build time as survey pages are. */
export const assessmentSectionForms = builtPageForms(formLoaders, 'assessment template');
