import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { useAccount } from '../../core/account/account-store.ts';
import { ChooseUnitFirst } from '../../ui/ChooseUnitFirst.tsx';
import { ConsentSection } from './ConsentSection.tsx';
import { NotFoundNotice } from './NotFoundNotice.tsx';
import { FieldPage } from './FieldPage.tsx';
import { FieldsSection } from './FieldsSection.tsx';
import { ProfileSection } from './ProfileSection.tsx';

interface SectionProps {
  unitId: number;
  unitName: string;
}

/**
 * MiFarm's sections, in page order. Each reads its own part of the API; "Who sees my data" (issue
 * 20 point 3, the farm's consent to each provider) is the consent screen's own component.
 */
const SECTIONS: readonly { key: string; Section: ComponentType<SectionProps> }[] = [
  { key: 'profile', Section: ({ unitId }) => <ProfileSection unitId={unitId} /> },
  { key: 'fields', Section: FieldsSection },
  { key: 'consent', Section: ConsentSection },
];

/**
 * MiFarm (issue 20 point 2), the farm's own area: its profile, people and fields with their map,
 * and a field's page (/unit/mifarm/fields/:field). Rule `mifarm`: the farm's users, where the
 * plan includes MiFarm and the unit supports it.
 */
export default function MiFarmScreen() {
  const { field } = useParams();
  const unit = useAccount((s) => s.unit);
  if (!unit) return <ChooseUnitFirst title="MiFarm" />;
  if (field !== undefined) {
    const id = /^\d{1,9}$/.test(field) ? Number(field) : 0;
    if (id <= 0) return <NotFoundNotice />;
    return <FieldPage key={`${String(unit.id)}:${field}`} unitId={unit.id} fieldId={id} />;
  }
  return (
    <>
      <h1>MiFarm</h1>
      <p>
        Your farm as the portal knows it: its holdings, herds, people and fields, and who sees its
        data.
      </p>
      {SECTIONS.map(({ key, Section }) => (
        <Section key={`${key}:${String(unit.id)}`} unitId={unit.id} unitName={unit.name} />
      ))}
    </>
  );
}
