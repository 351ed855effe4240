import { useEffect, useState } from 'react';
import { Alert, Button, Form, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { NotificationPref } from '@primeur/shared';
import { useToast } from '../../../components/Toasts';
import { useNotificationPrefs, useSaveNotificationPrefs } from '../api/notification-prefs';

/** Profile tab: each auction alert kind on or off, in the app and by e-mail. */
export function NotificationsForm() {
  const { t } = useTranslation('alerts');
  const toast = useToast();
  const { data, isError } = useNotificationPrefs();
  const save = useSaveNotificationPrefs();
  const [prefs, setPrefs] = useState<NotificationPref[] | null>(null);
  useEffect(() => {
    if (data) setPrefs(data);
  }, [data]);

  if (isError) return <Alert variant="danger">{t('prefs.loadError')}</Alert>;
  if (!prefs) return <Spinner size="sm" />;
  const set = (kind: NotificationPref['kind'], field: 'inApp' | 'email', value: boolean) =>
    setPrefs((list) => list && list.map((p) => (p.kind === kind ? { ...p, [field]: value } : p)));

  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(prefs, {
          onSuccess: () => toast.show('dataModifiedSuccess', { message: t('prefs.saved') }),
          onError: () => toast.show('dataModifiedError', { message: t('prefs.error') }),
        });
      }}
      data-testid="notification-prefs"
    >
      <p className="text-body-secondary small">{t('prefs.intro')}</p>
      <Table size="sm" className="align-middle">
        <thead>
          <tr>
            <th>{t('prefs.kind')}</th>
            <th className="text-center">{t('prefs.inApp')}</th>
            <th className="text-center">{t('prefs.email')}</th>
          </tr>
        </thead>
        <tbody>
          {prefs.map((p) => (
            <tr key={p.kind}>
              <td>{t(`prefs.kinds.${p.kind}`)}</td>
              <td className="text-center">
                <Form.Check
                  type="switch"
                  role="switch"
                  id={`pref-${p.kind}-app`}
                  className="d-inline-block"
                  checked={p.inApp}
                  aria-label={`${t(`prefs.kinds.${p.kind}`)} — ${t('prefs.inApp')}`}
                  onChange={(e) => set(p.kind, 'inApp', e.currentTarget.checked)}
                />
              </td>
              <td className="text-center">
                <Form.Check
                  type="switch"
                  role="switch"
                  id={`pref-${p.kind}-email`}
                  className="d-inline-block"
                  checked={p.email}
                  aria-label={`${t(`prefs.kinds.${p.kind}`)} — ${t('prefs.email')}`}
                  onChange={(e) => set(p.kind, 'email', e.currentTarget.checked)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Button type="submit" disabled={save.isPending}>
        {t('prefs.save')}
      </Button>
    </Form>
  );
}
