import { Link, useParams } from 'react-router-dom';
import { useAccount } from '../../core/account/account-store.ts';
import { appPaths } from '../../core/config.ts';
import { StatementsList } from './StatementsList.tsx';
import { StatementView } from './StatementView.tsx';
import { UnknownStatement, statementId } from './UnknownStatement.tsx';

/**
 * A farm's own remittance statements (issue 19 point 4): what the selected plan's provider paid
 * the selected unit, month by month, and one statement with its lines and QC reconciliation, the
 * same view the provider's staff see. Rule `farm-remittance`; reached from the dashboard.
 */
export default function FarmRemittanceScreen() {
  const { statement } = useParams();
  const unit = useAccount((s) => s.unit);
  if (!unit) {
    return (
      <>
        <h1>Remittance Advice</h1>
        <p>
          Choose a unit first. <Link to={appPaths.home}>Go to the dashboard</Link>
        </p>
      </>
    );
  }
  const base = `/units/${String(unit.id)}/remittance/statements`;
  if (statement === undefined) {
    return (
      <>
        <h1>Remittance Advice</h1>
        <p>What your buyer has paid {unit.name}: a statement a month for the loads delivered.</p>
        <StatementsList key={unit.id} base={base} staff={false} />
      </>
    );
  }
  const id = statementId(statement);
  if (id === null) return <UnknownStatement />;
  return <StatementView key={`${String(unit.id)}:${String(id)}`} path={`${base}/${String(id)}`} />;
}
