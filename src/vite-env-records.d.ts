declare module 'virtual:record-validators/*' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  const validators: ValidatorFunctions;
  export default validators;
}

declare module 'virtual:record-validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  const loaders: Record<string, () => Promise<{ default: ValidatorFunctions }>>;
  export default loaders;
}
