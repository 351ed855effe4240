import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { euro } from '../../../lib/format';
import { isMine, type Me, type RoomDetails, type RoomState } from '../api/room';

/** What an ended auction came to, instead of the form. */
export function AuctionResult({ details: d, room, me }: { details: RoomDetails; room: RoomState; me: Me | null }) {
  const { t, i18n } = useTranslation('room');
  const lng = i18n.resolvedLanguage ?? 'en';
  const amount = (n: number) => euro(n, lng);
  let text: string;
  let variant = 'secondary';
  if (!room.top && !d.winner) text = t('result.noOffer');
  else if (room.reserveMet === false) text = t('result.unsold', { amount: amount(room.highest ?? d.winner?.amount ?? 0) });
  else if (room.top && isMine(room.top, me)) {
    text = t('result.won', { amount: amount(room.top.amount) });
    variant = 'success';
  } else {
    const company = d.winner?.companyName ?? room.top?.user.companyName ?? '';
    text = t('result.endedWith', { amount: amount(d.winner?.amount ?? room.highest ?? 0), company });
  }
  return (
    <Alert variant={variant} className="mt-3 mb-0" data-testid="result">
      {text}
    </Alert>
  );
}
