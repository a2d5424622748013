import { useState } from 'react';
import { MIN_PASSWORD_LENGTH, type ChangePasswordRequest } from '../../../shared/api.ts';
import { useAlerts } from '../../core/alerts/alert-store.ts';
import { apiPost } from '../../core/api/client.ts';
import { reportError } from '../../core/errors/report-error.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './MyAccount.module.css';

const EMPTY = { current: '', next: '', repeat: '' };

/**
 * Changing one's password. The server checks the current one and ends every other session of
 * the user; this session stays signed in.
 */
export default function ChangePasswordScreen() {
  const [fields, setFields] = useState(EMPTY);
  const [saving, setSaving] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [name]: e.target.value }));
    setMismatch(false);
  };

  const submit = async () => {
    if (fields.next !== fields.repeat) {
      setMismatch(true);
      return;
    }
    setSaving(true);
    try {
      const body: ChangePasswordRequest = {
        current_password: fields.current,
        new_password: fields.next,
      };
      await apiPost('/users/me/password', body);
      setFields(EMPTY);
      useAlerts
        .getState()
        .success(
          'Your password was changed. Any other sessions you had open have been logged out.',
        );
    } catch (e) {
      reportError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <h1>Change Password</h1>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className={styles.field}>
          <label htmlFor="current-password">Current password</label>
          <input
            id="current-password"
            type="password"
            autoComplete="current-password"
            required
            value={fields.current}
            onChange={set('current')}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="new-password">New password</label>
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            aria-describedby="new-password-hint"
            value={fields.next}
            onChange={set('next')}
          />
          <p id="new-password-hint" className={styles.hint}>
            At least {MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.
          </p>
        </div>
        <div className={styles.field}>
          <label htmlFor="repeat-password">Repeat the new password</label>
          <input
            id="repeat-password"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={mismatch}
            aria-describedby={mismatch ? 'repeat-password-error' : undefined}
            value={fields.repeat}
            onChange={set('repeat')}
          />
          {mismatch && (
            <p id="repeat-password-error" className={styles.error} role="alert">
              The two new passwords are not the same.
            </p>
          )}
        </div>
        <div>
          <Button type="submit" busy={saving} busyLabel="Changing…">
            Change password
          </Button>
        </div>
      </form>
    </>
  );
}
