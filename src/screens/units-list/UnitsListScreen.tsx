import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApiUnitListing, ApiUnitsPage } from '../../../shared/api.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { useApiPaged } from '../../core/api/use-api.ts';
import { appPaths } from '../../core/config.ts';
import { formatNumber } from '../../core/format/numbers.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { useSession } from '../../core/session/session-store.ts';
import { worksForACompany } from '../../core/session/user.ts';
import { Button } from '../../ui/Button.tsx';
import { ListView } from '../../ui/list/ListView.tsx';
import { SearchBox } from '../../ui/search/SearchBox.tsx';
import { useBranding } from '../../core/branding/branding-store.ts';
import { useSearchPaging } from '../../ui/search/use-search-paging.ts';
import styles from './UnitsListScreen.module.css';

const PER_PAGE = 10;

const addressLine = (a: ApiUnitListing['address']) =>
  [a.line1, a.line2, a.town, a.county, a.postcode].filter(Boolean).join(', ');

/** "23 units", "1 unit"; "1,000+ units" when the server stopped counting at its cap. */
const unitCount = ({ total_records: n, total_capped: capped }: ApiUnitsPage) =>
  `${formatNumber(n, 0)}${capped ? '+' : ''} unit${n === 1 && !capped ? '' : 's'}`;

/** Company users find a unit by unit, farm, main contact's last name or postcode, and open it. */
export default function UnitsListScreen() {
  const user = useSession((s) => s.user);
  const hideBadges = useBranding((s) => s.theme?.display.hideUnitBadges === true);
  const allowed = worksForACompany(user) && user.accessTo.listUnits === true;
  const { typed, setTyped, search, page, setPage } = useSearchPaging();
  const [opening, setOpening] = useState<number | null>(null);
  const navigate = useNavigate();

  // The list's query; its CSV export takes the same, so the file holds what the list does.
  const query = search ? { search } : {};
  const list = useApiPaged<ApiUnitListing, ApiUnitsPage>(
    allowed ? '/accounts/units' : null,
    { page, perPage: PER_PAGE },
    query,
  );

  if (!allowed) {
    return (
      <>
        <h1>Select Farm</h1>
        <p>Listing units needs a company account with permission to list units.</p>
      </>
    );
  }

  const open = async (unit: ApiUnitListing) => {
    setOpening(unit.unit_id);
    const account = useAccount.getState();
    try {
      if (await account.loadFarm(unit.farm_id)) {
        if (useAccount.getState().unit?.id !== unit.unit_id) account.selectUnit(unit.unit_id);
        void navigate(appPaths.home);
      }
    } catch (e) {
      reportError(e);
    } finally {
      setOpening(null);
    }
  };

  return (
    <>
      <h1>Select Farm</h1>
      <ListView
        read={list}
        what="The units"
        skeleton={{ shape: 'cards' }}
        empty={search ? `No units match “${search}”.` : 'There are no units to show.'}
        toolbar={
          <SearchBox
            label="Search units"
            value={typed}
            onChange={setTyped}
            placeholder="Unit, farm, contact surname or postcode"
          />
        }
        exports={{
          csv: { path: '/accounts/units.csv', params: query },
          print: true,
          what: 'units',
        }}
        perPage={PER_PAGE}
        onPageChange={setPage}
        pagesLabel="Units pages"
      >
        {(data) => (
          <>
            <p aria-live="polite" className={styles.count}>
              {unitCount(data)}
              {search ? ` matching “${search}”` : ''}
              {list.isValidating ? ' (updating…)' : ''}
            </p>
            <ul className={styles.list} aria-label="Units">
              {data.records.map((unit) => (
                <li key={unit.unit_id} className={styles.unit}>
                  <div>
                    <h2 className={styles.name}>{unit.unit_name}</h2>
                    <p className={styles.farm}>
                      {unit.farm_name} · {unit.main_contact_last_name}
                    </p>
                    <p className={styles.address}>{addressLine(unit.address)}</p>
                    {!hideBadges && (
                      <ul className={styles.badges} aria-label="Badges">
                        {unit.badges.map((badge) => (
                          <li key={`${badge.kind}:${badge.label}`} className={styles[badge.kind]}>
                            {badge.label}
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                  <Button
                    onClick={() => void open(unit)}
                    busy={opening === unit.unit_id}
                    busyLabel="Opening…"
                    disabled={opening !== null && opening !== unit.unit_id}
                    aria-label={`Open ${unit.unit_name}`}
                  >
                    Open
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </ListView>
    </>
  );
}
