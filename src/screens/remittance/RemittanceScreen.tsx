import { useParams } from 'react-router-dom';
import { StatementsList } from './StatementsList.tsx';
import { StatementView } from './StatementView.tsx';
import { UnknownStatement, statementId } from './UnknownStatement.tsx';

/**
 * Remittance Advice for the provider's staff (issue 19 point 4): their provider's statements by
 * grower and period, and with a statement in the address, that statement. Rule `remittance`
 * (config/rules.json), the one the server's /api/remittance calls require.
 */
export default function RemittanceScreen() {
  const { statement } = useParams();
  if (statement === undefined) {
    return (
      <>
        <h1>Remittance Advice</h1>
        <p>
          What your business has paid its growers: a statement per grower and month, from the loads
          taken in, their QC results, charges, levies, haulage and VAT.
        </p>
        <StatementsList base="/remittance/statements" staff />
      </>
    );
  }
  const id = statementId(statement);
  if (id === null) return <UnknownStatement />;
  return <StatementView key={id} path={`/remittance/statements/${String(id)}`} />;
}
