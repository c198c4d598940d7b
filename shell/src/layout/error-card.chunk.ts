// The chunk lazy-error-card.tsx loads: the shared ErrorCard alone.
export { ErrorCard } from '@planta/ui';
