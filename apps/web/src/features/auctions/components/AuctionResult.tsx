import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { euro } from '../../../lib/format';
import { bidderName, isMine, type Me, type RoomDetails, type RoomState } from '../api/room';

/**
 * What an ended auction came to, instead of the form: the server's result once it has closed the lot
 * (`result`, `winner`), else what the offers held say. The winner is "You", its company for the
 * seller and the operator, else its pseudonym ("won by Bidder 3").
 */
export function AuctionResult({ details: d, room, me }: { details: RoomDetails; room: RoomState; me: Me | null }) {
  const { t, i18n } = useTranslation('room');
  const lng = i18n.resolvedLanguage ?? 'en';
  const amount = (n: number) => euro(n, lng);
  const winner = d.winner ?? (room.top && room.reserveMet !== false ? room.top : null);
  let text: string;
  let variant = 'secondary';
  if (d.result === 'NO_BIDS' || (!d.result && !room.top)) text = t('result.noOffer');
  else if (d.result === 'RESERVE_NOT_MET' || (!d.result && room.reserveMet === false)) text = t('result.unsold', { amount: amount(room.highest ?? 0) });
  else if (winner && isMine(winner, me)) {
    text = t('result.won', { amount: amount(winner.amount) });
    variant = 'success';
  } else text = t('result.wonBy', { amount: amount(winner?.amount ?? room.highest ?? 0), bidder: winner ? bidderName(winner, me, t) : '' });
  return (
    <Alert variant={variant} className="mt-3 mb-0" data-testid="result">
      {text}
    </Alert>
  );
}
