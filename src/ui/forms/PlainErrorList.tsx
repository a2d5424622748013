import type { ErrorListProps } from '@rjsf/utils';

/**
 * RJSF's error list, showing each message as it is: the messages already name their field
 * ("Butterfat must be at most 10"), where RJSF's own list would prefix a path (".butterfat_percent").
 */
export function PlainErrorList({ errors }: ErrorListProps) {
  const messages = [...new Set(errors.map((e) => e.message ?? e.stack))];
  return (
    <div className="panel panel-danger errors" role="alert">
      <h3 className="panel-title">Please correct the following</h3>
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
