import { Link } from 'react-router-dom';

/** A statement id from the address: a positive whole number, else null (nothing is fetched). */
export function statementId(param: string): number | null {
  return /^\d{1,9}$/.test(param) && Number(param) > 0 ? Number(param) : null;
}

/** An address that names no statement. */
export function UnknownStatement() {
  return (
    <>
      <p>
        <Link to=".." relative="path">
          All statements
        </Link>
      </p>
      <h1>Remittance statement</h1>
      <p>There is no such statement. Choose one from the list.</p>
    </>
  );
}
