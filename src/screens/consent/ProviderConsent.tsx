import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import type { ConsentProvider, ConsentState } from '../../../shared/consent/types.ts';
import { useDialogs } from '../../core/dialogs/dialog-store.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { Button } from '../../ui/Button.tsx';
import facts from '../../ui/facts/Facts.module.css';
import { DataTable, type Column } from '../../ui/table/DataTable.tsx';
import { changedWords, kindWords, stateWords } from './consent-words.ts';
import styles from './Consent.module.css';
import { Heading, type HeadingLevel } from './Heading.tsx';
import { ShareUntilDialog } from './ShareUntilDialog.tsx';
import { useConsentChoice } from './use-consent-choice.ts';

const stateClass = (state: ConsentState) =>
  state.shared ? styles.shared : state.lapsed ? styles.lapsed : styles.withheld;

const COLUMNS: Column<ConsentState>[] = [
  {
    key: 'data',
    header: 'Data',
    rowHeader: true,
    hideLabel: true,
    cell: (c) => (
      <>
        <span className={styles.title}>{c.title}</span>
        <span className={styles.description}>{c.description}</span>
      </>
    ),
  },
  {
    key: 'state',
    header: 'Shared?',
    cell: (c) => <span className={stateClass(c)}>{stateWords(c)}</span>,
  },
  { key: 'changed', header: 'Last changed', cell: changedWords },
];

/**
 * Focus back on the button that opened a dialog once the dialog has gone: while a modal dialog
 * is open the rest of the page is inert and cannot take the focus.
 */
function focusWhenFree(button: HTMLElement) {
  requestAnimationFrame(() => {
    if (button.isConnected) button.focus();
  });
}

interface ProviderConsentProps {
  unitId: number;
  consent: ConsentProvider;
  level: HeadingLevel;
  /** The provider as the server answered the farm's choice. */
  onSaved: (saved: ConsentProvider) => void;
}

/**
 * One provider whose plan the unit holds: what it is, its plans, the companies whose staff work
 * for it, and each category of the unit's data its plans cover, shared or not, with the farm's
 * choices: Stop sharing (after a confirm), Share again, and Share until… a day.
 */
export function ProviderConsent({ unitId, consent, level, onSaved }: ProviderConsentProps) {
  const headingId = useId();
  const { provider, plans, companies, categories } = consent;
  const { saving, send } = useConsentChoice(unitId, consent, onSaved);
  const [until, setUntil] = useState<ConsentState | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  // The Share until… dialog has closed: the focus goes back to the button that opened it.
  useEffect(() => {
    if (until === null && opener.current) {
      focusWhenFree(opener.current);
      opener.current = null;
    }
  }, [until]);

  const toggle = async (category: ConsentState, event: MouseEvent<HTMLButtonElement>) => {
    // The same button says Share again once the category is withheld, so the focus stays on it.
    const button = event.currentTarget;
    if (category.shared) {
      const confirmed = await useDialogs.getState().confirm({
        title: `Stop sharing ${category.title} with ${provider.name}?`,
        message: `${provider.name}'s staff will be refused ${category.title} of this unit from now on, until you share it again.`,
        confirmLabel: 'Stop sharing',
        style: 'warning',
      });
      if (!confirmed) {
        focusWhenFree(button);
        return;
      }
    }
    try {
      await send(category, { shared: !category.shared });
    } catch (e) {
      reportError(e);
    }
    focusWhenFree(button);
  };

  // Each button names its category and provider for screen readers, after its visible words.
  const about = (category: ConsentState) => (
    <span className="visually-hidden">
      {' '}
      {category.title} with {provider.name}
    </span>
  );

  return (
    <section className={styles.provider} aria-labelledby={headingId}>
      <Heading level={level} id={headingId} className={styles.providerName}>
        {provider.name}
      </Heading>
      <dl className={`${facts.facts} ${styles.facts}`}>
        <dt>Kind of organisation</dt>
        <dd>{kindWords(provider.kind)}</dd>
        <dt>{plans.length === 1 ? 'Plan' : 'Plans'} this unit holds</dt>
        <dd>{plans.map((p) => p.name).join('; ')}</dd>
        <dt>Staff from</dt>
        <dd>
          {companies.length === 0
            ? 'No company has staff on the portal for it yet'
            : companies.join('; ')}
        </dd>
      </dl>
      {categories.length === 0 ? (
        <p>{provider.name}&apos;s plans cover none of this unit&apos;s data.</p>
      ) : (
        <DataTable
          narrow="cards"
          caption={`What ${provider.name}'s staff may see`}
          columns={COLUMNS}
          rows={categories}
          rowKey={(c) => c.id}
          actionsLabel="Choices"
          actions={(category) => (
            <>
              <Button
                variant="secondary"
                className={styles.choice}
                busy={saving === category.id}
                busyLabel="Saving…"
                onClick={(e) => void toggle(category, e)}
              >
                {category.shared ? 'Stop sharing' : 'Share again'}
                {about(category)}
              </Button>
              <Button
                variant="secondary"
                className={styles.choice}
                onClick={(e) => {
                  opener.current = e.currentTarget;
                  setUntil(category);
                }}
              >
                Share until…{about(category)}
              </Button>
            </>
          )}
        />
      )}
      {until && (
        <ShareUntilDialog
          providerName={provider.name}
          category={until}
          onSend={(day) => send(until, { shared: true, until: day })}
          onClose={() => setUntil(null)}
        />
      )}
    </section>
  );
}
