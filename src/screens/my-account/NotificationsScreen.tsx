import { useState } from 'react';
import { mutate } from 'swr';
import { NOTIFICATION_DEFAULTS, type NotificationSettings } from '../../../shared/api.ts';
import { useAccount } from '../../core/account/account-store.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { themeDisplayName } from '../../core/branding/theme-display-name.ts';
import { apiPut } from '../../core/api/client.ts';
import { useApi } from '../../core/api/use-api.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { useSession } from '../../core/session/session-store.ts';
import { worksForACompany } from '../../core/session/user.ts';
import { Button } from '../../ui/Button.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { LoadFailed } from '../../ui/errors/LoadFailed.tsx';
import styles from './MyAccount.module.css';

type Setting = keyof NotificationSettings;

const LABELS: Record<Setting, string> = {
  email_news: 'E-mail me when news is published',
  email_documents: 'E-mail me when a document is added to my farm',
  email_deadlines: 'E-mail me before a submission deadline',
  email_results: 'E-mail me when lab or QC results arrive',
  sms_urgent: 'Text me urgent notices (for example collection changes)',
  survey_reminders: 'Show me reminders to answer surveys in the portal',
};

const SETTINGS = Object.keys(NOTIFICATION_DEFAULTS) as Setting[];

/** The notices one provider sends the user: staff their own provider's, farms their plan's. */
export default function NotificationsScreen() {
  const user = useSession((s) => s.user);
  const plan = useAccount((s) => s.plan);
  const provider = worksForACompany(user)
    ? // The themes know each provider's organisation name (themes/<reference>/theme.json).
      user.provider && { id: user.provider.id, name: themeDisplayName(user.provider.reference) }
    : plan && { id: plan.provider_id, name: plan.provider_name };
  if (!provider) {
    return (
      <>
        <h1>Notification Settings</h1>
        <p>Choose a plan first: notices are set per provider.</p>
      </>
    );
  }
  return <ProviderNotifications key={provider.id} {...provider} />;
}

function ProviderNotifications({ id, name }: { id: number; name: string }) {
  const path = `/users/me/notifications/${String(id)}`;
  const {
    data,
    error,
    isValidating,
    mutate: retry,
  } = useApi<NotificationSettings>(path, undefined, {
    revalidateOnFocus: false,
  });
  if (error && !data) {
    return (
      <LoadFailed
        what="Your settings"
        error={error}
        onRetry={() => void retry()}
        retrying={isValidating}
      />
    );
  }
  if (!data) return <PageLoading />;
  return <SettingsForm path={path} providerName={name} stored={data} />;
}

function SettingsForm(props: { path: string; providerName: string; stored: NotificationSettings }) {
  const { path, providerName: name } = props;
  const [settings, setSettings] = useState(props.stored);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    try {
      const saved = await apiPut<NotificationSettings>(path, settings);
      setSettings(saved);
      void mutate([path, undefined], saved, { revalidate: false });
      useAlerts.getState().success('Your notification settings were saved.');
    } catch (e) {
      reportError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <h1>Notification Settings</h1>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className={styles.choices}>
          <legend>Notices from {name}</legend>
          {SETTINGS.map((setting) => (
            <label key={setting} className={styles.choice}>
              <input
                type="checkbox"
                checked={settings[setting]}
                onChange={(e) => setSettings({ ...settings, [setting]: e.target.checked })}
              />
              {LABELS[setting]}
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" busy={saving} busyLabel="Saving…">
            Save settings
          </Button>
        </div>
      </form>
    </>
  );
}
