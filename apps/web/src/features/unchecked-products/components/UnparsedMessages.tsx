import { Alert, Badge, Button, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/Toasts';
import { useParseAgain, useUnparsedMessages } from '../api/unparsed-messages';

/**
 * Received messages that could not be read (kept with the parser's error, decision 522) or are still
 * waiting to be read; a failed one can be read again. Shows nothing when there are none.
 */
export function UnparsedMessages() {
  const { t } = useTranslation('unchecked');
  const toast = useToast();
  const list = useUnparsedMessages();
  const again = useParseAgain();
  const messages = list.data ?? [];
  if (!messages.length) return null;
  return (
    <Alert variant="warning" data-testid="unparsed-messages">
      <Alert.Heading as="h2" className="h6">
        {t('unparsed.title', { count: messages.length })}
      </Alert.Heading>
      <ListGroup variant="flush">
        {messages.map((m) => (
          <ListGroup.Item key={m.id} className="bg-transparent px-0 d-flex gap-3 align-items-start" data-testid="unparsed-message">
            <div className="flex-grow-1">
              <div className="small text-body-secondary">
                {m.fromPhone ? t('fromWhatsapp', { phone: m.fromPhone }) : t('pasted')} ·{' '}
                <Badge bg={m.status === 'failed' ? 'danger' : 'secondary'}>{t(`unparsed.status.${m.status}`)}</Badge>
              </div>
              <pre className="mb-1 small text-wrap">{m.body}</pre>
              {m.error && <div className="small text-danger">{t('unparsed.error', { error: m.error })}</div>}
            </div>
            {m.status === 'failed' && (
              <Button
                size="sm"
                variant="outline-primary"
                disabled={again.isPending}
                onClick={() =>
                  again.mutate(m.id, {
                    onSuccess: () => toast.show('success', { message: t('unparsed.done') }),
                    onError: () => toast.show('dataModifiedError'),
                  })
                }
              >
                {t('unparsed.again')}
              </Button>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </Alert>
  );
}
