/** The shared confirmation (components/ConfirmModal.tsx); kept here so this feature's imports stay short. */
export { ConfirmModal } from '../../../components/ConfirmModal';
