import { Link } from 'react-router-dom';

/** A field address that names no field (not a number): the way back to MiFarm. */
export function NotFoundNotice() {
  return (
    <>
      <h1>Field</h1>
      <p>
        There is no such field.{' '}
        <Link to="../.." relative="path">
          Back to MiFarm
        </Link>
      </p>
    </>
  );
}
