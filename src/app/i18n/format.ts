/**
 * Display formatting lives in src/shared/money (docs/architecture.md): import it from there. These
 * re-exports keep the records screen's imports working until it moves over; nothing else uses them.
 */
export { formatDate, formatDateTime, formatMoney, formatNumber, formatTime } from '../../shared/money';
